"""A tournament's life on its own: reminders before the start, the start at `starts_at` (or
when its organiser starts it early), with its first pairing in the same transaction, and the
beat's sweep that catches up with everything due (docs/tournaments.md, "Lifecycle")."""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from tournaments import broadcast, checks, errors, selectors
from tournaments.models import Tournament
from tournaments.ratings import seed_rating

from .arena import advance_arena
from .common import REMINDER_LEAD, active_entries, min_players, tell
from .knockout import start_bracket
from .progress import advance, close_overdue_pairings, settle_results
from .swiss import pair_round

Format = Tournament.Format


def start_tournament(tournament_id, now=None, *, by_user=None):
    """Start a tournament whose time has come (the task at `starts_at`, the sweep), or at once
    for its organiser (`by_user`): seeds from the players' current ratings, then the first
    round (a Swiss's round 1, the knockout's bracket, the arena's first pairs). Too few players
    at the time: cancelled (the organiser is refused instead). True if it started."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = checks.lock_tournament(tournament_id)
        broadcast.readies_first()  # the first round's players hear it before the games' news
        if by_user is not None:
            checks.require_organiser(tournament, by_user)
            if tournament.status != Tournament.Status.REGISTRATION:
                raise errors.WrongState()
        elif tournament.status != Tournament.Status.REGISTRATION or tournament.starts_at > now:
            return False
        entries = active_entries(tournament, lock=True)
        needed = min_players(tournament)
        if len(entries) < needed:
            if by_user is not None:
                raise errors.NotEnoughPlayers()
            tournament.status, tournament.finished_at = Tournament.Status.CANCELLED, now
            tournament.save(update_fields=["status", "finished_at"])
            checks.audit(tournament, None, "not_enough_players", players=len(entries),
                         needed=needed)
            tell(entries, "cancelled", tournament)
            broadcast.tournament_changed(tournament.pk)
            return False
        for entry in entries:
            entry.seed_rating = seed_rating(entry.user, tournament.ruleset,
                                            tournament.players_per_game)
            entry.save(update_fields=["seed_rating"])
        tournament.status, tournament.started_at = Tournament.Status.RUNNING, now
        if tournament.format == Format.ARENA:
            tournament.ends_at = now + timedelta(minutes=tournament.duration_minutes)
        tournament.save(update_fields=["status", "started_at", "ends_at"])
        checks.audit(tournament, by_user, "start_tournament", players=len(entries))
        tell(entries, "started", tournament)
        if tournament.format == Format.KNOCKOUT:
            start_bracket(tournament, entries, now)
        elif tournament.format == Format.ARENA:
            advance_arena(tournament, now)
        else:
            pair_round(tournament, 1, now)
        broadcast.tournament_changed(tournament.pk)
    return True


def send_reminders(now=None):
    """Tell the registered players of each tournament starting within REMINDER_LEAD, once."""
    now = now or timezone.now()
    sent = 0
    for tournament_id in selectors.due_reminders(now, REMINDER_LEAD):
        with transaction.atomic():
            tournament = checks.lock_tournament(tournament_id)
            if (tournament.status != Tournament.Status.REGISTRATION
                    or tournament.reminded_at is not None):
                continue
            tell(active_entries(tournament), "starts_soon", tournament,
                 starts_at=tournament.starts_at.isoformat())
            tournament.reminded_at = now
            tournament.save(update_fields=["reminded_at"])
            sent += 1
    return sent


def sweep(now=None):
    """The beat task's service, the safety net of every task: reminders, starts due, the
    correspondence deadlines, every running tournament's finished games decided (a result whose
    task was lost or died), and every running tournament advanced (a pairing that died before
    its commit, an arena's free players, an arena's end)."""
    now = now or timezone.now()
    done = {"reminded": send_reminders(now), "started": 0, "deadlines": 0, "settled": 0,
            "advanced": 0}
    for tournament_id in selectors.due_to_start(now):
        done["started"] += start_tournament(tournament_id, now)
    done["deadlines"] = close_overdue_pairings(now)
    for tournament_id in selectors.running_ids():
        # Results whose task was lost or died; none of its work while a result's task settles.
        done["settled"] += settle_results(tournament_id, now)
        done["advanced"] += advance(tournament_id, now)
    return done
