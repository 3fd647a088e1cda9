"""Refusals of the analysis board (mapped to HTTP by the API's one DomainError handler)."""

from django.utils.translation import gettext_lazy

from games.errors import GameError


class PlayingRatedGame(GameError):
    code, status, default_detail = (
        "playing_rated_game", 409,
        gettext_lazy("the analysis board is closed while you play a rated game: finish it first"))


class TreeTooLarge(GameError):
    code, status, default_detail = (
        "tree_too_large", 400, gettext_lazy("the tree has too many nodes, too deep a line or too long a comment"))


class BoardQuota(GameError):
    code, status, default_detail = (
        "board_quota", 429, gettext_lazy("you have too many analysis boards: delete some first"))


ALL_ERRORS = [PlayingRatedGame, TreeTooLarge, BoardQuota]
