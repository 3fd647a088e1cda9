"""Domain errors raised by leagues.services, each with a stable code and its HTTP status."""

from django.utils.translation import gettext_lazy

from kernel import errors as kernel
from kernel.errors import DomainError
from kernel.errors import NotAuthenticated as NotAuthenticated  # the one kind: require_user's


class LeagueError(DomainError):
    """Any refusal of leagues.services."""


class NotFound(LeagueError, kernel.NotFound):
    default_detail = gettext_lazy("no such league, season or fixture")


class NotOrganiser(LeagueError):
    code, status, default_detail = "not_organiser", 403, gettext_lazy("only the league's organisers may do this")


class InvalidInvite(LeagueError):
    code, status, default_detail = (
        "invalid_invite",
        403,
        gettext_lazy("this league is invite-only: the invite link is wrong or was revoked"),
    )


class NotInvitee(LeagueError):
    code, status, default_detail = (
        "not_invitee",
        403,
        gettext_lazy("this invitation is for another player: only they may answer it"),
    )


class AlreadyInvited(LeagueError):
    code, status, default_detail = (
        "already_invited",
        409,
        gettext_lazy("this player already has a pending invitation to the league"),
    )


class InvitationAnswered(LeagueError):
    code, status, default_detail = (
        "invitation_answered",
        409,
        gettext_lazy("this invitation is no longer pending (accepted, declined or revoked)"),
    )


class Forbidden(LeagueError, kernel.Forbidden):
    pass


class Invalid(LeagueError, kernel.Invalid):
    default_detail = gettext_lazy("invalid options")


class AlreadyMember(LeagueError):
    code, status, default_detail = "already_member", 409, gettext_lazy("already a player of this league")


class NotMember(LeagueError):
    code, status, default_detail = "not_member", 409, gettext_lazy("not a player of this league")


class RegistrationClosed(LeagueError):
    code, status, default_detail = "registration_closed", 409, gettext_lazy("the season's registration is closed")


class WrongState(LeagueError):
    code, status, default_detail = "wrong_state", 409, gettext_lazy("not possible in the current state")


class NotEnoughPlayers(LeagueError):
    code, status, default_detail = "not_enough_players", 409, gettext_lazy("too few players to start")


ALL_ERRORS = [
    NotFound,
    NotAuthenticated,
    NotOrganiser,
    InvalidInvite,
    NotInvitee,
    AlreadyInvited,
    InvitationAnswered,
    Forbidden,
    Invalid,
    AlreadyMember,
    NotMember,
    RegistrationClosed,
    WrongState,
    NotEnoughPlayers,
]
