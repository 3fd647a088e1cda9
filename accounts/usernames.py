"""The rules for usernames: 3–30 letters, digits, "_" or "-", unique ignoring case."""

from django.core.validators import RegexValidator
from django.utils.deconstruct import deconstructible

USERNAME_MIN_LENGTH = 3
USERNAME_MAX_LENGTH = 30
# Bot accounts are the only users whose names start with this prefix.
BOT_USERNAME_PREFIX = "bot-"


@deconstructible
class UsernameValidator(RegexValidator):
    regex = rf"\A[A-Za-z0-9_-]{{{USERNAME_MIN_LENGTH},{USERNAME_MAX_LENGTH}}}\Z"
    message = (
        f"Enter a username of {USERNAME_MIN_LENGTH} to {USERNAME_MAX_LENGTH} characters: "
        "letters, digits, _ or -."
    )
    code = "invalid_username"
    flags = 0
