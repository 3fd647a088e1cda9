"""Table chat, mutes, reports, follows and table invitations.

Only `social.services` writes these rows.
"""

from django.conf import settings
from django.db import models

MAX_MESSAGE_LENGTH = 300


class ChatMessage(models.Model):
    """One chat line of a game, in the channel of its author's role when they wrote it."""

    class Channel(models.TextChoices):
        PLAYERS = "players"
        SPECTATORS = "spectators"

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="chat_messages")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages"
    )
    channel = models.CharField(max_length=16, choices=Channel.choices)
    text = models.CharField(max_length=MAX_MESSAGE_LENGTH)
    ply = models.PositiveIntegerField()  # the game's version (moves made) when it was posted
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["game", "id"], name="chat_game_id")]

    def __str__(self):
        return f"{self.author_id} in game {self.game_id} ({self.channel}): {self.text[:40]}"


class Mute(models.Model):
    """`muter` no longer sees `muted`'s chat messages, in any game, until they unmute."""

    muter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mutes"
    )
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["muter", "muted"], name="mute_unique"),
            models.CheckConstraint(
                condition=~models.Q(muter=models.F("muted")), name="mute_not_self"
            ),
        ]

    def __str__(self):
        return f"{self.muter_id} mutes {self.muted_id}"


class Report(models.Model):
    """A chat message reported to the moderators (the admin's queue)."""

    message = models.ForeignKey(ChatMessage, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_reports"
    )
    reason = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    handled_at = models.DateTimeField(null=True, blank=True)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["handled_at", "-created_at"]  # open reports (no handled_at) first
        constraints = [
            models.UniqueConstraint(fields=["reporter", "message"], name="report_once"),
        ]

    def __str__(self):
        return f"Report {self.pk} of message {self.message_id}"

    @property
    def handled(self):
        return self.handled_at is not None


class Follow(models.Model):
    """`follower` follows `followed`: sees whether they are online and may invite them."""

    follower = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="follows"
    )
    followed = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="followers"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["followed__username"]
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="follow_unique"),
            models.CheckConstraint(
                condition=~models.Q(follower=models.F("followed")), name="follow_not_self"
            ),
        ]

    def __str__(self):
        return f"{self.follower_id} follows {self.followed_id}"


class Invitation(models.Model):
    """An invitation to take an open seat at a table."""

    class Status(models.TextChoices):
        PENDING = "pending"
        ACCEPTED = "accepted"
        DECLINED = "declined"

    table = models.ForeignKey("games.Table", on_delete=models.CASCADE, related_name="invitations")
    inviter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sent_invitations"
    )
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations"
    )
    status = models.CharField(
        max_length=16, choices=Status.choices, default=Status.PENDING, db_index=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "invitee"],
                condition=models.Q(status="pending"),
                name="invitation_pending_once",
            ),
        ]

    def __str__(self):
        return f"Invitation {self.pk} of {self.invitee_id} to table {self.table_id}"
