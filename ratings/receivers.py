"""Hooks the rating into the end of a game without games.services knowing about ratings."""

import logging

from games import dispatch
from games.signals import game_finished

log = logging.getLogger(__name__)


def enqueue_rating(sender, game_id, rated, **kwargs):
    """game_finished is sent after the finishing transaction committed: enqueue the rating.

    Nothing that goes wrong here may turn the committed move that ended the game into an error
    answer: a broker outage, or (embedded, eager Celery) the rating itself failing in this very
    call. It is logged, and the sweep (`ratings.rate_waiting_games`) rates the game later.
    """
    if not rated:
        return
    try:
        dispatch.send("ratings.rate_game", (game_id,))
    except Exception:
        log.exception("rating: game %s not rated now; the sweep retries it", game_id)


game_finished.connect(enqueue_rating, dispatch_uid="ratings.enqueue_rating")
