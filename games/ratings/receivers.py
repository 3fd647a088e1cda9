"""Hooks the rating into the end of a game without games.services knowing about ratings."""

import logging

from kombu.exceptions import OperationalError

from games.models import Game
from games.signals import game_finished

log = logging.getLogger(__name__)


def enqueue_rating(sender, game_id, **kwargs):
    """game_finished is sent after the finishing transaction committed: enqueue the rating."""
    if not Game.objects.filter(pk=game_id, table__rated=True).exists():
        return
    from .tasks import rate_game

    try:
        rate_game.delay(game_id)
    except (OperationalError, OSError):
        # A broker outage must not break the move that ended the game; the next rated game's
        # task rates every earlier game still waiting.
        log.exception("rating: could not enqueue game %s", game_id)


game_finished.connect(enqueue_rating, dispatch_uid="ratings.enqueue_rating")
