"""A player's rating on each ladder, and every change a rated game made to it.

The changes are the ledger: each keeps the rating before and after, so the history chart and
`manage.py recompute_ratings` need nothing else. Only `ratings.services` (and the
recomputation in `ratings.rebuild`) writes these rows.
"""

from django.conf import settings
from django.db import models

from .maths.games import is_provisional
from .maths.glicko2 import START_DEVIATION, START_RATING


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    ladder = models.CharField(max_length=24)
    rating = models.FloatField(default=START_RATING)
    # The model's uncertainty (Glicko-2's RD, Plackett–Luce's sigma), on the rating's scale.
    deviation = models.FloatField(default=START_DEVIATION)
    volatility = models.FloatField(null=True, blank=True)  # Glicko-2 ladders only
    games = models.PositiveIntegerField(default=0)  # rated games played on this ladder
    last_rated_at = models.DateTimeField(null=True, blank=True)  # the last rated game's end
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "ladder"], name="rating_user_ladder_unique"),
        ]
        indexes = [models.Index(fields=["ladder", "-rating"], name="rating_ladder_rating")]

    def __str__(self):
        return f"{self.user_id} {self.ladder}: {self.rating}"

    @property
    def provisional(self):
        return is_provisional(self.deviation)

    @property
    def shown(self):
        return round(self.rating)


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
    games_before = models.PositiveIntegerField()
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    delta = models.FloatField()
    deviation_before = models.FloatField(null=True)  # grown by the time away, as the game used it
    deviation_after = models.FloatField(null=True)
    volatility_after = models.FloatField(null=True, blank=True)  # Glicko-2 ladders only
    weight = models.FloatField(default=1.0)  # the anti-farming rule: how much the game counted
    frozen = models.BooleanField(default=False)  # a bot: rated against, never moved
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="rating_change_game_user_unique"),
        ]
        indexes = [models.Index(fields=["user", "ladder", "id"], name="rating_change_history")]

    def __str__(self):
        return f"game {self.game_id} user {self.user_id}: {self.delta:+}"


class RatingReversal(models.Model):
    """A rating change undone because an account of the game was found cheating (fair play,
    docs/fair-play.md): the change's delta was taken off its player's rating. One per change
    (the primary key), so a change is reverted at most once, whoever races to do it."""

    change = models.OneToOneField(RatingChange, on_delete=models.CASCADE, primary_key=True,
                                  related_name="reversal")
    # The marked account whose game it was.
    cheater = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="+")
    reverted_at = models.DateTimeField()

    def __str__(self):
        return f"change {self.change_id} reverted ({self.cheater_id})"
