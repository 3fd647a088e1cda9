"""The shared kernel of domain errors: DomainError (a stable ``code``, the HTTP ``status`` it maps
to, a human ``detail``), the common refusals every app shares, and the one sign-in guard.

Each app subclasses DomainError once (``GameError``, ``LeagueError``, ``AccountsError``...) so
that code catching one app's errors does not catch another's; an app's own NotFound, Forbidden...
subclass both its base and the kernel's class here, so their code and status are written once.
The API turns any of them into its error body in one place (kernel/api/errors.py); sockets
send ``as_dict()``. Details are translated (gettext), read when the error is raised.
"""

from django.http import Http404
from django.utils.translation import gettext_lazy


class DomainError(Exception):
    code = "error"
    status = 400
    default_detail = gettext_lazy("the request was refused")

    def __init__(self, detail=None):
        # Read when raised, in the request's (or socket's) active language.
        self.detail = str(detail or self.default_detail)
        super().__init__(self.detail)

    def as_dict(self):
        return {"code": self.code, "detail": self.detail}


# The common refusals: an app subclasses them (with its own base and detail) rather than
# writing their code and status again; tests/site/test_error_kernel.py holds every app to it.


class NotFound(DomainError):
    code, status = "not_found", 404


class NotAuthenticated(DomainError):
    code, status, default_detail = "not_authenticated", 401, gettext_lazy("log in (session or token) to do this")


class Forbidden(DomainError):
    code, status, default_detail = "forbidden", 403, gettext_lazy("you may not do this")


class Invalid(DomainError):
    code, status, default_detail = "invalid", 400, gettext_lazy("invalid input")


class InvalidMove(DomainError):
    code, status, default_detail = "invalid_move", 400, gettext_lazy("the move is malformed")


class IllegalMove(DomainError):
    code, status, default_detail = "illegal_move", 422, gettext_lazy("that move is not allowed now")


class Throttled(DomainError):
    """A budget is spent; ``retry_after`` (seconds) reaches the API's body when known."""

    code, status = "throttled", 429

    def __init__(self, detail=None, retry_after=None):
        super().__init__(detail)
        self.extra = {"retry_after": retry_after} if retry_after else {}


def is_signed_in(user) -> bool:
    """Whether `user` (a request's, a socket scope's, or None) is a signed-in account."""
    return bool(getattr(user, "is_authenticated", False))


def require_user(user):
    """The one guard of services, sockets and views that need an account: NotAuthenticated
    (401) for an anonymous user or none."""
    if not is_signed_in(user):
        raise NotAuthenticated()
    return user


def found_or_404(lookup, *args):
    """`lookup(*args)` for a page: a domain error with status 404 (no such game, tutorial...)
    becomes the page's Http404 with its detail; any other error goes on."""
    try:
        return lookup(*args)
    except DomainError as error:
        if error.status == 404:
            raise Http404(error.detail) from None
        raise
