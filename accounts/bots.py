"""Bot accounts: one user per bot level, flagged as a bot, unable to log in.

BOT_LEVELS is the single list of levels; the bots package and the table forms use it.
"""

from accounts.usernames import BOT_USERNAME_PREFIX

BOT_LEVELS = ("random", "greedy", "strong", "master")

BOT_DISPLAY_NAMES = {
    "random": "Random bot",
    "greedy": "Greedy bot",
    "strong": "Strong bot",
    "master": "Master bot",
}


def bot_username(level: str) -> str:
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {level!r}; expected one of {', '.join(BOT_LEVELS)}")
    return f"{BOT_USERNAME_PREFIX}{level}"
