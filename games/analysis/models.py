"""One analysis per finished game, shared by everyone, one row per move judged, and one summary
(accuracy, grade counts) per player once the analysis is done.

Only games.analysis.services writes these rows.
"""

from django.conf import settings
from django.db import models


class GameAnalysis(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="analysis")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED,
                              db_index=True)
    progress = models.PositiveIntegerField(default=0)  # moves judged so far
    total = models.PositiveIntegerField(default=0)  # moves to judge (the game's version)
    nodes = models.PositiveIntegerField()  # positions searched per move, fixed at request time
    engine_version = models.CharField(max_length=32)
    bot_version = models.CharField(max_length=32)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True,
                                     on_delete=models.SET_NULL, related_name="+")
    requested_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    error = models.CharField(max_length=200, blank=True)

    class Meta:
        indexes = [models.Index(fields=["requested_by", "requested_at"])]

    def __str__(self):
        return f"Analysis of game {self.game_id} ({self.status} {self.progress}/{self.total})"


class MoveAnalysis(models.Model):
    analysis = models.ForeignKey(GameAnalysis, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField()  # the move's number in the log (MoveRecord.number)
    player = models.PositiveSmallIntegerField()
    played = models.JSONField()
    best = models.JSONField()
    played_margin = models.FloatField()  # expected final-score margin for the mover, in points
    best_margin = models.FloatField()
    loss = models.FloatField()
    grade = models.CharField(max_length=16)
    forced = models.BooleanField(default=False)
    depth = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["ply"]
        constraints = [
            models.UniqueConstraint(fields=["analysis", "ply"], name="one_row_per_analysed_move"),
        ]

    def __str__(self):
        return f"Move {self.ply} of analysis {self.analysis_id}: {self.grade}"


class PlayerAccuracy(models.Model):
    """One player's summary of a finished analysis (azul.bots.analysis.accuracy; docs/analysis.md
    "Accuracy"), written with the analysis' end: what the profile's trend and fair play read
    without going through every move."""

    analysis = models.ForeignKey(GameAnalysis, on_delete=models.CASCADE, related_name="accuracies")
    player = models.PositiveSmallIntegerField()  # the seat (MoveAnalysis.player)
    accuracy = models.FloatField(null=True)  # 0-100; null: no move of theirs but forced ones
    moves = models.PositiveIntegerField()  # moves judged, forced included
    unforced = models.PositiveIntegerField()
    average_loss = models.FloatField()  # points lost per move
    inaccuracies = models.PositiveIntegerField()
    mistakes = models.PositiveIntegerField()
    blunders = models.PositiveIntegerField()
    # Fair play's figures (docs/fair-play.md): unforced moves that were the judge's best, and the
    # points the unforced moves lost with the sum of their squares (their spread). Null on rows
    # written before they existed, until the migration that added them filled them in.
    agreements = models.PositiveIntegerField(null=True)
    unforced_loss = models.FloatField(null=True)
    unforced_loss_squares = models.FloatField(null=True)

    class Meta:
        ordering = ["player"]
        constraints = [
            models.UniqueConstraint(fields=["analysis", "player"], name="one_accuracy_per_player"),
        ]

    def __str__(self):
        return f"Player {self.player} of analysis {self.analysis_id}: {self.accuracy}"
