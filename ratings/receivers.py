"""Hooks the rating into the end of a game without games.services knowing about ratings."""

import logging

from accounts.signals import own_data_requested
from games.signals import game_finished
from kernel import dispatch

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


def own_ratings(sender, user, **kwargs):
    """The ratings' sections of the download of one's data (accounts.privacy)."""
    from . import selectors

    return {"ratings": selectors.exported_ratings(user),
            "rating_history": selectors.exported_rating_history(user)}


own_data_requested.connect(own_ratings, dispatch_uid="ratings.own_ratings")
