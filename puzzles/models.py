"""Puzzles (docs/puzzles.md): positions where one move is clearly best, their Glicko-2 puzzle
ratings, the players' puzzle ratings (a store of their own, not their game ratings), one rated
attempt per puzzle and player, the daily puzzle, and which analyses were mined.
Only puzzles.services writes these rows."""

from django.conf import settings
from django.db import models

from ratings.maths.glicko2 import START_DEVIATION, START_RATING, START_VOLATILITY


class Puzzle(models.Model):
    class Source(models.TextChoices):
        SHIPPED = "shipped"  # mined from bot-vs-bot games, shipped as data
        GAME = "game"  # mined from an analysed game of the site

    key = models.CharField(max_length=32, unique=True)  # azul.puzzles.canonical_key: no near-duplicates
    ruleset = models.CharField(max_length=16)
    players = models.PositiveSmallIntegerField()
    variant = models.CharField(max_length=16, default="standard")
    state = models.JSONField()  # the public state (no seed, no hidden order)
    solution = models.JSONField()  # the engine move
    alternative = models.JSONField()  # the best other move
    gap = models.FloatField()  # points, the mining search's
    check_gap = models.FloatField()  # points, the deeper search's
    explanation = models.JSONField()  # azul.puzzles.explanation
    # ",theme,theme," so that one theme is a portable substring filter (SQLite and PostgreSQL).
    themes = models.CharField(max_length=200, blank=True)
    source = models.CharField(max_length=16, choices=Source.choices)
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="+")
    ply = models.PositiveIntegerField(default=0)  # moves of the game before the position
    rating = models.FloatField(default=START_RATING)
    deviation = models.FloatField(default=START_DEVIATION)
    volatility = models.FloatField(default=START_VOLATILITY)
    attempts = models.PositiveIntegerField(default=0)  # rated attempts
    solves = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["rating"], name="puzzle_by_rating")]

    def __str__(self):
        return f"Puzzle {self.pk} ({self.ruleset}, {self.rating:.0f})"

    @property
    def theme_list(self):
        return [theme for theme in self.themes.split(",") if theme]


class PuzzlePlayer(models.Model):
    """A player's puzzle rating (Glicko-2), separate from their game ratings."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
                                related_name="puzzle_rating")
    rating = models.FloatField(default=START_RATING)
    deviation = models.FloatField(default=START_DEVIATION)
    volatility = models.FloatField(default=START_VOLATILITY)
    attempts = models.PositiveIntegerField(default=0)
    solves = models.PositiveIntegerField(default=0)
    best_streak = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"{self.user_id}: {self.rating:.0f}"


class PuzzleAttempt(models.Model):
    """The one rated attempt of a player at a puzzle (the unique key makes it once)."""

    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="rated_attempts")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="puzzle_attempts")
    move = models.JSONField()
    solved = models.BooleanField()
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    puzzle_rating_before = models.FloatField()
    puzzle_rating_after = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [models.UniqueConstraint(fields=["puzzle", "user"], name="one_rated_attempt_per_puzzle")]

    def __str__(self):
        return f"{self.user_id} on puzzle {self.puzzle_id}: {'solved' if self.solved else 'failed'}"


class DailyPuzzle(models.Model):
    """The puzzle of a day, chosen once (the unique keys settle a race) and never used again."""

    day = models.DateField(unique=True)
    puzzle = models.OneToOneField(Puzzle, on_delete=models.CASCADE, related_name="daily")

    def __str__(self):
        return f"{self.day}: {self.puzzle_id}"


class MinedAnalysis(models.Model):
    """An analysis whose game was mined for puzzles (so `mine_puzzles` and the task skip it)."""

    analysis = models.OneToOneField("analysis.GameAnalysis", on_delete=models.CASCADE, primary_key=True,
                                    related_name="+")
    found = models.PositiveIntegerField(default=0)
    mined_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"analysis {self.analysis_id}: {self.found}"
