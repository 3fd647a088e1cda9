"""Hooks the analysis of rated games into the end of a game, as the ratings app hooks its rating."""

import logging

from games.signals import game_finished

from . import services

log = logging.getLogger(__name__)


def analyse_rated_game(sender, game_id, rated, **kwargs):
    """game_finished is sent after the finishing transaction committed: queue the analysis.

    Nothing here may turn the committed move that ended the game into an error answer (a broker
    outage): it is logged, and the game can still be analysed on request.
    """
    if not rated:
        return
    try:
        services.analyse_rated_game(game_id)
    except Exception:
        log.exception("analysis: rated game %s not queued for analysis", game_id)


game_finished.connect(analyse_rated_game, dispatch_uid="analysis.analyse_rated_game")
