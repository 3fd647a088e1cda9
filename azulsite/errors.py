"""The base of every app's domain errors (games.errors, leagues.errors): a stable ``code``,
the HTTP ``status`` it maps to and a human ``detail``.

Each app subclasses it once (``GameError``, ``LeagueError``) so that code catching one
app's errors does not catch the other's; views turn any of them into the API's error body
(azulsite/api/errors.py). Details are translated (gettext), read when the error is raised.
"""

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
