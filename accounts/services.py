"""Every write on accounts. Views, API views and commands call these (logins: accounts.logins)."""

from django.contrib.auth import password_validation
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from rest_framework.authtoken.models import Token

from accounts import email_confirmation, name_rules, names
from accounts.bots import BOT_DISPLAY_NAMES, BOT_LEVELS, bot_username
from accounts.errors import RegistrationRejected
from accounts.models import User


def register_user(username: str, password: str, *, display_name: str = "", email: str = "") -> User:
    """Create a human account, or raise RegistrationRejected with the problems per field."""
    display_name = display_name.strip()
    problems: dict[str, list[str]] = {}
    if name_problems := name_rules.username_problems(username):
        problems["username"] = name_problems
    if shown_problems := name_rules.display_name_problems(display_name, username=username):
        problems["display_name"] = shown_problems
    try:
        password_validation.validate_password(
            password, User(username=username, email=email, display_name=display_name)
        )
    except ValidationError as error:
        problems["password"] = list(error.messages)
    if problems:
        raise RegistrationRejected(problems)
    try:
        with transaction.atomic():
            user = User.objects.create_user(
                username=username, password=password, email=email, display_name=display_name
            )
            if user.name_conflicts:  # a concurrent sign-up or rename took a look-alike
                raise RegistrationRejected(_conflict_fields(user))
            email_confirmation.send_confirmation(user)  # after the commit
            return user
    except IntegrityError as error:  # a concurrent sign-up took the name ("Bob" vs "bob")
        raise RegistrationRejected({"username": [name_rules.USERNAME_TAKEN]}) from error


def _conflict_fields(user: User) -> dict[str, list[str]]:
    fields = {"username": user.username, "display_name": user.display_name}
    return {
        field: [name_rules.TOO_CLOSE]
        for field, name in fields.items()
        if names.fold(name) in user.name_conflicts
    }


def update_profile(user: User, *, display_name: str, email: str, confirm_moves: bool | None = None) -> User:
    """Change what others see of a player (display name), the reset address and, when given,
    whether their casual moves wait for Confirm."""
    display_name = display_name.strip()
    if problems := name_rules.display_name_problems(
        display_name, username=user.username, user=user
    ):
        raise RegistrationRejected({"display_name": problems})
    before = (user.display_name, user.email, user.confirm_moves, user.email_confirmed)
    new_address = email.strip().casefold() != user.email.strip().casefold()
    user.display_name, user.email = display_name, email
    fields = ["display_name", "email"]
    if new_address:  # a new address is nobody's until its owner follows the new link
        user.email_confirmed = False
        fields.append("email_confirmed")
    if confirm_moves is not None:
        user.confirm_moves = bool(confirm_moves)
        fields.append("confirm_moves")
    try:
        with transaction.atomic():
            user.save(update_fields=fields)
            if user.name_conflicts:  # taken by a concurrent sign-up or rename
                raise RegistrationRejected({"display_name": [name_rules.TOO_CLOSE]})
            if new_address:
                email_confirmation.send_confirmation(user)  # after the commit
    except RegistrationRejected:
        user.display_name, user.email, user.confirm_moves, user.email_confirmed = before
        raise
    return user


def api_token_for(user: User) -> str:
    """The user's API token key, created on first use."""
    token, _created = Token.objects.get_or_create(user=user)
    return token.key


def ensure_bot_accounts() -> list[User]:
    """One bot user per level, created if missing; safe to run any number of times."""
    bots = []
    for level in BOT_LEVELS:
        bot, created = User.objects.get_or_create(
            username=bot_username(level),
            defaults={"is_bot": True, "bot_level": level, "display_name": BOT_DISPLAY_NAMES[level]},
        )
        if created:
            bot.set_unusable_password()
            bot.save(update_fields=["password"])
        bots.append(bot)
    return bots


def set_language(user: User, language: str) -> User:
    """Store the player's site language (one of settings.LANGUAGES)."""
    if user.language != language:
        user.language = language
        user.save(update_fields=["language"])
    return user
