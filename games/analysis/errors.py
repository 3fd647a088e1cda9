"""Refusals of the analysis services (mapped to HTTP by the games API like every GameError)."""

from django.utils.translation import gettext_lazy

from games.errors import GameError


class GameNotFinished(GameError):
    code, status, default_detail = (
        "game_not_finished", 409, gettext_lazy("only finished games can be analysed (never a running one)"))


class AnalysisQuota(GameError):
    code, status, default_detail = (
        "analysis_quota", 429, gettext_lazy("you have requested too many analyses: wait for yours to finish"))


ALL_ERRORS = [GameNotFinished, AnalysisQuota]
