"""Domain errors raised by tournaments.services, each with a stable code and its HTTP status
(docs/api.md, "Tournament error codes")."""

from django.utils.translation import gettext_lazy

from kernel import errors as kernel
from kernel.errors import DomainError
from kernel.errors import NotAuthenticated as NotAuthenticated  # the one kind: require_user's


class TournamentError(DomainError):
    """Any refusal of tournaments.services."""


class NotFound(TournamentError, kernel.NotFound):
    default_detail = gettext_lazy("no such tournament")


class Forbidden(TournamentError, kernel.Forbidden):
    pass


class Invalid(TournamentError, kernel.Invalid):
    """`field`: the option at fault, when one is (the creation form shows the message there)."""

    default_detail = gettext_lazy("invalid tournament options")

    def __init__(self, detail=None, field=None):
        super().__init__(detail)
        self.field = field


class NotOrganiser(TournamentError):
    code, status, default_detail = (
        "not_organiser", 403, gettext_lazy("only the tournament's organiser may do this"))


class WrongPassword(TournamentError):
    code, status, default_detail = (
        "wrong_password", 403, gettext_lazy("this tournament needs its password to join"))


class BotsNotAllowed(TournamentError):
    code, status, default_detail = (
        "bots_not_allowed", 403, gettext_lazy("this tournament does not allow bots"))


class BotsNotAllowedRated(TournamentError):
    code, status, default_detail = (
        "bots_not_allowed_rated", 400,
        gettext_lazy("a rated tournament cannot allow bots: make it casual to let bots play"))


class Full(TournamentError):
    code, status, default_detail = (
        "full", 409, gettext_lazy("the tournament has as many players as it allows"))


class Closed(TournamentError):
    code, status, default_detail = (
        "closed", 409, gettext_lazy("registration for this tournament is closed"))


class AlreadyRegistered(TournamentError):
    code, status, default_detail = (
        "already_registered", 409, gettext_lazy("you are registered in this tournament already"))


class NotRegistered(TournamentError):
    code, status, default_detail = (
        "not_registered", 409, gettext_lazy("not a player of this tournament"))


class FairPlayMarked(TournamentError):
    code, status, default_detail = (
        "fair_play_marked", 403,
        gettext_lazy("this account was marked for unfair play and cannot enter tournaments"))


class Withdrawn(TournamentError):
    code, status, default_detail = (
        "withdrawn", 409, gettext_lazy("withdrawn from this tournament: no way back in"))


class AlreadyPaired(TournamentError):
    code, status, default_detail = (
        "already_paired", 409, gettext_lazy("you have a game of this tournament running already"))


class NotPlaying(TournamentError):
    code, status, default_detail = (
        "not_playing", 409, gettext_lazy("you have no game running in this tournament"))


class WrongState(TournamentError):
    code, status, default_detail = (
        "wrong_state", 409, gettext_lazy("not possible in the tournament's current state"))


class NotEnoughPlayers(TournamentError):
    code, status, default_detail = (
        "not_enough_players", 409, gettext_lazy("too few players to start"))


ALL_ERRORS = [
    NotFound, NotAuthenticated, Forbidden, Invalid, NotOrganiser, WrongPassword, BotsNotAllowed,
    BotsNotAllowedRated, Full, Closed, AlreadyRegistered, NotRegistered, Withdrawn, AlreadyPaired,
    NotPlaying, WrongState, NotEnoughPlayers,
]
