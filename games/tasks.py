"""Celery tasks of the games app: thin wrappers that re-read the world and call one service.

Each task gets ids (and the version it was made for) and does nothing if the game moved on.
"""

import logging

from celery import shared_task

from . import services

log = logging.getLogger(__name__)


@shared_task(ignore_result=True)
def enforce_clocks():
    """Periodic (celery beat, see CELERY_BEAT_SCHEDULE): time out every game past its deadline."""
    return services.expire_overdue_games()


@shared_task(ignore_result=True)
def enforce_game_clock(game_id):
    """Scheduled at one game's deadline for precision; re-checks the deadline under the lock."""
    return services.expire_game_if_overdue(game_id)


@shared_task(ignore_result=True)
def play_bot_turn(game_id, version):
    """Play the bot's move in `game_id` if the game is still at `version`.

    STUB for the bots issue: no bot exists yet, so this plays nothing. It is only enqueued by
    games.bot_turns.schedule_bot_turn_if_needed, which enqueues nothing until games.bots provides
    choose_move. The bots issue replaces this body (choose with games.bots, then
    services.play_move(game_id, <the seat's controller>, move, version); a StaleVersion means the
    world moved on and the task just returns).
    """
    log.warning(
        "play_bot_turn(%s, %s): no bots are implemented yet; nothing played", game_id, version
    )
    return None
