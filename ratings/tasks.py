"""The rating task: thin, re-reads the game and calls the service (exactly once in effect)."""

import logging
import os
import time

from celery import shared_task

from . import services

log = logging.getLogger(__name__)

# Test-only: seconds the task holds the rating locks before writing, so a test can kill a worker
# mid-task or race a second one. Unset in production.
HOLD_ENV = "AZULSITE_RATING_HOLD_SECONDS"


def _hold_from_env():
    seconds = os.environ.get(HOLD_ENV)
    if not seconds:
        return None

    def hold():
        log.warning("rating: holding the locks for %s s (%s)", seconds, HOLD_ENV)
        time.sleep(float(seconds))

    return hold


@shared_task(name="ratings.rate_game", ignore_result=True, acks_late=True)
def rate_game(game_id):
    """Rate the finished game `game_id` (enqueued on commit when a rated game ends)."""
    rated = services.rate_game(game_id, after_lock=_hold_from_env())
    log.info("rating: game %s %s", game_id, "rated" if rated else "already rated or not rated")
    return rated


@shared_task(name="ratings.rate_waiting_games", ignore_result=True)
def rate_waiting_games():
    """Periodic (celery beat) and on every worker's start: rate the rated games still waiting."""
    rated = services.rate_waiting_games()
    if rated:
        log.info("rating: the sweep rated %s waiting games", rated)
    return rated
