from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models
from django.db.models.functions import Lower

from accounts.bots import BOT_LEVELS
from accounts.usernames import USERNAME_MAX_LENGTH, UsernameValidator


class CaseInsensitiveUserManager(UserManager):
    def get_by_natural_key(self, username):
        # Logging in as "Alice" or "alice" reaches the same account.
        return self.get(username__iexact=username)


class User(AbstractUser):
    username = models.CharField(
        max_length=USERNAME_MAX_LENGTH,
        unique=True,
        validators=[UsernameValidator()],
        help_text="3 to 30 characters: letters, digits, _ or -.",
        error_messages={"unique": "That username is taken."},
    )
    display_name = models.CharField(max_length=50, blank=True)
    is_bot = models.BooleanField(default=False)
    bot_level = models.CharField(
        max_length=16,
        choices=[(level, level) for level in BOT_LEVELS],
        null=True,
        blank=True,
    )

    objects = CaseInsensitiveUserManager()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                Lower("username"),
                name="accounts_user_username_ci_unique",
                violation_error_message="That username is taken.",
            ),
            models.CheckConstraint(
                condition=models.Q(is_bot=True) | models.Q(bot_level__isnull=True),
                name="accounts_user_bot_level_only_for_bots",
            ),
        ]

    def __str__(self) -> str:
        return self.username

    @property
    def shown_name(self) -> str:
        """The name pages show: the display name if set, else the username."""
        return self.display_name or self.username
