"""Which usernames and display names a player may take: no one else's look-alike, no bot's name,
nothing invisible or reordering (accounts.names says what looks alike; NameClaim who holds it)."""

from functools import cache

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts import names
from accounts.bots import BOT_DISPLAY_NAMES, BOT_LEVELS, bot_username
from accounts.models import NameClaim, User
from accounts.usernames import BOT_USERNAME_PREFIX, DELETED_USERNAME_PREFIX, UsernameValidator

DISPLAY_NAME_MAX_LENGTH = 50
USERNAME_TAKEN = gettext_lazy("That username is taken.")
TOO_CLOSE = gettext_lazy("That name is too close to another player's name.")
BOT_NAME = gettext_lazy("That name belongs to a bot.")
INVISIBLE = gettext_lazy("A display name needs visible characters.")
HIDDEN_FORMATTING = gettext_lazy(
    "Display names may not contain direction or invisible formatting characters."
)


@cache
def _bot_name_keys() -> frozenset[str]:
    # From the code, not the database: reserved before the bot accounts exist.
    return frozenset(
        names.fold(name)
        for level in BOT_LEVELS
        for name in (bot_username(level), BOT_DISPLAY_NAMES[level])
    )


def _held_by_someone_else(key: str, user: User | None) -> bool:
    # A deleted account's reservation ends by itself (NameClaim.sync drops it when claimed).
    claims = NameClaim.objects.filter(key=key).exclude(reserved_until__lte=timezone.now())
    if user is not None and user.pk is not None:
        claims = claims.exclude(user=user)
    return claims.exists()


def username_problems(username: str) -> list[str]:
    """Why a new account may not have this username (empty if it may)."""
    try:
        UsernameValidator()(username)
    except ValidationError as error:
        return list(error.messages)
    if username.lower().startswith(BOT_USERNAME_PREFIX):
        return [f'Usernames starting with "{BOT_USERNAME_PREFIX}" are reserved for bots.']
    if username.lower().startswith(DELETED_USERNAME_PREFIX):
        # accounts.deletion renames a deleted account to this prefix and its id.
        return [_('Usernames starting with "%(prefix)s" are reserved.') % {"prefix": DELETED_USERNAME_PREFIX}]
    if User.objects.filter(username__iexact=username).exists():
        return [USERNAME_TAKEN]
    key = names.fold(username)
    if key in _bot_name_keys():
        return [BOT_NAME]
    if _held_by_someone_else(key, None):
        return [TOO_CLOSE]
    return []


def display_name_problems(display_name: str, *, username: str, user: User | None = None) -> list[str]:
    """Why this player (user, or a new account named username) may not show this name."""
    if len(display_name) > DISPLAY_NAME_MAX_LENGTH:
        return [_("Display names are at most %(count)s characters.") % {"count": DISPLAY_NAME_MAX_LENGTH}]
    if not display_name:
        return []
    if not any(names.is_visible(character) for character in display_name):
        return [INVISIBLE]
    if names.invisible_character(display_name) or names.hidden_formatting(display_name):
        return [HIDDEN_FORMATTING]
    key = names.fold(display_name)
    if key in _bot_name_keys() and not (user is not None and user.is_bot):
        return [BOT_NAME]
    if key != names.fold(username) and _held_by_someone_else(key, user):
        return [TOO_CLOSE]
    return []
