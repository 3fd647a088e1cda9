"""Every write and credential check on accounts. Views, API views and commands call these."""

from django.contrib.auth import authenticate, password_validation
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from rest_framework.authtoken.models import Token

from accounts import login_throttle
from accounts.bots import BOT_DISPLAY_NAMES, BOT_LEVELS, bot_username
from accounts.errors import InvalidCredentials, LoginThrottled, RegistrationRejected
from accounts.models import User
from accounts.usernames import BOT_USERNAME_PREFIX, UsernameValidator

USERNAME_TAKEN = "That username is taken."


def username_problems(username: str) -> list[str]:
    """Why a new account may not have this username (empty if it may)."""
    try:
        UsernameValidator()(username)
    except ValidationError as error:
        return list(error.messages)
    if username.lower().startswith(BOT_USERNAME_PREFIX):
        return [f'Usernames starting with "{BOT_USERNAME_PREFIX}" are reserved for bots.']
    if User.objects.filter(username__iexact=username).exists():
        return [USERNAME_TAKEN]
    return []


def register_user(username: str, password: str, *, display_name: str = "", email: str = "") -> User:
    """Create a human account, or raise RegistrationRejected with the problems per field."""
    problems: dict[str, list[str]] = {}
    if name_problems := username_problems(username):
        problems["username"] = name_problems
    try:
        password_validation.validate_password(
            password, User(username=username, email=email, display_name=display_name)
        )
    except ValidationError as error:
        problems["password"] = list(error.messages)
    if len(display_name) > 50:
        problems["display_name"] = ["Display names are at most 50 characters."]
    if problems:
        raise RegistrationRejected(problems)
    try:
        with transaction.atomic():
            return User.objects.create_user(
                username=username,
                password=password,
                email=email,
                display_name=display_name.strip(),
            )
    except IntegrityError as error:  # a concurrent sign-up took the name ("Bob" vs "bob")
        raise RegistrationRejected({"username": [USERNAME_TAKEN]}) from error


def update_profile(user: User, *, display_name: str, email: str) -> User:
    """Change what others see of a player (display name) and the reset address."""
    display_name = display_name.strip()
    if len(display_name) > 50:
        raise RegistrationRejected({"display_name": ["Display names are at most 50 characters."]})
    user.display_name = display_name
    user.email = email
    user.save(update_fields=["display_name", "email"])
    return user


def check_credentials(username: str, password: str, *, client_ip: str | None, request=None) -> User:
    """The user with these credentials, counting failures against password guessing.

    Raises LoginThrottled when too many attempts failed recently, InvalidCredentials when the
    username or password is wrong (or the account is a bot or inactive; no difference is told).
    """
    throttle = login_throttle.check(username, client_ip)
    if throttle.blocked:
        raise LoginThrottled(throttle.retry_after_seconds)
    user = authenticate(request, username=username, password=password)
    if user is None:
        login_throttle.record_failure(username, client_ip)
        raise InvalidCredentials("Wrong username or password.")
    login_throttle.record_success(username)
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
