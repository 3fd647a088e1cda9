"""What each user wants to hear about, their Web Push subscriptions, and the e-mail batches
(at most one e-mail per game and hour). Only notifications.services writes these rows."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

# The kinds of notification; each has its own opt-out (NotificationSettings.<kind>).
KINDS = ("your_turn", "game_started", "game_ended", "fixture_started", "fixture_ended")
# What each kind is called on the settings page and in the e-mails' unsubscribe lines.
KIND_LABELS = {
    "your_turn": _("It becomes my move"),
    "game_started": _("A game of mine starts"),
    "game_ended": _("A game of mine ends"),
    "fixture_started": _("A league fixture of mine starts"),
    "fixture_ended": _("A league fixture of mine ends"),
}


class NotificationSettings(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="notification_settings")
    your_turn = models.BooleanField(default=True)
    game_started = models.BooleanField(default=True)
    game_ended = models.BooleanField(default=True)
    fixture_started = models.BooleanField(default=True)
    fixture_ended = models.BooleanField(default=True)
    email = models.BooleanField(default=True)  # e-mails at all (push follows its subscriptions)
    turn_sound = models.BooleanField(default=False)  # a sound when it becomes your move

    def __str__(self):
        return f"Notification settings of {self.user_id}"

    def wants(self, kind):
        return bool(getattr(self, kind))


class PushSubscription(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"Push subscription {self.pk} of {self.user_id}"

    def as_subscription_info(self):
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class GameEmailBatch(models.Model):
    """The e-mail news of one game for one user: what waits to be sent, and when the last
    e-mail went (the next is due an hour later)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    pending = models.JSONField(default=list)  # kinds waiting, in order
    last_sent_at = models.DateTimeField(null=True, blank=True)
    scheduled_for = models.DateTimeField(null=True, blank=True)  # a send task waits till then
    sent_count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"],
                                               name="email_batch_user_game_unique")]

    def __str__(self):
        return f"E-mails of game {self.game_id} to {self.user_id}"


class Notification(models.Model):
    """One line of a user's inbox. What happened is stored as a kind and its facts (`params`:
    names, numbers), never as a sentence: each reader sees it in their own language
    (notifications.texts). `key` folds repeated news of one thing into one unread line (your
    move in game 12 again)."""

    class Kind(models.TextChoices):
        TABLE_INVITATION = "table_invitation"
        LEAGUE_INVITATION = "league_invitation"
        REMATCH_OFFER = "rematch_offer"
        LEAGUE_NEWS = "league_news"
        TOURNAMENT_NEWS = "tournament_news"
        YOUR_TURN = "your_turn"
        GAME_NEWS = "game_news"
        ACCOUNT_NEWS = "account_news"  # about one's account itself (fair play's mark)

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="notifications")
    kind = models.CharField(max_length=32, choices=Kind.choices)
    params = models.JSONField(default=dict)
    url = models.CharField(max_length=300, blank=True)
    key = models.CharField(max_length=80, blank=True)
    created_at = models.DateTimeField()
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["user", "-created_at"], name="inbox_user_recent"),
                   models.Index(fields=["user", "read_at"], name="inbox_user_unread")]

    def __str__(self):
        return f"{self.kind} for {self.user_id}"
