"""Profiles follow the analyses: when a rated game's analysis ends (on the analysis worker, after
its commit), its players' profiles are brought up to date there."""

import logging

from games.analysis.signals import analysis_done

from . import services

log = logging.getLogger(__name__)


def update_profiles(sender, game_id, **kwargs):
    """A failure is logged, never the analysis' (`manage.py recompute_fair_play` catches up)."""
    try:
        services.update_profiles_for_game(game_id)
    except Exception:
        log.exception("fair play: profiles of game %s not updated", game_id)


analysis_done.connect(update_profiles, dispatch_uid="fairplay.update_profiles")
