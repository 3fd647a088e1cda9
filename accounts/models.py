from django.conf import settings
from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from accounts import names
from accounts.bots import BOT_DISPLAY_NAMES, BOT_LEVELS, bot_name
from accounts.usernames import USERNAME_MAX_LENGTH, UsernameValidator


class CaseInsensitiveUserManager(UserManager):
    def get_by_natural_key(self, username):
        # Logging in as "Alice" or "alice" reaches the same account.
        return self.get(username__iexact=username)


class FollowPolicy(models.TextChoices):
    """Who may follow a player and so see whether they are online (social.services.friends)."""

    EVERYONE = "everyone", gettext_lazy("Everyone")
    FOLLOWED = "followed", gettext_lazy("Only players I follow")
    NOBODY = "nobody", gettext_lazy("Nobody")


class User(AbstractUser):
    username = models.CharField(
        max_length=USERNAME_MAX_LENGTH,
        unique=True,
        validators=[UsernameValidator()],
        help_text=gettext_lazy("3 to 30 characters: letters, digits, _ or -."),
        error_messages={"unique": gettext_lazy("That username is taken.")},
    )
    display_name = models.CharField(max_length=50, blank=True)
    # Casual games: a move is shown and waits for Confirm (Escape changes it) before it is sent.
    confirm_moves = models.BooleanField(default=True)
    # The site's language for this player (settings.LANGUAGES); empty: the browser's choice.
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, blank=True, default="")
    # The owner of `email` followed its signed link (accounts.email_confirmation): until then no
    # notification mail goes there, so nobody can make the site mail a stranger's inbox.
    email_confirmed = models.BooleanField(default=False)
    is_bot = models.BooleanField(default=False)
    # Empty for people (the API shows it as null: accounts.selectors, games.payloads).
    bot_level = models.CharField(
        max_length=16,
        choices=[(level, level) for level in BOT_LEVELS],
        blank=True,
        default="",
    )

    # Everyone by default: following is how players invite each other, and the accounts that
    # existed before the setting kept their followers; a player narrows it in their settings.
    follow_policy = models.CharField(
        max_length=16, choices=FollowPolicy.choices, default=FollowPolicy.EVERYONE
    )
    # Set when the player deleted their account (accounts.deletion): the row stays, anonymised,
    # so that their games, seats and the ratings history of their opponents stay whole.
    deleted_at = models.DateTimeField(null=True, blank=True)

    objects = CaseInsensitiveUserManager()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                Lower("username"),
                name="accounts_user_username_ci_unique",
                violation_error_message=gettext_lazy("That username is taken."),
            ),
            models.CheckConstraint(
                condition=models.Q(is_bot=True) | models.Q(bot_level=""),
                name="accounts_user_bot_level_only_for_bots",
            ),
        ]

    def __str__(self) -> str:
        return self.username

    def save(self, *args, **kwargs):
        super().save(*args, **kwargs)
        update_fields = kwargs.get("update_fields")
        if update_fields is None or {"username", "display_name"} & set(update_fields):
            # Whoever writes the names (services, admin, commands), the claims follow; the
            # services refuse a name when one of its keys stays with someone else.
            self.name_conflicts = NameClaim.sync(self)

    @property
    def shown_name(self) -> str:
        """The name pages show: the display name if set, else the username."""
        if self.deleted_at is not None:
            return gettext("deleted player")
        if self.is_bot and self.bot_level in BOT_DISPLAY_NAMES:
            return bot_name(self.bot_level)  # in the reader's language, not the stored English
        return self.display_name or self.username


class NameClaim(models.Model):
    """A folded name (accounts.names.fold) held by one player: their username's or display
    name's. The unique key is what keeps look-alike names apart, races included."""

    key = models.CharField(max_length=400, unique=True)
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="name_claims")
    # A deleted account's names stay held until then, so nobody takes them over at once.
    reserved_until = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.key} ({self.user_id})"

    @staticmethod
    def keys_for(username: str, display_name: str) -> set[str]:
        return {key for key in (names.fold(username), names.fold(display_name)) if key}

    @classmethod
    def sync(cls, user: User) -> set[str]:
        """Make the user hold the keys of their current names (and no others); the keys that
        another player holds already are returned."""
        wanted = cls.keys_for(user.username, user.display_name)
        cls.objects.filter(user=user, reserved_until__isnull=True).exclude(key__in=wanted).delete()
        cls.objects.filter(key__in=wanted, reserved_until__lte=timezone.now()).delete()
        cls.objects.bulk_create([cls(key=key, user=user) for key in wanted], ignore_conflicts=True)
        held = set(cls.objects.filter(user=user, key__in=wanted).values_list("key", flat=True))
        return wanted - held


class FairPlayMark(models.Model):
    """An account a moderator found cheating (docs/fair-play.md). Written only by fairplay's
    services; kept here, below every app, so that ratings (leaderboards, rating) and
    tournaments (registration) can read it without knowing the fair-play app."""

    user = models.OneToOneField(User, on_delete=models.CASCADE, primary_key=True,
                                related_name="fair_play_mark")
    marked_at = models.DateTimeField()
    ladder = models.CharField(max_length=24)  # the ladder whose case was confirmed

    def __str__(self) -> str:
        return f"{self.user_id} marked {self.marked_at:%Y-%m-%d}"

    @classmethod
    def is_marked(cls, user_id) -> bool:
        return cls.objects.filter(user_id=user_id).exists()

    @classmethod
    def marked_ids(cls, user_ids) -> set[int]:
        """Of `user_ids`, the marked accounts."""
        return set(cls.objects.filter(user_id__in=list(user_ids)).values_list("user_id", flat=True))
