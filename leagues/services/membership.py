"""Leagues and their members: create, join, leave, remove a player, name organisers."""

from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import services as game_services
from games.errors import GameError
from leagues import broadcast, checks, errors, standings
from leagues.models import (
    Invitation,
    League,
    Member,
    Season,
)

from .common import (
    DEFAULT_CLOCK,
    LEAGUE_CLOCK_KINDS,
    MAX_DIVISIONS,
    MAX_ROUND_HOURS,
    MIN_ROUND_HOURS,
)


def _points_table(value, players_per_game):
    if value is None:
        value = {}
    if isinstance(value, list):
        value = {str(players_per_game): value}
    if not isinstance(value, dict):
        raise errors.Invalid(_("points_per_place must be a list, or an object by players per game"))
    table = {
        size: list(points)
        for size, points in League._meta.get_field("points_per_place").get_default().items()
    }
    for size, points in value.items():
        if str(size) not in ("2", "3", "4"):
            raise errors.Invalid(_("points_per_place keys must be 2, 3 or 4"))
        if (
            not isinstance(points, list)
            or len(points) != int(size)
            or any(isinstance(p, bool) or not isinstance(p, int) or p < 0 for p in points)
        ):
            raise errors.Invalid(_('points_per_place[%(size)s] must be %(size)s whole numbers >= 0') % {"size": size})
        if points != sorted(points, reverse=True):
            raise errors.Invalid(_("points_per_place must not increase with the place"))
        table[str(size)] = points
    return table


def validate_league_options(
    *,
    name,
    description="",
    visibility="public",
    ruleset="classic",
    players_per_game=None,
    variant="standard",
    rated=False,
    clock=None,
    points_per_place=None,
    draw_points=None,
    tie_breaks=None,
    cycles=1,
    deadline_rule="forfeit",
    round_hours=7 * 24,
    divisions=1,
    promotion=1,
):
    """Check and normalise a new league's options; raise errors.Invalid naming the field."""
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= 80:
        raise errors.Invalid(_("name must be 1 to 80 characters"))
    if not isinstance(description, str) or len(description) > 4000:
        raise errors.Invalid(_("description must be text of at most 4000 characters"))
    if visibility not in League.Visibility.values:
        raise errors.Invalid(_("visibility must be public or invite"))
    clock = dict(clock or DEFAULT_CLOCK)
    if players_per_game is None and ruleset == "classic":
        players_per_game = 2
    try:
        table = game_services.validate_table_options(
            players=players_per_game, ruleset=ruleset, variant=variant, rated=rated, clock=clock
        )
    except GameError as exc:
        raise errors.Invalid(exc.detail.replace("players must", "players_per_game must")) from None
    if table["clock_kind"] not in LEAGUE_CLOCK_KINDS:
        raise errors.Invalid(
            _("a league cannot use a realtime clock: its games start when a round opens, before "
            "anyone is at the board. Use a correspondence clock (1 to 30 days per move) or none")
        )
    if draw_points is not None:
        try:
            draw_points = Decimal(str(draw_points))
        except InvalidOperation:
            raise errors.Invalid(_("draw_points must be a number")) from None
        if isinstance(draw_points, bool) or not 0 <= draw_points <= 100:
            raise errors.Invalid(_("draw_points must be between 0 and 100"))
    tie_breaks = list(tie_breaks) if tie_breaks is not None else list(standings.TIE_BREAKS)
    if (
        not tie_breaks
        or any(t not in standings.TIE_BREAKS for t in tie_breaks)
        or len(set(tie_breaks)) != len(tie_breaks)
    ):
        raise errors.Invalid(
            _('tie_breaks must be distinct entries of %(join)s') % {"join": ', '.join(standings.TIE_BREAKS)}
        )
    for field, value, low, high in (
        ("cycles", cycles, 1, 2),
        ("round_hours", round_hours, MIN_ROUND_HOURS, MAX_ROUND_HOURS),
        ("divisions", divisions, 1, MAX_DIVISIONS),
        ("promotion", promotion, 0, 10),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise errors.Invalid(
                _('%(field)s must be a whole number in %(low)s..%(high)s') % {"field": field, "low": low, "high": high}
            )
    if deadline_rule not in League.DeadlineRule.values:
        raise errors.Invalid(_("deadline_rule must be forfeit or bot"))
    return {
        "name": name.strip(),
        "description": description,
        "visibility": visibility,
        "ruleset": table["ruleset"],
        "players_per_game": table["players"],
        "variant": table["variant"],
        "rated": table["rated"],
        "clock_kind": table["clock_kind"],
        "clock_base_seconds": table["clock_base_seconds"],
        "clock_increment_seconds": table["clock_increment_seconds"],
        "clock_days_per_move": table["clock_days_per_move"],
        "points_per_place": _points_table(points_per_place, table["players"]),
        "draw_points": draw_points,
        "tie_breaks": tie_breaks,
        "cycles": cycles,
        "deadline_rule": deadline_rule,
        "round_hours": round_hours,
        "divisions": divisions,
        "promotion": promotion,
    }


def create_league(user, *, play=True, **options):
    """A new league organised by `user` (who also plays unless play=False), with season 1 open."""
    checks.require_user(user)
    if getattr(user, "is_bot", False):
        raise errors.Forbidden(_("bots do not organise leagues"))
    clean = validate_league_options(**options)
    with transaction.atomic():
        league = League.objects.create(created_by=user, invite_code=checks.new_invite_code(), **clean)
        Member.objects.create(league=league, user=user, is_organiser=True, is_player=play)
        Season.objects.create(league=league, number=1)
        checks.audit(league, user, "create_league", name=user.username)
    return league


def join_league(league_id, user, code=None):
    """Become a player by one's own request: public leagues to anyone, invite-only ones with the
    invite link's code (personal invitations are accepted in leagues.services.invitations)."""
    checks.require_user(user)
    if getattr(user, "is_bot", False):
        raise errors.Forbidden(_("bots do not join leagues"))
    with transaction.atomic():
        league = checks.get_row(League, league_id, "league", lock=True)
        if league.visibility == League.Visibility.INVITE and not checks.invite_code_matches(league, code):
            raise errors.InvalidInvite()
        member = make_player(league, user)
    return member


def make_player(league, user, now=None):
    """Under the league's lock: `user`, who asked or accepted, becomes a player; a pending
    invitation of theirs is answered by it."""
    check_registration(league)
    member, _created = Member.objects.get_or_create(league=league, user=user)
    if member.is_player:
        raise errors.AlreadyMember()
    member.is_player = True
    member.save(update_fields=["is_player"])
    Invitation.objects.filter(league=league, user=user, status=Invitation.Status.PENDING).update(
        status=Invitation.Status.ACCEPTED, answered_at=now or timezone.now()
    )
    broadcast.league_changed_after_commit(league.pk)
    return member


def check_registration(league, now=None):
    season = league.seasons.order_by("-number").first()
    if season is None or season.status != Season.Status.REGISTRATION:
        return  # between seasons: joining counts for the next one
    now = now or timezone.now()
    if season.registration_closes_at and now > season.registration_closes_at:
        raise errors.RegistrationClosed()


def leave_league(league_id, user):
    """Stop playing in future seasons (a running season needs an organiser's withdrawal)."""
    checks.require_user(user)
    with transaction.atomic():
        league = checks.get_row(League, league_id, "league", lock=True)
        member = Member.objects.filter(league=league, user=user, is_player=True).first()
        if member is None:
            raise errors.NotMember()
        member.is_player = False
        member.save(update_fields=["is_player"])
        broadcast.league_changed_after_commit(league.pk)
    return member


def remove_player(league_id, by_user, username, reason=""):
    """Take a player out of future seasons; in a running season use withdraw_player too."""
    with transaction.atomic():
        league = checks.get_row(League, league_id, "league", lock=True)
        checks.require_organiser(league, by_user)
        reason = checks.reason_text(reason, required=False)
        user = checks.user_named(username)
        member = Member.objects.filter(league=league, user=user, is_player=True).first()
        if member is None:
            raise errors.NotMember()
        member.is_player = False
        member.save(update_fields=["is_player"])
        checks.audit(
            league, by_user, "remove_player", reason, user=user.pk, name=user.username
        )
    return member


def set_organiser(league_id, by_user, username, organiser=True, reason=""):
    """Make a user a co-organiser (or no longer one). A league always keeps one organiser."""
    if not isinstance(organiser, bool):
        raise errors.Invalid(_("organiser must be true or false"))
    with transaction.atomic():
        league = checks.get_row(League, league_id, "league", lock=True)
        checks.require_organiser(league, by_user)
        reason = checks.reason_text(reason, required=False)
        user = checks.user_named(username)
        if user.is_bot:
            raise errors.Invalid(_("bots do not organise leagues"))
        member, _created = Member.objects.get_or_create(league=league, user=user)
        if member.is_organiser == organiser:
            raise errors.WrongState(
                f"{user.username} is {'already' if organiser else 'not'} an organiser"
            )
        if not organiser and league.members.filter(is_organiser=True).count() == 1:
            raise errors.WrongState("a league needs at least one organiser")
        member.is_organiser = organiser
        member.save(update_fields=["is_organiser"])
        checks.audit(
            league, by_user, "set_organiser", reason, user=user.pk, name=user.username,
            organiser=organiser,
        )
    return member
