"""What follows a committed change of a game or table: the after-commit fan-out.

Every service that changes a game calls `game_changed` inside its transaction with what it did
(a `GameChange`: rows and the engine's account, no JSON); nothing here runs unless the
transaction commits, and the views sent to sockets are built then, outside the lock. In order:
the game's state to its sockets, `game_changed` for the listeners (notifications), the lobby if
the table changed, then either the end hooks (`game_finished`: ratings, leagues) or the next bot
turn and the clock check.
"""

from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from kernel import dispatch

from . import broadcast, selectors
from .models import Game, MoveRecord
from .signals import game_changed as game_changed_signal
from .signals import game_finished
from .signals import seat_left as seat_left_signal

# Per-turn clock tasks are only scheduled this close to the deadline (time scrambles, short
# banks); the beat task (every 2 s) covers the rest. Publishing a task on every move cost more
# CPU than the move's own engine work, and a Redis broker redelivers far-future ETA tasks after
# its visibility timeout anyway.
CLOCK_TASK_HORIZON = timedelta(seconds=30)
PLAY_BOT_TURN = "games.tasks.play_bot_turn"
ENFORCE_GAME_CLOCK = "games.tasks.enforce_game_clock"


def table_changed(table_id):
    """The lobby hears of the table (and the fresh list of open tables) after commit."""
    broadcast.lobby_after_commit(table_id)


@dataclass(frozen=True)
class GameChange:
    """A game as a service left it: what the views of it are built from (games.payloads.view_for).
    `last_move`: the latest MoveRecord (None: none yet); `engine_state`: game.state decoded, and
    `account`: what the engine said the move did (engine.apply_scored), when the service has them."""

    game: Game
    last_move: MoveRecord | None = None
    engine_state: object = None
    account: dict | None = None


def game_changed(change, *, table_changed):
    """Queue what must follow a committed `change` (a GameChange): broadcast, bot turn, clock
    check, end hooks."""
    game = change.game
    transaction.on_commit(lambda: broadcast.send_game_state(change))
    _announce_change(game)
    if table_changed:
        # A game's start takes its table off the open list; its end (the table was playing) only
        # changes the table: every lobby socket would get the same list again.
        broadcast.lobby_after_commit(game.table_id, open_tables_changed=not game.is_over)
    if game.is_over:
        ended = {"game_id": game.pk, "table_id": game.table_id, "rated": game.table.rated}
        # Robust: the game's end is committed; a failing end hook (ratings, leagues, which also
        # run inline when Celery is eager) is logged and must not turn the answer into an error.
        transaction.on_commit(lambda: game_finished.send(sender=Game, **ended), robust=True)
        return
    transaction.on_commit(lambda: schedule_bot_turn_if_needed(game))
    transaction.on_commit(lambda: _schedule_clock_check(game.pk, game.deadline_at))


def seat_left(game, seat):
    """seat_left after commit: the player of `seat` left `game` (games.services.leaving)."""
    left = {"game_id": game.pk, "user_id": seat.user_id}
    transaction.on_commit(lambda: seat_left_signal.send(sender=Game, **left), robust=True)


def _announce_change(game):
    """game_changed after commit, with what its listeners (notifications) need, read from the
    rows this change loaded: no query of its own."""
    seats = game.table.seats_in_order()
    to_move = selectors.mover_id(game)
    change = {
        "game_id": game.pk,
        "version": game.version,
        "started": game.version == 0 and not game.is_over,
        "over": game.is_over,
        "to_move": to_move,
        "humans": [s.user_id for s in seats if not getattr(s.user, "is_bot", False)],
        "clock_kind": game.table.clock_kind,
    }
    transaction.on_commit(lambda: game_changed_signal.send(sender=Game, **change), robust=True)


def schedule_bot_turn_if_needed(game):
    """Call after commit. Start the bot's turn if a bot is to move; True if one was started.

    The turn runs off the request (kernel.dispatch): games.tasks.play_bot_turn, which plays it
    through games.services.bot_turns."""
    if selectors.bot_to_move(game) is None:
        return False
    dispatch.in_background(PLAY_BOT_TURN, (game.pk, game.version), pool=dispatch.BOT_TURNS)
    return True


def _schedule_clock_check(game_id, deadline):
    """Ask a worker to check the clock right at the deadline (the beat task is the safety net).
    Embedded, nothing is scheduled: moves and syncs check the clock instead."""
    if deadline is None or deadline - timezone.now() > CLOCK_TASK_HORIZON:
        return
    dispatch.at(ENFORCE_GAME_CLOCK, (game_id,), eta=deadline + timedelta(milliseconds=50))
