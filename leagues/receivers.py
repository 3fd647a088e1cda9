"""Leagues hear of finished games through games.signals.game_finished (sent after commit)."""

import logging

from django.dispatch import receiver

from games import dispatch
from games.signals import game_finished

log = logging.getLogger(__name__)


@receiver(game_finished, dispatch_uid="leagues-record-game-result")
def record_fixture_result(sender, game_id, **kwargs):
    """Queue the fixture's result (eager without a worker). Never break the game's own flow: if
    queueing fails, the deadline task records the finished game when the fixture falls due."""
    try:
        dispatch.send("leagues.tasks.record_game_result", (game_id,))
    except Exception:
        log.exception("could not queue the league result of game %s", game_id)
