"""Domain errors raised by leagues.services, each with a stable code and its HTTP status."""

from django.utils.translation import gettext_lazy

from azulsite.errors import DomainError


class LeagueError(DomainError):
    """Any refusal of leagues.services."""


class NotFound(LeagueError):
    code, status, default_detail = "not_found", 404, gettext_lazy("no such league, season or fixture")


class NotAuthenticated(LeagueError):
    code, status, default_detail = "not_authenticated", 401, gettext_lazy("log in (session or token) to do this")


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


class Forbidden(LeagueError):
    code, status, default_detail = "forbidden", 403, gettext_lazy("you may not do this")


class Invalid(LeagueError):
    code, status, default_detail = "invalid", 400, gettext_lazy("invalid options")


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
