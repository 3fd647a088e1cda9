"""Refusals of rematches and quick play, each with a stable code and its HTTP status."""

from azulsite.errors import DomainError


class MatchError(DomainError):
    """Any refusal of matchmaking.rematches, matchmaking.seeks or quick play."""


class NotAuthenticated(MatchError):
    code, status, default_detail = "not_authenticated", 401, "log in (session or token) to do this"


class NotFound(MatchError):
    code, status, default_detail = "not_found", 404, "no such game"


class NotAPlayer(MatchError):
    code, status, default_detail = "not_seated", 403, "only the game's players may do this"


class GameNotOver(MatchError):
    code, status, default_detail = "game_not_over", 409, "a rematch is offered once the game is over"


class NoRematchOffer(MatchError):
    code, status, default_detail = "no_rematch_offer", 409, "nobody offered a rematch of this game"


class RematchExpired(MatchError):
    code, status, default_detail = "rematch_expired", 409, "the rematch offer expired"


class RematchClosed(MatchError):
    code, status, default_detail = "rematch_closed", 409, "the rematch offer is no longer open"


class AlreadySeeking(MatchError):
    code, status, default_detail = (
        "already_seeking", 409, "you are already looking for an opponent with other options: "
        "cancel that seek first")


class NotSeeking(MatchError):
    code, status, default_detail = "not_seeking", 409, "you are not looking for an opponent"


class Invalid(MatchError):
    code, status, default_detail = "invalid", 400, "invalid options"


class Forbidden(MatchError):
    code, status, default_detail = "forbidden", 403, "you may not do this"


ALL_ERRORS = [NotAuthenticated, NotFound, NotAPlayer, GameNotOver, NoRematchOffer, RematchExpired,
              RematchClosed, AlreadySeeking, NotSeeking, Invalid, Forbidden]
