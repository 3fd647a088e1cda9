"""Rematch offers after a game, and the seek queue of quick play.

Only `matchmaking.services.rematches` and `matchmaking.services.seeks` write these rows.
"""

from django.conf import settings
from django.db import models


class RematchOffer(models.Model):
    """The one rematch offer of a finished game; a new offer after a refusal reuses the row."""

    class Status(models.TextChoices):
        OPEN = "open"
        STARTED = "started"  # everyone accepted: new_game is the rematch
        DECLINED = "declined"
        CANCELLED = "cancelled"
        EXPIRED = "expired"

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="rematch")
    offered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                   related_name="+")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    accepted = models.JSONField(default=list)  # user ids of the humans who said yes
    declined_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                    null=True, blank=True, related_name="+")
    new_game = models.OneToOneField("games.Game", on_delete=models.SET_NULL, null=True,
                                    blank=True, related_name="rematch_of")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self):
        return f"Rematch of game {self.game_id} ({self.status})"


class Seek(models.Model):
    """A player waiting for an opponent with these options (quick play, "find an opponent")."""

    class Status(models.TextChoices):
        WAITING = "waiting"
        PAIRED = "paired"
        CANCELLED = "cancelled"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="seeks")
    ruleset = models.CharField(max_length=16)
    players = models.PositiveSmallIntegerField(default=2)
    rated = models.BooleanField(default=False)
    clock_kind = models.CharField(max_length=16)
    clock_base_seconds = models.PositiveIntegerField(default=0)
    clock_increment_seconds = models.PositiveIntegerField(default=0)
    clock_days_per_move = models.PositiveSmallIntegerField(default=0)
    rating = models.FloatField()  # the seeker's rating on the ladder when they asked
    deviation = models.FloatField(default=500.0)  # and its uncertainty (ratings: Glicko-2's RD)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)
    game = models.ForeignKey("games.Game", on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            # One waiting seek per user, whatever races the requests run.
            models.UniqueConstraint(fields=["user"], condition=models.Q(status="waiting"),
                                    name="seek_one_waiting_per_user"),
        ]
        indexes = [models.Index(fields=["status", "ruleset", "clock_kind"],
                                name="seek_waiting_options")]

    def __str__(self):
        return f"Seek {self.pk} by {self.user_id} ({self.status})"
