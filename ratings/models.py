"""A player's rating on each ladder, and every change a rated game made to it.

The changes are the ledger: each keeps the rating before and after, so the history chart and
`manage.py recompute_ratings` need nothing else. Only `ratings.services` writes these rows.
"""

from django.conf import settings
from django.db import models

from .elo import START_RATING, is_provisional, shown_rating


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    ladder = models.CharField(max_length=24)
    rating = models.FloatField(default=START_RATING)
    games = models.PositiveIntegerField(default=0)  # rated games played on this ladder
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "ladder"], name="rating_user_ladder_unique"),
        ]
        indexes = [models.Index(fields=["ladder", "-rating"], name="rating_ladder_rating")]

    @property
    def provisional(self):
        return is_provisional(self.games)

    @property
    def shown(self):
        return shown_rating(self.rating)

    def __str__(self):
        return f"{self.user_id} {self.ladder}: {self.rating}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating. Unique per (game, user): rated once."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    ladder = models.CharField(max_length=24)
    player_index = models.PositiveSmallIntegerField()
    rank = models.PositiveSmallIntegerField()
    left = models.BooleanField(default=False)
    games_before = models.PositiveIntegerField()  # decides K (provisional or not)
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    delta = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="rating_change_game_user_unique"),
        ]
        indexes = [models.Index(fields=["user", "ladder", "id"], name="rating_change_history")]

    def __str__(self):
        return f"game {self.game_id} user {self.user_id}: {self.delta:+}"
