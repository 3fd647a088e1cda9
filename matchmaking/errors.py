"""Refusals of rematches and quick play, each with a stable code and its HTTP status."""

from django.utils.translation import gettext_lazy

from kernel import errors as kernel
from kernel.errors import DomainError
from kernel.errors import NotAuthenticated as NotAuthenticated  # the one kind: require_user's


class MatchError(DomainError):
    """Any refusal of matchmaking.services.rematches, matchmaking.services.seeks or quick play."""


class NotFound(MatchError, kernel.NotFound):
    default_detail = gettext_lazy("no such game")


class NotAPlayer(MatchError):
    code, status, default_detail = "not_seated", 403, gettext_lazy("only the game's players may do this")


class GameNotOver(MatchError):
    code, status, default_detail = "game_not_over", 409, gettext_lazy("a rematch is offered once the game is over")


class NoRematchOffer(MatchError):
    code, status, default_detail = "no_rematch_offer", 409, gettext_lazy("nobody offered a rematch of this game")


class RematchExpired(MatchError):
    code, status, default_detail = "rematch_expired", 409, gettext_lazy("the rematch offer expired")


class RematchClosed(MatchError):
    code, status, default_detail = "rematch_closed", 409, gettext_lazy("the rematch offer is no longer open")


class AlreadySeeking(MatchError):
    code, status, default_detail = (
        "already_seeking", 409, gettext_lazy("you are already looking for an opponent with other options: "
        "cancel that seek first"))


class NotSeeking(MatchError):
    code, status, default_detail = "not_seeking", 409, gettext_lazy("you are not looking for an opponent")


class Invalid(MatchError, kernel.Invalid):
    default_detail = gettext_lazy("invalid options")


class Forbidden(MatchError, kernel.Forbidden):
    pass


class Throttled(MatchError, kernel.Throttled):
    """The user's matchmaking budget is spent (REST and sockets alike); retry_after in seconds."""

    default_detail = gettext_lazy("too many matchmaking requests: wait a little")


def as_match_error(error):
    """A games error met while starting a game (a quota such as too_many_bot_games), passed on
    with its own code and status."""
    refusal = MatchError(error.detail)
    refusal.code, refusal.status = error.code, error.status
    return refusal


ALL_ERRORS = [NotAuthenticated, NotFound, NotAPlayer, GameNotOver, NoRematchOffer, RematchExpired,
              RematchClosed, AlreadySeeking, NotSeeking, Invalid, Forbidden, Throttled]
