"""A new tournament: its options checked in one place, the row written, its start scheduled."""

from datetime import UTC, datetime, timedelta

from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from games import services as game_services
from games.errors import GameError
from kernel import dispatch
from tournaments import broadcast, checks, errors
from tournaments.models import Tournament

from .common import (
    BEST_OF,
    DEFAULT_ROUND_HOURS,
    MAX_ARENA_PLAYERS,
    MAX_DURATION_MINUTES,
    MAX_PLANNING_DAYS,
    MAX_PLAYERS,
    MAX_ROUND_HOURS,
    MAX_ROUNDS,
    MIN_DURATION_MINUTES,
    MIN_ROUND_HOURS,
)

START_TASK = "tournaments.tasks.start_tournament"
Format = Tournament.Format
SWISS_FORMATS = (Format.SWISS, Format.MULTI_SWISS)


def parse_time(value, field):
    """An aware datetime (naive ones are UTC) or Invalid."""
    parsed = value if isinstance(value, datetime) else None
    if isinstance(value, str):
        try:
            parsed = parse_datetime(value.strip())
        except ValueError:
            parsed = None
    if parsed is None:
        raise errors.Invalid(_("%(field)s must be a date and time, e.g. 2026-12-24T18:00Z")
                             % {"field": field}, field=field)
    return parsed if timezone.is_aware(parsed) else timezone.make_aware(parsed, UTC)


def _whole(value, field, low, high):
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise errors.Invalid(_("%(field)s must be a whole number in %(low)s..%(high)s")
                             % {"field": field, "low": low, "high": high}, field=field)
    return value


def _placement_points(value, table_size):
    """The points of each place at a table (first place first), or None for the library's."""
    if value is None:
        return None
    if (not isinstance(value, list) or len(value) != table_size
            or any(isinstance(p, bool) or not isinstance(p, int | float) or not 0 <= p <= 100
                   for p in value)):
        raise errors.Invalid(_("placement_points must be %(size)s numbers in 0..100, first "
                               "place first") % {"size": table_size},
                             field="placement_points")
    if list(value) != sorted(value, reverse=True):
        raise errors.Invalid(_("placement_points must not increase with the place"),
                             field="placement_points")
    return [float(p) for p in value]


def validate_options(*, name, starts_at, format=Format.SWISS, description="",
                     visibility="public", password="", ruleset="classic", players_per_game=None,
                     variant="standard", rated=False, bots_allowed=False, clock=None,
                     max_players=64, rounds=None, duration_minutes=None, best_of=1,
                     round_hours=None, duplicate_deals=False, placement_points=None, now=None):
    """Check and normalise a new tournament's options; raise tournaments.errors naming the field."""
    now = now or timezone.now()
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= 80:
        raise errors.Invalid(_("name must be 1 to 80 characters"), field="name")
    if not isinstance(description, str) or len(description) > 2000:
        raise errors.Invalid(_("description must be text of at most 2000 characters"),
                             field="description")
    if format not in Format.values:
        raise errors.Invalid(_("format must be one of %(formats)s")
                             % {"formats": ", ".join(Format.values)}, field="format")
    if visibility not in Tournament.Visibility.values:
        raise errors.Invalid(_("visibility must be public or invite"), field="visibility")
    if not isinstance(password, str) or len(password) > 128:
        raise errors.Invalid(_("password must be text of at most 128 characters"),
                             field="password")
    for field, value in (("rated", rated), ("bots_allowed", bots_allowed),
                         ("duplicate_deals", duplicate_deals)):
        if not isinstance(value, bool):
            raise errors.Invalid(_("%(field)s must be true or false") % {"field": field},
                                 field=field)
    if rated and bots_allowed:
        raise errors.BotsNotAllowedRated()
    if players_per_game is None:
        players_per_game = 3 if format == Format.MULTI_SWISS else 2
    if format == Format.MULTI_SWISS and players_per_game not in (3, 4):
        raise errors.Invalid(_("a multiplayer Swiss plays at tables of 3 or 4"),
                             field="players_per_game")
    if format != Format.MULTI_SWISS and players_per_game != 2:
        raise errors.Invalid(_("this format plays two players a game"), field="players_per_game")
    try:
        table = game_services.validate_table_options(
            players=players_per_game, ruleset=ruleset, variant=variant, rated=rated, clock=clock)
    except GameError as error:
        raise errors.Invalid(error.detail) from None  # the game, its seats or its clock
    kind = table["clock_kind"]
    if kind == "none":
        raise errors.Invalid(_("a tournament's games need a clock: realtime or correspondence"),
                             field="clock")
    if format == Format.ARENA and kind != "realtime":
        raise errors.Invalid(_("an arena is played with a realtime clock"), field="clock")
    max_players = _whole(max_players, "max_players", 2,
                         MAX_ARENA_PLAYERS if format == Format.ARENA else MAX_PLAYERS)
    if max_players < players_per_game:
        raise errors.Invalid(_("max_players must fill at least one table"), field="max_players")
    if format in SWISS_FORMATS:
        rounds = _whole(5 if rounds is None else rounds, "rounds", 1, MAX_ROUNDS)
    elif rounds is not None:
        raise errors.Invalid(_("rounds are for the Swiss formats"), field="rounds")
    if format == Format.ARENA:
        duration_minutes = _whole(60 if duration_minutes is None else duration_minutes,
                                  "duration_minutes", MIN_DURATION_MINUTES, MAX_DURATION_MINUTES)
    elif duration_minutes is not None:
        raise errors.Invalid(_("duration_minutes is for an arena"), field="duration_minutes")
    if best_of not in BEST_OF or (best_of != 1 and format != Format.KNOCKOUT):
        raise errors.Invalid(_("best_of must be 1, 3, 5 or 7, and more than 1 only in a knockout"),
                             field="best_of")
    if kind == "correspondence":
        round_hours = _whole(DEFAULT_ROUND_HOURS if round_hours is None else round_hours,
                             "round_hours", MIN_ROUND_HOURS, MAX_ROUND_HOURS)
    elif round_hours is not None:
        raise errors.Invalid(_("round_hours is for correspondence tournaments"), field="round_hours")
    if duplicate_deals and format not in SWISS_FORMATS:
        raise errors.Invalid(_("duplicate deals are for the Swiss formats"), field="duplicate_deals")
    if format == Format.MULTI_SWISS:
        placement_points = _placement_points(placement_points, players_per_game)
    elif placement_points is not None:
        raise errors.Invalid(_("placement_points are for a multiplayer Swiss"),
                             field="placement_points")
    starts_at = parse_time(starts_at, "starts_at")
    if starts_at < now - timedelta(minutes=1) or starts_at > now + timedelta(days=MAX_PLANNING_DAYS):
        raise errors.Invalid(_("starts_at must be from now to %(days)s days ahead")
                             % {"days": MAX_PLANNING_DAYS}, field="starts_at")
    return {
        "name": name.strip(), "description": description, "format": format,
        "visibility": visibility, "password": make_password(password) if password else "",
        "ruleset": table["ruleset"], "players_per_game": table["players"],
        "variant": table["variant"], "rated": rated, "bots_allowed": bots_allowed,
        "clock_kind": kind, "clock_base_seconds": table["clock_base_seconds"],
        "clock_increment_seconds": table["clock_increment_seconds"],
        "clock_days_per_move": table["clock_days_per_move"], "max_players": max_players,
        "rounds": rounds, "duration_minutes": duration_minutes, "best_of": best_of,
        "round_hours": round_hours, "duplicate_deals": duplicate_deals,
        "placement_points": placement_points, "starts_at": starts_at,
    }


def create_tournament(user, **options):
    """A new tournament organised by `user` (who plays only by joining it), open for
    registration; its start is scheduled at `starts_at` (a task at that moment, and the beat
    sweep as the safety net)."""
    checks.require_user(user)
    if user.is_bot:
        raise errors.Forbidden(_("bots do not organise tournaments"))
    clean = validate_options(**options)
    with transaction.atomic():
        tournament = Tournament.objects.create(
            created_by=user,
            invite_code=checks.new_invite_code()
            if clean["visibility"] == Tournament.Visibility.INVITE else None,
            **clean)
        checks.audit(tournament, user, "create_tournament", name=user.username)
        eta = tournament.starts_at
        transaction.on_commit(lambda: dispatch.at(START_TASK, (tournament.pk,), eta=eta))
        broadcast.tournament_changed(tournament.pk)
    return tournament
