"""Domain errors of social.services, each with a stable code and its HTTP status (docs/api.md).

Mapped to the API's error body by social.api.views and to socket `error` messages by
social.sockets, through `code`/`status`/`detail` like every app's DomainError.
"""

from django.utils.translation import gettext_lazy

from kernel import errors as kernel
from kernel.errors import DomainError
from kernel.errors import NotAuthenticated as NotAuthenticated  # the one kind: require_user's


class SocialError(DomainError):
    """Any refusal of social.services."""

    extra: dict = {}


class NotFound(SocialError, kernel.NotFound):
    default_detail = gettext_lazy("no such message, user or invitation")


class Invalid(SocialError, kernel.Invalid):
    pass


class Forbidden(SocialError, kernel.Forbidden):
    pass


class ChatChannelForbidden(SocialError):
    code, status, default_detail = (
        "chat_channel_forbidden",
        403,
        gettext_lazy("players write in the players' channel, spectators in the spectators' channel"),
    )


class ChatReadOnly(SocialError):
    code, status, default_detail = (
        "chat_read_only",
        409,
        gettext_lazy("the game is over: its chat can be read, not written"),
    )


class CannotMuteSelf(SocialError):
    code, status, default_detail = "cannot_mute_self", 400, gettext_lazy("you cannot mute yourself")


class CannotFollowSelf(SocialError):
    code, status, default_detail = "cannot_follow_self", 400, gettext_lazy("you cannot follow yourself")


class AlreadyReported(SocialError):
    code, status, default_detail = "already_reported", 409, gettext_lazy("you reported this message already")


class FollowNotAllowed(SocialError):
    code, status, default_detail = (
        "follow_not_allowed",
        403,
        gettext_lazy("this player's settings do not let you follow them"),
    )


class NotFollowing(SocialError):
    code, status, default_detail = (
        "not_following",
        403,
        gettext_lazy("you can invite only players you follow"),
    )


class InvitationAnswered(SocialError):
    code, status, default_detail = (
        "invitation_answered",
        409,
        gettext_lazy("this invitation was accepted or declined already"),
    )


class Throttled(SocialError, kernel.Throttled):
    default_detail = gettext_lazy("too many messages: wait a little")
