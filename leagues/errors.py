"""Domain errors raised by leagues.services, each with a stable code and its HTTP status."""

from azulsite.errors import DomainError


class LeagueError(DomainError):
    """Any refusal of leagues.services."""


class NotFound(LeagueError):
    code, status, default_detail = "not_found", 404, "no such league, season or fixture"


class NotAuthenticated(LeagueError):
    code, status, default_detail = "not_authenticated", 401, "log in (session or token) to do this"


class NotOrganiser(LeagueError):
    code, status, default_detail = "not_organiser", 403, "only the league's organisers may do this"


class InvalidInvite(LeagueError):
    code, status, default_detail = (
        "invalid_invite",
        403,
        "this league is invite-only: the invite link is wrong or was revoked",
    )


class NotInvitee(LeagueError):
    code, status, default_detail = (
        "not_invitee",
        403,
        "this invitation is for another player: only they may answer it",
    )


class AlreadyInvited(LeagueError):
    code, status, default_detail = (
        "already_invited",
        409,
        "this player already has a pending invitation to the league",
    )


class InvitationAnswered(LeagueError):
    code, status, default_detail = (
        "invitation_answered",
        409,
        "this invitation is no longer pending (accepted, declined or revoked)",
    )


class Forbidden(LeagueError):
    code, status, default_detail = "forbidden", 403, "you may not do this"


class Invalid(LeagueError):
    code, status, default_detail = "invalid", 400, "invalid options"


class AlreadyMember(LeagueError):
    code, status, default_detail = "already_member", 409, "already a player of this league"


class NotMember(LeagueError):
    code, status, default_detail = "not_member", 409, "not a player of this league"


class RegistrationClosed(LeagueError):
    code, status, default_detail = "registration_closed", 409, "the season's registration is closed"


class WrongState(LeagueError):
    code, status, default_detail = "wrong_state", 409, "not possible in the current state"


class NotEnoughPlayers(LeagueError):
    code, status, default_detail = "not_enough_players", 409, "too few players to start"


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
