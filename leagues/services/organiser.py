"""The organiser's actions on a running season: withdraw a player, override a result,
extend a deadline. Each checks the role and writes an AuditLog row in the same transaction."""

import contextlib
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import services as game_services
from games.errors import GameError
from leagues import checks, errors
from leagues.models import (
    Entry,
    Fixture,
    Round,
    Season,
)

from .common import MAX_ROUND_HOURS, lock_fixture
from .rounds import close_round_if_done, decide
from .seasons import parse_time


def withdraw_player(season_id, by_user, username, reason):
    """Withdraw a player from a running season: each of their remaining fixtures is a forfeit."""
    with transaction.atomic():
        season = checks.get_row(Season, season_id, "season", lock=True)
        checks.require_organiser(season.league, by_user)
        reason = checks.reason_text(reason)
        user = checks.user_named(username)
        return _withdraw(season, by_user, user, reason)


def withdraw_leaving_account(user):
    """Withdraw a player who deletes their account from every running season they play in (no
    organiser acts: the audit row names the player). Their remaining fixtures are forfeits."""
    season_ids = Entry.objects.filter(
        user=user, withdrawn=False, season__status=Season.Status.RUNNING
    ).values_list("season_id", flat=True)
    for season_id in list(season_ids):
        with transaction.atomic():
            season = checks.get_row(Season, season_id, "season", lock=True)
            if season.status == Season.Status.RUNNING:
                _withdraw(season, user, user, "account deleted")


def _withdraw(season, by_user, user, reason):
    now = timezone.now()
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
        season.league, by_user, "withdraw_player", reason, user=user.pk, name=user.username
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
        with contextlib.suppress(GameError):  # already out of that game
            game_services.leave_table(table_id, user)
    return entry


def _fixture_for_organiser(fixture_id, by_user):
    fixture = lock_fixture(checks.as_id(fixture_id, "fixture"))
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
        decide(fixture, clean, scores, Fixture.DecidedBy.OVERRIDE, now, reason=reason)
        league = fixture.round.season.league
        checks.audit(
            league,
            by_user,
            "override_result",
            reason,
            fixture=fixture.pk,
            places=sorted(places.items(), key=lambda i: i[1]),
            before=before,
            after=fixture.result,
        )
        close_round_if_done(fixture.round, now)
    return fixture


def extend_deadline(fixture_id, by_user, until, reason):
    """Move a fixture's deadline later."""
    with transaction.atomic():
        fixture = _fixture_for_organiser(fixture_id, by_user)
        reason = checks.reason_text(reason)
        until = parse_time(until, "until")
        if until is None:
            raise errors.Invalid(_("until is required"))
        if fixture.status == Fixture.Status.DONE:
            raise errors.WrongState("the fixture is decided")
        if until <= timezone.now() or (fixture.deadline_at and until <= fixture.deadline_at):
            raise errors.Invalid(_("the new deadline must be later than now and than the old one"))
        if until > timezone.now() + timedelta(hours=MAX_ROUND_HOURS):
            raise errors.Invalid(
                _('the new deadline must be within %(max_round_hours)s hours') % {"max_round_hours": MAX_ROUND_HOURS}
            )
        before = fixture.deadline_at
        fixture.deadline_at = until
        fixture.save(update_fields=["deadline_at"])
        checks.audit(
            fixture.round.season.league,
            by_user,
            "extend_deadline",
            reason,
            fixture=fixture.pk,
            before=before.isoformat() if before else None,
            after=until.isoformat(),
        )
    return fixture
