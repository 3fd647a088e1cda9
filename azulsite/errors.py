"""The base of every app's domain errors (games.errors, leagues.errors): a stable ``code``,
the HTTP ``status`` it maps to and a human ``detail``.

Each app subclasses it once (``GameError``, ``LeagueError``) so that code catching one
app's errors does not catch the other's; views turn any of them into the API's error body
(azulsite/api/errors.py). Details are translated (gettext), read when the error is raised.
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


def found_or_404(lookup, *args):
    """`lookup(*args)` for a page: a domain error with status 404 (no such game, tutorial...)
    becomes the page's Http404 with its detail; any other error goes on."""
    try:
        return lookup(*args)
    except DomainError as error:
        if error.status == 404:
            raise Http404(error.detail) from None
        raise
