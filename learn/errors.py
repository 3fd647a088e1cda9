"""Refusals of the tutorials, each with a stable code and its HTTP status (docs/api.md)."""

from django.utils.translation import gettext_lazy

from azulsite.errors import DomainError


class LearnError(DomainError):
    """Any refusal of learn.selectors."""


class NotFound(LearnError):
    code, status, default_detail = "not_found", 404, gettext_lazy("no such tutorial")


class Invalid(LearnError):
    code, status, default_detail = "invalid", 400, gettext_lazy("the request is not valid")


class InvalidMove(LearnError):
    code, status, default_detail = "invalid_move", 400, gettext_lazy("the move is malformed")


class IllegalMove(LearnError):
    code, status, default_detail = "illegal_move", 422, gettext_lazy("the rules do not allow this move")


class WrongMove(LearnError):
    code, status, default_detail = "tutorial_wrong_move", 422, gettext_lazy("the tutorial asks for another move")


class TutorialOver(LearnError):
    code, status, default_detail = "tutorial_over", 409, gettext_lazy("the tutorial is over")


# TutorialRefusal.kind (learn.tutorials.script) -> the error it is
BY_KIND = {
    "invalid": Invalid,
    "invalid_move": InvalidMove,
    "illegal_move": IllegalMove,
    "wrong_move": WrongMove,
    "over": TutorialOver,
}
