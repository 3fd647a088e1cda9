"""The bot accounts that sit at tables: one user per level, owned by the accounts app."""

from django.contrib.auth import get_user_model

from accounts.bots import BOT_LEVELS, bot_username


def bot_levels():
    return BOT_LEVELS


def bot_account(level):
    """The user who plays for bots of `level`, created (with its siblings) on first use."""
    user = get_user_model().objects.filter(username=bot_username(level), is_bot=True).first()
    if user is None:
        from accounts.services import ensure_bot_accounts

        user = next(bot for bot in ensure_bot_accounts() if bot.bot_level == level)
    return user
