"""Refusals of the tutorials, each with a stable code and its HTTP status (docs/api.md)."""

from django.utils.translation import gettext_lazy

from kernel import errors as kernel
from kernel.errors import DomainError


class LearnError(DomainError):
    """Any refusal of learn.selectors."""


class NotFound(LearnError, kernel.NotFound):
    default_detail = gettext_lazy("no such tutorial")


class Invalid(LearnError, kernel.Invalid):
    default_detail = gettext_lazy("the request is not valid")


class InvalidMove(LearnError, kernel.InvalidMove):
    pass


class IllegalMove(LearnError, kernel.IllegalMove):
    default_detail = gettext_lazy("the rules do not allow this move")


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
