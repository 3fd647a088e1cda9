"""The limits of tournaments, and what several services share: the table options of a
tournament's games, a game started for a pairing, the news players hear."""

from datetime import timedelta

from django.db import transaction

from games import services as game_services
from notifications import inbox
from notifications.models import Notification
from tournaments import broadcast
from tournaments.models import Entry, Pairing, PairingPlayer, Tournament

MAX_PLAYERS = 256  # Swiss and knockout: a round is paired, and its pages shown, whole
# An arena keeps each player's score on their entry and pairs only who is free: it takes more
# (issue #40's 1,000-player arena, with room).
MAX_ARENA_PLAYERS = 2000
MAX_ROUNDS = 20
MIN_DURATION_MINUTES, MAX_DURATION_MINUTES = 3, 12 * 60  # a hyper-bullet arena to a half-day marathon
BEST_OF = (1, 3, 5, 7)
MIN_ROUND_HOURS, MAX_ROUND_HOURS = 24, 30 * 24
DEFAULT_ROUND_HOURS = 7 * 24
MAX_PLANNING_DAYS = 365
# A player who misses this many games (no first move: the game is aborted) is withdrawn.
NO_SHOW_LIMIT = 2
# Registered players hear of the start this long before it (the beat sweep sends it).
REMINDER_LEAD = timedelta(minutes=15)
# The fewest active players each format starts (and goes on) with: a multiplayer Swiss's
# smallest table is three (a round may still seat two at its last table: the pairing library).
MIN_PLAYERS = {Tournament.Format.SWISS: 2, Tournament.Format.MULTI_SWISS: 3,
               Tournament.Format.KNOCKOUT: 2, Tournament.Format.ARENA: 2}


def min_players(tournament):
    return MIN_PLAYERS[tournament.format]


def clock_of(tournament):
    return {
        "kind": tournament.clock_kind,
        "base_seconds": tournament.clock_base_seconds,
        "increment_seconds": tournament.clock_increment_seconds,
        "days_per_move": tournament.clock_days_per_move,
    }


def start_game(tournament, entries, now, *, round_=None, board=1, game_number=1, match=None,
               seed=None):
    """A pairing's game for `entries` in playing order (the first moves first), started at once
    as the tournament's organiser's table; its Pairing. The players hear it is ready after the
    commit."""
    game = game_services.start_arranged_table(
        tournament.created_by, [entry.user for entry in entries], seed=seed,
        ruleset=tournament.ruleset, variant=tournament.variant, rated=tournament.rated,
        clock=clock_of(tournament))
    deadline = None
    if tournament.clock_kind == "correspondence":
        # A Swiss round's games share its deadline; a knockout's each get round_hours.
        deadline = (round_.deadline_at if round_ is not None and round_.deadline_at else
                    now + timedelta(hours=tournament.round_hours))
    pairing = Pairing.objects.create(
        tournament=tournament, round=round_, board=board, game_number=game_number, match=match,
        table=game.table, deadline_at=deadline)
    PairingPlayer.objects.bulk_create(
        PairingPlayer(pairing=pairing, entry=entry, order=order)
        for order, entry in enumerate(entries))
    broadcast.game_ready(tournament, game, [e.user_id for e in entries if not e.user.is_bot])
    return pairing


def give_bye(tournament, entry, round_, board, points, match=None):
    pairing = Pairing.objects.create(
        tournament=tournament, round=round_, board=board, kind=Pairing.Kind.BYE, match=match,
        status=Pairing.Status.DONE, decided_by=Pairing.DecidedBy.BYE,
        finished_at=round_.started_at)
    PairingPlayer.objects.create(pairing=pairing, entry=entry, order=0, place=1, points=points,
                                 score=0)
    return pairing


def tell(entries, event, tournament, **params):
    """An inbox line for each human of `entries` (tournaments.texts words it): `event` is one of
    notifications.texts' tournament events."""
    for entry in entries:
        if entry.user.is_bot:
            continue
        inbox.notify(entry.user_id, Notification.Kind.TOURNAMENT_NEWS,
                     {"event": event, "tournament": tournament.name, **params},
                     f"/tournaments/{tournament.pk}/")


def active_entries(tournament, lock=False):
    entries = Entry.objects.filter(tournament=tournament, status=Entry.Status.ACTIVE)
    if lock:
        entries = entries.select_for_update()
    return list(entries.select_related("user").order_by("id"))


def on_commit_dispatch(task, args):
    """Queue a task for after the commit (kernel.dispatch: a worker, or eagerly embedded)."""
    from kernel import dispatch

    transaction.on_commit(lambda: dispatch.send(task, args), robust=True)
