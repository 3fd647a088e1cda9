"""Hand the turn to a bot when the player to move is one (a bot account, or a bot that replaced a leaver).

The bots themselves live in `games.bots` (another issue). Until that package exists this enqueues
nothing, so a game waiting on a bot simply waits; no move is ever invented here.
"""

import importlib

from .clocks import controller_is_bot
from .models import Game


def bots_available():
    """True once the bots package provides `choose_move` (an empty games/bots/ folder does not count)."""
    try:
        bots = importlib.import_module("games.bots")
    except ImportError:
        return False
    return callable(getattr(bots, "choose_move", None))


def bot_to_move(game):
    """The seat a bot must play now, or None."""
    if game.status != Game.Status.PLAYING:
        return None
    current = game.state.get("current_player")
    for seat in game.table.seats.all():
        if seat.player_index == current:
            return seat if controller_is_bot(seat) else None
    return None


def schedule_bot_turn_if_needed(game):
    """Call after commit. Enqueue `play_bot_turn(game_id, version)` if a bot is to move."""
    if bot_to_move(game) is None or not bots_available():
        return False
    from .tasks import play_bot_turn

    play_bot_turn.delay(game.pk, game.version)
    return True
