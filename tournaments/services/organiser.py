"""The organiser's actions: start early, pause and resume, cancel, remove a player. Each checks
the role and writes its audit row in the same transaction."""

from django.db import transaction
from django.utils import timezone

from tournaments import broadcast, checks, errors
from tournaments.models import Entry, Tournament

from .common import active_entries, on_commit_dispatch, tell
from .registration import withdraw_entry

ADVANCE_TASK = "tournaments.tasks.advance"
OVER = (Tournament.Status.FINISHED, Tournament.Status.CANCELLED)


def _organised(tournament_id, by_user):
    tournament = checks.lock_tournament(tournament_id)
    checks.require_organiser(tournament, by_user)
    return tournament


def pause(tournament_id, by_user, reason=""):
    """No new pairings until resumed (games running go on; an arena's end does not move)."""
    with transaction.atomic():
        tournament = _organised(tournament_id, by_user)
        reason = checks.reason_text(reason)
        if tournament.status != Tournament.Status.RUNNING or tournament.paused:
            raise errors.WrongState()
        tournament.paused = True
        tournament.save(update_fields=["paused"])
        checks.audit(tournament, by_user, "pause_tournament", reason)
        broadcast.tournament_changed(tournament.pk)
    return tournament


def resume(tournament_id, by_user, reason=""):
    with transaction.atomic():
        tournament = _organised(tournament_id, by_user)
        reason = checks.reason_text(reason)
        if tournament.status != Tournament.Status.RUNNING or not tournament.paused:
            raise errors.WrongState()
        tournament.paused = False
        tournament.save(update_fields=["paused"])
        checks.audit(tournament, by_user, "resume_tournament", reason)
        broadcast.tournament_changed(tournament.pk)
        on_commit_dispatch(ADVANCE_TASK, (tournament.pk,))  # what waited is paired now
    return tournament


def cancel(tournament_id, by_user, reason=""):
    """The tournament ends without standings; games running go on as ordinary games."""
    now = timezone.now()
    with transaction.atomic():
        tournament = _organised(tournament_id, by_user)
        reason = checks.reason_text(reason)
        if tournament.status in OVER:
            raise errors.WrongState()
        tournament.status, tournament.finished_at = Tournament.Status.CANCELLED, now
        tournament.save(update_fields=["status", "finished_at"])
        checks.audit(tournament, by_user, "cancel_tournament", reason)
        tell(active_entries(tournament), "cancelled", tournament)
        broadcast.tournament_changed(tournament.pk)
    return tournament


def remove_player(tournament_id, by_user, username, reason=""):
    """Take a player out: before the start their registration goes; after it they are removed
    (their running game is left and lost, no more pairings, no way back)."""
    now = timezone.now()
    with transaction.atomic():
        tournament = _organised(tournament_id, by_user)
        reason = checks.reason_text(reason)
        user = checks.user_named(username)
        entry = (Entry.objects.select_for_update().select_related("user")
                 .filter(tournament=tournament, user=user).first())
        if entry is None or not entry.active:
            raise errors.NotRegistered()
        if tournament.status in OVER:
            raise errors.WrongState()
        checks.audit(tournament, by_user, "remove_player", reason, name=user.username)
        tell([entry], "removed", tournament)
        if tournament.status == Tournament.Status.REGISTRATION:
            entry.delete()
            broadcast.tournament_changed(tournament.pk)
        else:
            withdraw_entry(tournament, entry, Entry.Status.REMOVED, now)
    return entry
