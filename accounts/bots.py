"""Bot accounts: one user per bot level, flagged as a bot, unable to log in.

BOT_LEVELS is the single list of levels; the bots package and the table forms use it.
"""

from django.utils.translation import gettext, gettext_noop

from accounts.usernames import BOT_USERNAME_PREFIX

BOT_LEVELS = ("random", "greedy", "strong", "master")

# The accounts' stored names, in English; pages name a bot in their own language (bot_name).
BOT_DISPLAY_NAMES = {
    "random": gettext_noop("Random bot"),
    "greedy": gettext_noop("Greedy bot"),
    "strong": gettext_noop("Strong bot"),
    "master": gettext_noop("Master bot"),
}


def bot_name(level: str) -> str:
    """A bot's name in the active language."""
    return gettext(BOT_DISPLAY_NAMES[level])


def bot_username(level: str) -> str:
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {level!r}; expected one of {', '.join(BOT_LEVELS)}")
    return f"{BOT_USERNAME_PREFIX}{level}"
