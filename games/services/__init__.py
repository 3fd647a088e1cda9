"""Every change to tables and games happens in this package, one module per concern:

- options: a new table's options, checked and normalised (the one place that validates them);
- tables: open, join, seat a bot, leave, start;
- moves: play a move, the single writer of a game's state;
- leaving: resign, abort, abandon, time out, the leaving policy and how a game ends;
- takebacks: a casual game's takeback requests and answers;
- bot_turns: a bot's turn (the body of games.tasks.play_bot_turn), the sweep, hints;
- common: who may act, and the locked rows each operation starts from.

A game has a single writer: each operation runs in one transaction that locks the game row
(`select_for_update`), re-reads it and checks the version the client saw. Broadcasts, bot turns and
clock checks are queued after commit (games.events), so nobody hears of a change that rolled back.
Locks are taken in the order of docs/architecture.md ("Lock order"): a game before its table.
Bad input raises a `games.errors.GameError` and changes nothing.

The names below are the package's public ones: the edges and other apps call them here.
"""

from .leaving import (
    REPLACEMENT_BOT_LEVEL,
    abort,
    expire_game_if_overdue,
    expire_overdue_games,
    game_after_clock_check,
    halve_own_clock,
    is_overdue,
    resign,
)
from .moves import MoveOutcome, play_move
from .options import (
    MAX_BASE_SECONDS,
    MAX_DAYS_PER_MOVE,
    MAX_INCREMENT_SECONDS,
    validate_table_options,
)
from .tables import (
    commitment_of,
    create_table,
    join_table,
    leave_table,
    seat_bot,
    start_arranged_table,
    start_table,
)
from .takebacks import answer_takeback, request_takeback

__all__ = [
    "MAX_BASE_SECONDS", "MAX_DAYS_PER_MOVE", "MAX_INCREMENT_SECONDS", "REPLACEMENT_BOT_LEVEL",
    "MoveOutcome", "abort", "answer_takeback", "commitment_of", "create_table",
    "expire_game_if_overdue", "expire_overdue_games", "game_after_clock_check", "halve_own_clock",
    "is_overdue", "join_table", "leave_table", "play_move", "request_takeback", "resign",
    "seat_bot", "start_arranged_table", "start_table", "validate_table_options",
]
