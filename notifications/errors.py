"""Refusals of the notifications app, each with a stable code and its HTTP status."""

from django.utils.translation import gettext_lazy

from kernel import errors as kernel
from kernel.errors import DomainError
from kernel.errors import NotAuthenticated as NotAuthenticated  # the one kind: require_user's


class NotificationError(DomainError):
    pass


class Invalid(NotificationError, kernel.Invalid):
    pass


class NotFound(NotificationError, kernel.NotFound):
    default_detail = gettext_lazy("no such subscription")


class NotFoundNotification(NotificationError, kernel.NotFound):
    default_detail = gettext_lazy("no such notification")


class BadToken(NotificationError):
    code, status, default_detail = "bad_token", 400, gettext_lazy("this unsubscribe link is not valid")


class TooManySubscriptions(NotificationError):
    code, status, default_detail = (
        "too_many_subscriptions", 409, gettext_lazy("too many browsers subscribed: unsubscribe one first"))


class PushDisabled(NotificationError):
    code, status, default_detail = "push_disabled", 409, gettext_lazy("this site has no Web Push keys")


class EndpointRefused(NotificationError):
    # The server would POST to this URL: only public https push services (notifications.outbound).
    code, status, default_detail = (
        "endpoint_refused", 400, gettext_lazy("this push endpoint is not a public https URL"))


class EndpointTaken(NotificationError):
    # Stored under another account: moving it would let anyone take someone's browser over.
    code, status, default_detail = (
        "endpoint_taken", 409, gettext_lazy("this push endpoint belongs to another account"))
