"""Refusals of the notifications app, each with a stable code and its HTTP status."""

from azulsite.errors import DomainError


class NotificationError(DomainError):
    pass


class NotAuthenticated(NotificationError):
    code, status, default_detail = "not_authenticated", 401, "log in (session or token) to do this"


class Invalid(NotificationError):
    code, status, default_detail = "invalid", 400, "invalid input"


class NotFound(NotificationError):
    code, status, default_detail = "not_found", 404, "no such subscription"


class BadToken(NotificationError):
    code, status, default_detail = "bad_token", 400, "this unsubscribe link is not valid"


class TooManySubscriptions(NotificationError):
    code, status, default_detail = (
        "too_many_subscriptions", 409, "too many browsers subscribed: unsubscribe one first")


class PushDisabled(NotificationError):
    code, status, default_detail = "push_disabled", 409, "this site has no Web Push keys"
