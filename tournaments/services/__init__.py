"""Every change to tournaments happens in this package, one module per concern:

- creation: a new tournament's options, checked in one place, and its start scheduled;
- registration: join (password, invite code, late joins), leave or withdraw, the organiser's
  bots, and what withdrawing does to a running game;
- lifecycle: reminders, the start (seeds and the first pairing), the beat's sweep;
- progress: a game's result recorded (no-shows counted), correspondence deadlines, `advance`;
- swiss, knockout, arena: each format's pairing of what is due, under the tournament's lock;
- ending: the final standings frozen and published;
- organiser: start early, pause, resume, cancel, remove a player (each in the audit log);
- common: the limits, a pairing's game started through games, the news players hear.

Every write locks the tournament's row first (docs/tournaments.md, "Lock order"). Games are
started and left only through `games.services`; their ends reach `record_game_result` through
`games.signals.game_finished` (after their commit). Bad input raises a
`tournaments.errors.TournamentError` and changes nothing.

The names below are the package's public ones: the edges call them here.
"""

from .arena import berserk
from .common import NO_SHOW_LIMIT, REMINDER_LEAD
from .creation import create_tournament, validate_options
from .lifecycle import send_reminders, start_tournament, sweep
from .organiser import cancel, pause, remove_player, resume
from .progress import advance, close_overdue_pairings, record_game_result
from .registration import add_bot, join, leave, withdraw_entry, withdraw_leaving_account

__all__ = [
    "NO_SHOW_LIMIT", "REMINDER_LEAD", "add_bot", "advance", "berserk", "cancel",
    "close_overdue_pairings", "create_tournament", "join", "leave", "pause", "record_game_result",
    "remove_player", "resume", "send_reminders", "start_tournament", "sweep", "validate_options",
    "withdraw_entry", "withdraw_leaving_account",
]
