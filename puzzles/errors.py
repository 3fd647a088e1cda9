"""Refusals of the puzzles app (mapped to HTTP by the API's one DomainError handler)."""

from django.utils.translation import gettext_lazy

from kernel import errors


class PuzzleError(errors.DomainError):
    pass


class NotFound(PuzzleError, errors.NotFound):
    default_detail = gettext_lazy("no such puzzle")


class Invalid(PuzzleError, errors.Invalid):
    pass


class IllegalMove(PuzzleError, errors.IllegalMove):
    default_detail = gettext_lazy("that move is not legal in this puzzle")


class AlreadyAttempted(PuzzleError):
    code, status, default_detail = (
        "already_attempted", 409, gettext_lazy("you have already tried this puzzle: it counts once"))


class NoPuzzle(PuzzleError):
    code, status, default_detail = ("no_puzzle", 404, gettext_lazy("no puzzle left to play here"))


ALL_ERRORS = [NotFound, Invalid, IllegalMove, AlreadyAttempted, NoPuzzle]
