"""The rules for usernames: 3–30 letters, digits, "_" or "-", unique ignoring case."""

import re
import unicodedata

from django.core.validators import RegexValidator
from django.utils.deconstruct import deconstructible
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

USERNAME_MIN_LENGTH = 3
USERNAME_MAX_LENGTH = 30
# Bot accounts are the only users whose names start with this prefix.
BOT_USERNAME_PREFIX = "bot-"
# A deleted account is renamed "deleted-<id>" (accounts.deletion); nobody signs up with it.
DELETED_USERNAME_PREFIX = "deleted-"


@deconstructible
class UsernameValidator(RegexValidator):
    regex = rf"\A[A-Za-z0-9_-]{{{USERNAME_MIN_LENGTH},{USERNAME_MAX_LENGTH}}}\Z"
    message = format_lazy(
        gettext_lazy("Enter a username of {low} to {high} characters: letters, digits, _ or -."),
        low=USERNAME_MIN_LENGTH,
        high=USERNAME_MAX_LENGTH,
    )
    code = "invalid_username"
    flags = 0


_LOGIN_NAME = re.compile(rf"[a-z0-9_-]{{1,{USERNAME_MAX_LENGTH}}}")


def login_name(typed: str) -> str | None:
    """The username a login form's text stands for, or None if no account can have it.

    Usernames are ASCII, but databases fold case beyond ASCII ("ſ" upper-cases to "S" in
    PostgreSQL, not in SQLite): the typed text is folded here, NFKC and case-folded, so that the
    database only ever compares plain ASCII, the same on every backend, and every spelling of a
    name shares one lockout counter.
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", typed).casefold()).strip()
    return folded if _LOGIN_NAME.fullmatch(folded) else None
