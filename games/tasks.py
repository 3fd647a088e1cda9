"""Celery tasks of the games app: thin wrappers that re-read the world and call one service.

Each task gets ids (and the version it was made for) and does nothing if the game moved on.
"""

import logging

from celery import shared_task

from . import services
from .services import bot_turns

log = logging.getLogger(__name__)

BOT_TURN_RETRIES = 3


@shared_task(ignore_result=True)
def enforce_clocks():
    """Periodic (celery beat, see CELERY_BEAT_SCHEDULE): time out every game past its deadline."""
    return services.expire_overdue_games()


@shared_task(ignore_result=True)
def enforce_game_clock(game_id):
    """Scheduled at one game's deadline for precision; re-checks the deadline under the lock."""
    return services.expire_game_if_overdue(game_id)


@shared_task(
    bind=True,
    ignore_result=True,
    acks_late=True,  # a worker killed mid-think leaves the message for another worker
    reject_on_worker_lost=True,
    max_retries=BOT_TURN_RETRIES,
    default_retry_delay=2,
)
def play_bot_turn(self, game_id, version):
    """Play the bot's move in `game_id` if the game is still at `version` (games.services.bot_turns).

    Safe to run twice or late: it does nothing once the game moved past `version`. Unexpected
    errors are retried a few times; a turn that failed for good is logged, and the periodic
    `sweep_bot_turns` enqueues it again later.
    """
    try:
        return bot_turns.play_bot_turn(game_id, version)
    except Exception as exc:
        if self.request.retries >= self.max_retries:
            log.exception("bot turn of game %s at version %s failed for good", game_id, version)
            return None
        raise self.retry(exc=exc) from exc


@shared_task(ignore_result=True)
def sweep_bot_turns():
    """Periodic (celery beat): re-enqueue the bot turns of games waiting on a bot for too long."""
    return bot_turns.sweep_waiting_bot_turns()


@shared_task(ignore_result=True)
def redispatch_bot_turns():
    """Run once by every starting worker (settings.WORKER_STARTUP_TASKS): a worker killed
    mid-think leaves its turn unacknowledged for the broker's visibility timeout."""
    return bot_turns.redispatch_waiting_bot_turns()
