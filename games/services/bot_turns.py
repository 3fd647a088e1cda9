"""Bot turns at live tables: when the player to move is a bot, think and play through the services.

A seat is played by a bot when its controller (the seated user, or the bot that replaced a
leaver) is a bot account; the account's `bot_level` picks the `azul.bots` level.

- `games.events.schedule_bot_turn_if_needed(game)` runs after the commit of every change.
  With real workers it enqueues `games.tasks.play_bot_turn(game_id, version)`. In the embedded
  default (eager Celery, no Redis) kernel.dispatch hands the eager task to a small thread pool
  instead, so the request that caused it returns at once and other tables never wait for a bot.
- `play_bot_turn(game_id, version)` does the work: re-read the game, do nothing if it moved on
  (the task is safe to run twice or late), think outside any transaction or row lock, then play
  through `moves.play_move` as the seat's controller, which re-checks everything under the
  lock. The bot's random source is seeded from (game seed, version): a retried turn plays the
  same move. The bot is given the public state only (the seed is dropped).
- `sweep_waiting_bot_turns()` (beat task) re-enqueues turns that waited too long: a turn whose
  task was lost for good (retries exhausted, broker trouble) is picked up again.
- `redispatch_waiting_bot_turns()` re-enqueues every waiting turn at once: a starting worker runs
  it (and so does the embedded server when it starts), since the process before it may have died
  mid-think, leaving its turn unacknowledged until the broker's visibility timeout (an hour).
- `suggest_move(game_id, user)`: the hint of a casual game, for the player to move.
"""

import logging
import random
from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from azul import bots, engine
from games import errors, events, selectors
from games.models import Game
from kernel.errors import require_user

from . import moves

log = logging.getLogger(__name__)

# A hint is computed in the request (a sync view thread of daphne): keep it short and bounded.
HINT_LEVEL = "strong"
HINT_BUDGET_SECONDS = 0.1
# Errors of play_move that mean "someone else already changed the game": nothing to do.
WORLD_MOVED_ON = (errors.StaleVersion, errors.GameOver, errors.NotYourTurn, errors.NotSeated)


def think_seconds():
    """The thinking budget of a bot move (settings.BOT_THINK_SECONDS, 1 s by default)."""
    return float(getattr(settings, "BOT_THINK_SECONDS", bots.DEFAULT_BUDGET))


# --- one turn ----------------------------------------------------------------------------------


def play_bot_turn(game_id, version):
    """Play the bot's move in `game_id` if the game is still at `version`.

    Returns the move played (a dict), or None when there was nothing to do. (Database
    connections: Celery's Django fixup manages them in workers, the pool closes its own.)
    """
    game = Game.objects.select_related("table").filter(pk=game_id).first()
    if game is None or game.version != version:
        return None
    seat = selectors.bot_to_move(game)
    if seat is None:
        return None
    controller = seat.controller
    move = choose_for(game, controller.bot_level, think_seconds())
    try:
        moves.play_move(game.pk, controller, move.to_dict(), version)
    except WORLD_MOVED_ON as exc:
        log.info("bot turn in game %s at version %s not played: %s", game_id, version, exc.code)
        return None
    return move.to_dict()


def choose_for(game, level, budget, salt="bot"):
    """The bot's move in `game` (a Game row), from the public state only."""
    # Bots never see the seed (they sample refills themselves) nor, in Azul Duel, the plate stack's
    # order and face-down chips: the public form hides them, decoding it guesses them.
    public = engine.state_from_dict(game.state).to_dict(public=True)
    state = engine.state_from_dict(public)  # either ruleset: bots.choose_move dispatches
    rng = random.Random(f"{salt}:{game.seed}:{game.version}")
    return bots.choose_move(state, level, budget=budget, rng=rng)


# --- the sweep ---------------------------------------------------------------------------------


def redispatch_waiting_bot_turns():
    """Re-enqueue every bot turn waiting now; returns the game ids. A turn that another worker is
    still thinking about is then played once all the same: whichever task comes second finds the
    game moved past its version and does nothing."""
    return sweep_waiting_bot_turns(older_than_seconds=0, why="re-dispatched by a starting process")


def sweep_waiting_bot_turns(older_than_seconds=None, why="waited too long: re-enqueued"):
    """Re-enqueue every bot turn waiting longer than `older_than_seconds`; returns the game ids."""
    if older_than_seconds is None:
        older_than_seconds = float(getattr(settings, "BOT_SWEEP_AFTER_SECONDS", 30))
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    waiting = (
        Game.objects.filter(status=Game.Status.PLAYING, deadline_at__isnull=True,
                            turn_started_at__lt=cutoff)
        .select_related("table")
        .prefetch_related("table__seats__user", "table__seats__replaced_by")
    )
    swept = []
    for game in waiting:
        if selectors.bot_to_move(game) is not None:
            log.warning("bot turn of game %s at version %s %s", game.pk, game.version, why)
            events.schedule_bot_turn_if_needed(game)
            swept.append(game.pk)
    return swept


# --- hints -------------------------------------------------------------------------------------


def suggest_move(game_id, user):
    """A suggested move for `user`, who must be the player to move in a casual (unrated) game."""
    require_user(user)
    game = selectors.get_game_with_players(game_id)
    if game.table.rated:
        raise errors.HintsNotAllowed(_("hints are for casual games only"))
    if game.status != Game.Status.PLAYING:
        raise errors.GameOver()
    seats = [seat for seat in game.table.seats_in_order() if seat.controller.pk == user.pk]
    if not seats:
        raise errors.NotSeated()
    current = game.state.get("current_player")
    if not any(seat.player_index == current for seat in seats):
        raise errors.NotYourTurn(_("it is player %(current)s's turn") % {"current": current})
    move = choose_for(game, HINT_LEVEL, HINT_BUDGET_SECONDS, salt="hint")
    return {"move": move.to_dict(), "version": game.version}
