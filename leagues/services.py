"""Every change to leagues happens here: leagues, members, seasons, rounds, fixtures, results.
(Over 400 lines: one service module per app until the services are split into a package.)
Invitations and the invite link are in leagues.invitations.

Organiser actions check the organiser role and write an AuditLog row in the same transaction.
Fixture games are created and ended only through `games.services` (the single writer of games);
a game's end reaches `record_game_result` through the `game_finished` signal (after its commit).
Bad input raises a `leagues.errors.LeagueError` and changes nothing.
"""

from datetime import UTC, datetime, timedelta
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from games import services as game_services
from games.errors import GameError
from games.models import Game
from games.outcome import competition_ranks, final_result

from . import broadcast, checks, errors, fixtures, standings
from .models import (
    Division,
    Entry,
    Fixture,
    FixturePlayer,
    Invitation,
    League,
    Member,
    Round,
    Season,
)
from .ratings import ratings_of

MAX_ROUND_HOURS = 90 * 24
# Consent (docs/leagues.md): an organiser picks the clock for every player of the league, and
# fixtures start when their round opens, whoever is at the board. So a league's clock must leave
# a human time to move: correspondence (at least a day per move) or none, and rounds of a day or
# more. A realtime clock would run from the round's opening, with nobody there.
LEAGUE_CLOCK_KINDS = ("correspondence", "none")
MIN_ROUND_HOURS = 24
MAX_DIVISIONS = 12
DEFAULT_CLOCK = {"kind": "correspondence", "days_per_move": 3}
# Planned dates an organiser sets are at most this far ahead.
MAX_PLANNING_DAYS = 2 * 365


is_organiser = checks.is_organiser  # the views and the API ask here


def _lock_fixture(fixture_id):
    """Lock a fixture in the documented order (docs/architecture.md, "Lock order"): its season,
    then its round, then the fixture. Deciding a fixture may close its round and end its season,
    which withdrawing a player locks first: locking upwards from the fixture could deadlock."""
    ids = Fixture.objects.filter(pk=fixture_id).values_list("round__season_id", "round_id").first()
    if ids is None:
        return None
    season_id, round_id = ids
    Season.objects.select_for_update().get(pk=season_id)
    Round.objects.select_for_update().get(pk=round_id)
    return (
        Fixture.objects.select_for_update()
        .select_related("round__season__league")
        .get(pk=fixture_id)
    )


# --- leagues ---------------------------------------------------------------------------------


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
            raise errors.Invalid(_('%(field)s must be a whole number in %(low)s..%(high)s') % {"field": field, "low": low, "high": high})
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
        checks.audit(league, user, "create_league", f"{user.username} created the league")
    return league


def join_league(league_id, user, code=None):
    """Become a player by one's own request: public leagues to anyone, invite-only ones with the
    invite link's code (personal invitations are accepted in leagues.invitations)."""
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
            league, by_user, "remove_player", f"removed {user.username}", reason, user=user.pk
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
        verb = "made" if organiser else "removed"
        summary = f"{verb} {user.username} {'an' if organiser else 'as'} organiser"
        checks.audit(
            league, by_user, "set_organiser", summary, reason, user=user.pk, organiser=organiser
        )
    return member


# --- seasons ---------------------------------------------------------------------------------


def _parse_time(value, field):
    """An aware datetime (naive ones are UTC, as the pages say) or None."""
    if value is None:
        return None
    parsed = value if isinstance(value, datetime) else None
    if isinstance(value, str):
        try:
            parsed = parse_datetime(value.strip())
        except ValueError:  # well formed but no such date, e.g. 2026-02-30
            parsed = None
    if parsed is None:
        raise errors.Invalid(_('%(field)s must be a date and time, e.g. 2026-12-24T18:00 (UTC)') % {"field": field})
    return parsed if timezone.is_aware(parsed) else timezone.make_aware(parsed, UTC)


def _planned_time(value, before, field, now):
    """A planned date: unchanged, or from now up to MAX_PLANNING_DAYS ahead."""
    value = _parse_time(value, field)
    if value is None or value == before:
        return value
    if value <= now:
        raise errors.Invalid(_('%(field)s must be in the future') % {"field": field})
    if value > now + timedelta(days=MAX_PLANNING_DAYS):
        raise errors.Invalid(_('%(field)s must be within %(max_planning_days)s days from now') % {"field": field, "max_planning_days": MAX_PLANNING_DAYS})
    return value


def update_season(season_id, by_user, *, registration_closes_at=None, starts_at=None):
    """The organiser sets the registration window and planned start of a season not yet started."""
    now = timezone.now()
    with transaction.atomic():
        season = checks.get_row(Season, season_id, "season", lock=True)
        checks.require_organiser(season.league, by_user)
        if season.status != Season.Status.REGISTRATION:
            raise errors.WrongState("the season has started")
        closes = _planned_time(
            registration_closes_at, season.registration_closes_at, "registration_closes_at", now
        )
        starts = _planned_time(starts_at, season.starts_at, "starts_at", now)
        if closes and starts and closes > starts:
            raise errors.Invalid(_("registration must close before the planned start"))
        season.registration_closes_at, season.starts_at = closes, starts
        season.save(update_fields=["registration_closes_at", "starts_at"])
        checks.audit(season.league, by_user, "update_season", f"set the dates of season {season.number}")
    return season


def start_season(season_id, by_user, now=None):
    """Put the players into divisions, generate every fixture and open round 1."""
    now = now or timezone.now()
    with transaction.atomic():
        season = checks.get_row(Season, season_id, "season", lock=True)
        league = season.league
        checks.require_organiser(league, by_user)
        if season.status != Season.Status.REGISTRATION:
            raise errors.WrongState("the season has already started")
        tiers = _assign_tiers(season, league)
        k = league.players_per_game
        rounds_needed = 0
        plans = {}
        for tier, entries in tiers.items():
            if len(entries) < k:
                raise errors.NotEnoughPlayers(
                    f"division {tier} has {len(entries)} players; {k} are needed"
                )
            division = Division.objects.create(
                season=season, tier=tier, name=_division_name(tier, len(tiers))
            )
            for entry in entries:
                entry.division = division
                entry.save(update_fields=["division"])
            # Seeded by rating: the schedule is a function of the order.
            ordered = [e.user_id for e in sorted(entries, key=lambda e: (-e.seed_rating, e.pk))]
            plans[division] = fixtures.schedule(ordered, k, league.cycles)
            rounds_needed = max(rounds_needed, len(plans[division]))
        rounds = [
            Round.objects.create(season=season, number=n) for n in range(1, rounds_needed + 1)
        ]
        for division, plan in plans.items():
            for round_, round_plan in zip(rounds, plan, strict=False):
                for group in round_plan.groups:
                    fixture = Fixture.objects.create(round=round_, division=division)
                    FixturePlayer.objects.bulk_create(
                        FixturePlayer(fixture=fixture, user_id=uid, order=i)
                        for i, uid in enumerate(group)
                    )
        season.status = Season.Status.RUNNING
        season.started_at = now
        season.save(update_fields=["status", "started_at"])
        checks.audit(
            league,
            by_user,
            "start_season",
            f"started season {season.number}: {_count(sum(len(t) for t in tiers.values()), 'player')}, "
            f"{_count(len(tiers), 'division')}, {_count(rounds_needed, 'round')}",
        )
        _open_round(rounds[0], now)
    return season


def _merge_small_tiers(groups, players_per_game):
    """{tier: entries} numbered 1.. after folding every group too small for one game into the
    division above it (the top one into the one below): players who left between seasons must
    not make a division unplayable."""
    groups = [list(g) for g in groups if g]
    index = 0
    while index < len(groups) and len(groups) > 1:
        if len(groups[index]) >= players_per_game:
            index += 1
            continue
        target = index - 1 if index > 0 else 1
        groups[target].extend(groups.pop(index))
        index = 0
    return {tier: group for tier, group in enumerate(groups, start=1)}


def _count(number, noun):
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _division_name(tier, count):
    return "Division" if count == 1 else f"Division {tier}"


def _assign_tiers(season, league):
    """{tier: [Entry]}: the previous season's planned tiers, else cut by rating."""
    user_ids = list(
        Member.objects.filter(league=league, is_player=True).values_list("user_id", flat=True)
    )
    ratings = ratings_of(user_ids, league.ruleset, league.players_per_game)
    planned = dict(season.entries.values_list("user_id", "planned_tier"))
    season.entries.exclude(user_id__in=user_ids).delete()  # left between seasons
    entries = []
    for uid in user_ids:
        entry, _created = Entry.objects.get_or_create(season=season, user_id=uid)
        entry.seed_rating = ratings[uid]
        entry.save(update_fields=["seed_rating"])
        entries.append(entry)
    if not entries:
        raise errors.NotEnoughPlayers("nobody plays in this league yet")

    if any(planned.get(e.user_id) for e in entries):
        # After promotion and relegation: newcomers start in the bottom division.
        bottom = max(tier for tier in planned.values() if tier)
        tiers = {}
        for entry in entries:
            tiers.setdefault(planned.get(entry.user_id) or bottom, []).append(entry)
        return _merge_small_tiers([tiers[t] for t in sorted(tiers)], league.players_per_game)

    count = min(league.divisions, max(1, len(entries) // league.players_per_game))
    ordered = sorted(entries, key=lambda e: (-e.seed_rating, e.pk))
    size, extra = divmod(len(ordered), count)
    tiers, start = {}, 0
    for tier in range(1, count + 1):
        end = start + size + (1 if tier <= extra else 0)
        tiers[tier] = ordered[start:end]
        start = end
    return tiers


# --- rounds and fixtures ---------------------------------------------------------------------


def _open_round(round_, now):
    """Open a round: its deadline starts, every fixture gets its table, started."""
    league = round_.season.league
    round_.status = Round.Status.OPEN
    round_.opened_at = now
    round_.deadline_at = now + timedelta(hours=league.round_hours)
    round_.save(update_fields=["status", "opened_at", "deadline_at"])
    broadcast.league_changed_after_commit(league.pk)
    withdrawn = set(
        Entry.objects.filter(season=round_.season, withdrawn=True).values_list("user_id", flat=True)
    )
    for fixture in round_.fixtures.select_for_update():
        fixture.deadline_at = round_.deadline_at
        fixture.forfeits = sorted(set(fixture.forfeits) | (withdrawn & set(_player_ids(fixture))))
        fixture.save(update_fields=["deadline_at", "forfeits"])
        _start_fixture(fixture, league, now)
    _close_round_if_done(round_, now)


def _player_ids(fixture):
    return [fp.user_id for fp in fixture.players.order_by("order")]


def _start_fixture(fixture, league, now):
    players = list(fixture.players.select_related("user").order_by("order"))
    playing = [fp.user for fp in players if fp.user_id not in fixture.forfeits]
    if len(playing) < 2:
        # Nobody to play against: decided now, the forfeiters last.
        _decide(fixture, {u.pk: 1 for u in playing}, {}, Fixture.DecidedBy.WITHDRAWAL, now)
        return
    clock = {
        "kind": league.clock_kind,
        "base_seconds": league.clock_base_seconds,
        "increment_seconds": league.clock_increment_seconds,
        "days_per_move": league.clock_days_per_move,
    }
    creator = playing[0]
    # Started at once, never open in the lobby: no open-table quota.
    table = game_services.create_table(
        creator,
        ruleset=league.ruleset,
        players=len(playing),
        variant=league.variant,
        rated=league.rated,
        clock=clock,
        enforce_quota=False,
    )
    for user in playing[1:]:
        game_services.join_table(table.pk, user, enforce_quota=False)
    game_services.start_table(table.pk, creator)
    fixture.table = table
    fixture.status = Fixture.Status.PLAYING
    fixture.save(update_fields=["table", "status"])


def _with_forfeits(fixture, places, scores):
    """Everyone of the fixture placed: players by their places, forfeiters after them all."""
    ids = _player_ids(fixture)
    forfeits = [uid for uid in ids if uid in fixture.forfeits]
    ranked = {uid: -place for uid, place in places.items() if uid not in forfeits}
    final = competition_ranks(ranked)
    for uid in forfeits:
        final[uid] = len(ranked) + 1
    for uid in ids:
        final.setdefault(uid, len(ids))  # a player the game did not know of: last
    return final, {uid: int(scores.get(uid, 0) or 0) for uid in ids}


def _decide(fixture, places, scores, decided_by, now, reason=""):
    places, scores = _with_forfeits(fixture, places, scores)
    fixture.result = {
        "places": {str(uid): place for uid, place in places.items()},
        "scores": {str(uid): score for uid, score in scores.items()},
    }
    fixture.decided_by = decided_by
    fixture.status = Fixture.Status.DONE
    fixture.closed_at = now
    if reason:
        fixture.override_reason = reason
    fixture.save()
    broadcast.league_changed_after_commit(fixture.round.season.league_id)


def _decided_by(game):
    """How a fixture whose game is over was decided: by the game, or by its abort."""
    if game.status == Game.Status.ABORTED:
        return Fixture.DecidedBy.ABORTED
    return Fixture.DecidedBy.GAME


def _game_places(fixture, game):
    """{user_id: place}, {user_id: score} of a finished game, by the seats' original players.

    The game's ranks put everyone who left last. A player a bot took over from at a deadline
    (league rule "bot") is ranked where the bot finished instead: the board's own ranking
    (`engine_ranks`, present when the game reached its natural end), with the players who
    left of their own accord still added to the fixture's forfeits.
    """
    result = game.result or {}
    seats = list(game.table.seats_in_order())
    ranks = result.get("ranks") or []
    if game.status == Game.Status.ABORTED:
        # The player who made no first move forfeits (the result ranks them last already).
        absent = {s.user_id for s in seats if s.player_index == result.get("aborted_by")}
        fixture.forfeits = sorted(set(fixture.forfeits) | absent)
    if fixture.bot_takeovers and result.get("engine_ranks"):
        ranks = result["engine_ranks"]
        quitters = {s.user_id for s in seats if s.left and s.user_id not in fixture.bot_takeovers}
        fixture.forfeits = sorted(set(fixture.forfeits) | quitters)
    scores = result.get("scores") or []
    places, points = {}, {}
    for seat in seats:
        if seat.player_index is None or seat.player_index >= len(ranks):
            continue
        places[seat.user_id] = ranks[seat.player_index]
        if seat.player_index < len(scores):
            points[seat.user_id] = scores[seat.player_index]
    return places, points


def record_game_result(game_id, now=None):
    """A fixture's game ended: record its result, close the round if it was the last one open.

    Called after the game's commit (signal); idempotent: a decided fixture is left alone.
    """
    now = now or timezone.now()
    fixture_id = (
        Fixture.objects.filter(table__game__pk=game_id).values_list("pk", flat=True).first()
    )
    if fixture_id is None:
        return False
    with transaction.atomic():
        fixture = _lock_fixture(fixture_id)
        if fixture.status != Fixture.Status.PLAYING:
            return False
        game = Game.objects.select_related("table").get(pk=game_id)
        if not game.is_over:
            return False
        places, scores = _game_places(fixture, game)
        _decide(fixture, places, scores, _decided_by(game), now)
        _close_round_if_done(fixture.round, now)
    return True


def _close_round_if_done(round_, now):
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.OPEN:
        return
    if round_.fixtures.exclude(status=Fixture.Status.DONE).exists():
        return
    round_.status = Round.Status.CLOSED
    round_.closed_at = now
    round_.save(update_fields=["status", "closed_at"])
    following = (
        Round.objects.filter(season=round_.season, number__gt=round_.number)
        .order_by("number")
        .first()
    )
    if following is not None:
        _open_round(following, now)
        return
    season = Season.objects.select_for_update().get(pk=round_.season_id)
    season.status = Season.Status.FINISHED
    season.finished_at = now
    season.save(update_fields=["status", "finished_at"])


def close_overdue_fixtures(now=None):
    """The beat task's service: apply the league's deadline rule to every overdue fixture.

    forfeit: the player to move loses the fixture now (last; the others by their boards) and
    leaves the game. bot: the player to move leaves the game and a bot plays on for them (the
    games' leaving policy: with 2 players that ends the game); the fixture takes the game's result.
    Returns how many fixtures were acted on.
    """
    now = now or timezone.now()
    ids = list(
        Fixture.objects.filter(status=Fixture.Status.PLAYING, deadline_at__lte=now).values_list(
            "pk", flat=True
        )
    )
    return sum(1 for fixture_id in ids if _close_overdue_fixture(fixture_id, now))


def _close_overdue_fixture(fixture_id, now):
    with transaction.atomic():
        fixture = _lock_fixture(fixture_id)
        # Re-check under the lock: the game may have ended or the deadline moved meanwhile.
        if fixture.status != Fixture.Status.PLAYING or fixture.deadline_at > now:
            return False
        # The game's lock (which guards its table and seats too), so no move lands meanwhile.
        game = (
            Game.objects.select_for_update(of=("self",))
            .select_related("table")
            .get(table=fixture.table_id)
        )
        if game.is_over:
            places, scores = _game_places(fixture, game)
            _decide(fixture, places, scores, _decided_by(game), now)
            _close_round_if_done(fixture.round, now)
            return True
        late_index = game.state["current_player"]
        late_seat = next(s for s in game.table.seats_in_order() if s.player_index == late_index)
        if late_seat.left:
            return False  # a bot plays this seat now: no human is late
        league = fixture.round.season.league
        if league.deadline_rule == League.DeadlineRule.FORFEIT:
            ranks = final_result(game.state, None, leavers=[late_index], ended_by="timeout")
            places = {
                s.user_id: ranks["ranks"][s.player_index]
                for s in game.table.seats_in_order()
                if s.player_index is not None
            }
            scores = {
                s.user_id: ranks["scores"][s.player_index]
                for s in game.table.seats_in_order()
                if s.player_index is not None
            }
            fixture.forfeits = sorted(set(fixture.forfeits) | {late_seat.user_id})
            _decide(fixture, places, scores, Fixture.DecidedBy.DEADLINE, now)
            _close_round_if_done(fixture.round, now)
        else:
            fixture.bot_takeovers = sorted(set(fixture.bot_takeovers) | {late_seat.user_id})
            fixture.save(update_fields=["bot_takeovers"])
        # Both rules: the late player leaves the game through the games' own service.
        game_services.leave_table(fixture.table_id, late_seat.user)
    return True


# --- organiser actions on a running season ---------------------------------------------------


def withdraw_player(season_id, by_user, username, reason):
    """Withdraw a player from a running season: each of their remaining fixtures is a forfeit."""
    now = timezone.now()
    with transaction.atomic():
        season = checks.get_row(Season, season_id, "season", lock=True)
        league = season.league
        checks.require_organiser(league, by_user)
        reason = checks.reason_text(reason)
        user = checks.user_named(username)
        if season.status != Season.Status.RUNNING:
            raise errors.WrongState("only a running season's players can be withdrawn")
        entry = Entry.objects.select_for_update().filter(season=season, user=user).first()
        if entry is None:
            raise errors.NotMember(_('%(username)s does not play this season') % {"username": user.username})
        if entry.withdrawn:
            raise errors.WrongState(f"{user.username} is already withdrawn")
        entry.withdrawn = True
        entry.withdrawn_at = now
        entry.save(update_fields=["withdrawn", "withdrawn_at"])
        checks.audit(
            league, by_user, "withdraw_player", f"withdrew {user.username}", reason, user=user.pk
        )
        to_leave = []
        remaining = (
            Fixture.objects.select_for_update()
            .filter(round__season=season, players__user=user)
            .exclude(status=Fixture.Status.DONE)
        )
        for fixture in remaining:
            fixture.forfeits = sorted(set(fixture.forfeits) | {user.pk})
            fixture.save(update_fields=["forfeits"])
            if fixture.status == Fixture.Status.PLAYING:
                to_leave.append(fixture.table_id)
        for table_id in to_leave:
            try:
                game_services.leave_table(table_id, user)
            except GameError:
                pass  # already out of that game
    return entry


def _fixture_for_organiser(fixture_id, by_user):
    fixture = _lock_fixture(checks.as_id(fixture_id, "fixture"))
    if fixture is None:
        raise errors.NotFound(_('no fixture %(fixture_id)s') % {"fixture_id": fixture_id})
    checks.require_organiser(fixture.round.season.league, by_user)
    return fixture


def override_result(fixture_id, by_user, places, reason):
    """Set a fixture's result by hand: places {username: place}, for every player of it."""
    now = timezone.now()
    with transaction.atomic():
        fixture = _fixture_for_organiser(fixture_id, by_user)
        reason = checks.reason_text(reason)
        if fixture.round.status == Round.Status.PENDING:
            raise errors.WrongState("the fixture's round has not opened")
        players = {
            fp.user.username.lower(): fp.user for fp in fixture.players.select_related("user")
        }
        if not isinstance(places, dict) or {str(k).lower() for k in places} != set(players):
            raise errors.Invalid(
                _('places must give a place to each of %(join)s') % {"join": ', '.join(sorted(players))}
            )
        clean = {}
        for name, place in places.items():
            if (
                isinstance(place, bool)
                or not isinstance(place, int)
                or not 1 <= place <= len(players)
            ):
                raise errors.Invalid(_('each place must be in 1..%(count)s') % {"count": len(players)})
            clean[players[str(name).lower()].pk] = place
        before = fixture.result
        scores = {int(k): v for k, v in ((fixture.result or {}).get("scores") or {}).items()}
        fixture.forfeits = []  # the organiser's places are the whole truth
        _decide(fixture, clean, scores, Fixture.DecidedBy.OVERRIDE, now, reason=reason)
        league = fixture.round.season.league
        checks.audit(
            league,
            by_user,
            "override_result",
            f"set the result of fixture {fixture.pk}: "
            + ", ".join(
                f"{name} {place}" for name, place in sorted(places.items(), key=lambda i: i[1])
            ),
            reason,
            fixture=fixture.pk,
            before=before,
            after=fixture.result,
        )
        _close_round_if_done(fixture.round, now)
    return fixture


def extend_deadline(fixture_id, by_user, until, reason):
    """Move a fixture's deadline later."""
    with transaction.atomic():
        fixture = _fixture_for_organiser(fixture_id, by_user)
        reason = checks.reason_text(reason)
        until = _parse_time(until, "until")
        if until is None:
            raise errors.Invalid(_("until is required"))
        if fixture.status == Fixture.Status.DONE:
            raise errors.WrongState("the fixture is decided")
        if until <= timezone.now() or (fixture.deadline_at and until <= fixture.deadline_at):
            raise errors.Invalid(_("the new deadline must be later than now and than the old one"))
        if until > timezone.now() + timedelta(hours=MAX_ROUND_HOURS):
            raise errors.Invalid(_('the new deadline must be within %(max_round_hours)s hours') % {"max_round_hours": MAX_ROUND_HOURS})
        before = fixture.deadline_at
        fixture.deadline_at = until
        fixture.save(update_fields=["deadline_at"])
        checks.audit(
            fixture.round.season.league,
            by_user,
            "extend_deadline",
            f"extended fixture {fixture.pk} to {until:%Y-%m-%d %H:%M} UTC",
            reason,
            fixture=fixture.pk,
            before=before.isoformat() if before else None,
            after=until.isoformat(),
        )
    return fixture


def close_season(season_id, by_user):
    """Close a finished season: promote the top k and relegate the bottom k of each division,
    and open the next season's registration with those divisions planned."""
    from .selectors import division_table

    with transaction.atomic():
        season = checks.get_row(Season, season_id, "season", lock=True)
        league = season.league
        checks.require_organiser(league, by_user)
        if season.status != Season.Status.FINISHED:
            raise errors.WrongState("only a finished season can be closed")
        divisions = list(season.division_set.order_by("tier"))
        last_tier = divisions[-1].tier if divisions else 1
        k = league.promotion
        planned, moves = {}, []
        for division in divisions:
            rows = [row for row in division_table(division) if not row.withdrawn]
            for index, row in enumerate(rows):
                tier = division.tier
                if index < k and tier > 1:
                    tier -= 1
                    moves.append(f"{row.username} up to {tier}")
                elif index >= len(rows) - k and tier < last_tier and index >= k:
                    tier += 1
                    moves.append(f"{row.username} down to {tier}")
                planned[row.user_id] = tier
        season.status = Season.Status.CLOSED
        season.save(update_fields=["status"])
        following = Season.objects.create(league=league, number=season.number + 1, previous=season)
        Entry.objects.bulk_create(
            Entry(season=following, user_id=uid, planned_tier=tier) for uid, tier in planned.items()
        )
        checks.audit(
            league,
            by_user,
            "close_season",
            f"closed season {season.number}" + (": " + "; ".join(moves) if moves else ""),
            moves=moves,
        )
    return following
