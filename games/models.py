"""Tables, seats, games and their move logs.

Only `games.services` writes these rows; everything else reads them (via `games.selectors`).
"""

from django.conf import settings
from django.db import models

from azul import engine


class Table(models.Model):
    class Status(models.TextChoices):
        OPEN = "open"
        PLAYING = "playing"
        FINISHED = "finished"
        ABORTED = "aborted"

    # The engine's registry lists the rulesets and their wall variants (Azul Duel: always 2
    # players, variant "standard").
    Variant = models.TextChoices(
        "Variant",
        [(variant.upper(), variant) for variant in dict.fromkeys(
            variant for ruleset in engine.REGISTRY.values() for variant in ruleset.variants)],
    )
    Ruleset = models.TextChoices("Ruleset", [(name.upper(), name) for name in engine.RULESETS])

    class ClockKind(models.TextChoices):
        NONE = "none"
        REALTIME = "realtime"
        CORRESPONDENCE = "correspondence"

    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_tables"
    )
    ruleset = models.CharField(max_length=16, choices=Ruleset.choices, default=Ruleset.CLASSIC)
    players = models.PositiveSmallIntegerField()
    variant = models.CharField(max_length=16, choices=Variant.choices, default=Variant.STANDARD)
    rated = models.BooleanField(default=False)
    clock_kind = models.CharField(max_length=16, choices=ClockKind.choices, default=ClockKind.NONE)
    clock_base_seconds = models.PositiveIntegerField(default=0)
    clock_increment_seconds = models.PositiveIntegerField(default=0)
    clock_days_per_move = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(
        max_length=16, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(players__gte=2, players__lte=4), name="table_players_2_to_4"
            ),
        ]

    def __str__(self):
        return f"Table {self.pk} ({self.players}p {self.variant}, {self.status})"

    def seats_in_order(self):
        """The seats by position: those loaded with the table (games.storage.lock_game loads
        them, users included, in the game's locking query), otherwise `seats.all()`."""
        loaded = getattr(self, "loaded_seats", None)
        return loaded if loaded is not None else list(self.seats.all())


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()  # chosen when joining; 0-based
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats"
    )
    player_index = models.PositiveSmallIntegerField(
        null=True, blank=True
    )  # engine seat, set at start
    time_left_ms = models.BigIntegerField(null=True, blank=True)  # realtime clock bank
    left = models.BooleanField(default=False)  # abandoned, resigned from 3-4 players or timed out
    left_reason = models.CharField(max_length=16, blank=True, default="")
    left_at = models.DateTimeField(null=True, blank=True)
    replaced_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_unique"),
            models.UniqueConstraint(
                fields=["table", "player_index"],
                condition=models.Q(player_index__isnull=False),
                name="seat_player_index_unique",
            ),
        ]

    def __str__(self):
        return f"Seat {self.position} of table {self.table_id}: {self.user_id}"

    @property
    def controller(self):
        """The account that moves for this seat now: the player, or the bot that replaced them."""
        return self.replaced_by if self.left else self.user


class Game(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing"
        FINISHED = "finished"
        ABORTED = "aborted"

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="game")
    state = models.JSONField()  # the engine's full to_dict(), seed included: never sent as is
    version = models.PositiveIntegerField(default=0)  # moves applied == state["move_count"]
    seed = models.BigIntegerField()  # secret until the game is over
    salt = models.CharField(max_length=64)
    commitment = models.CharField(max_length=64)  # sha256(f"{seed}:{salt}"), public from the start
    # The seed was given, not drawn: other games may be dealt from it (a tournament's duplicate
    # deal). Its seed and full state stay secret until every game of that seed is over
    # (selectors.seed_revealed), or a finished table would show the running ones their bag.
    shared_seed = models.BooleanField(default=False)
    status = models.CharField(
        max_length=16, choices=Status.choices, default=Status.PLAYING, db_index=True
    )
    result = models.JSONField(null=True, blank=True)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    # Not indexed: every clocked move rewrites it, and an index on it would keep the row from
    # being updated in place (HOT). The clock sweep finds overdue games by the status index.
    deadline_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Takebacks of a casual game (games.services.takebacks): {"offer": the pending request or
    # absent, "asked": {player index: requests made}, "done": takebacks applied}. On the game's row
    # so that the state a move broadcasts needs no query of its own to show them.
    takeback = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            # The games still running on a shared seed (seed_revealed's one query).
            models.Index(fields=["seed"], condition=models.Q(shared_seed=True),
                         name="game_shared_seed"),
        ]

    def __str__(self):
        return f"Game {self.pk} (v{self.version}, {self.status})"

    @property
    def is_over(self):
        return self.status != self.Status.PLAYING


class MoveRecord(models.Model):
    """One accepted move. Append-only: with the game's seed, the log reproduces the game."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    number = models.PositiveIntegerField()  # 1-based; the game's version after this move
    player_index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    move = models.JSONField()  # engine ClassicMove.to_dict() or DuelMove.to_dict()
    created_at = models.DateTimeField(auto_now_add=True)
    think_ms = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="move_number_unique"),
        ]

    def __str__(self):
        return f"Move {self.number} of game {self.game_id}"

    def save(self, *args, **kwargs):
        # The log is evidence: a recorded move is never rewritten.
        if not self._state.adding:
            raise ValueError("move records are append-only")
        super().save(*args, **kwargs)


class Takeback(models.Model):
    """A takeback request that was answered: accepted (its moves left the log and are kept here,
    as the evidence of what was played) or declined. The pending one is `Game.takeback["offer"]`."""

    class Outcome(models.TextChoices):
        ACCEPTED = "accepted"
        DECLINED = "declined"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="takebacks")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    player_index = models.PositiveSmallIntegerField()
    from_version = models.PositiveIntegerField()  # the game's version when it was asked
    back_to = models.PositiveIntegerField()  # the version it goes back to when accepted
    outcome = models.CharField(max_length=16, choices=Outcome.choices)
    # Who declined (null: accepted, or by bots alone)
    declined_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    moves = models.JSONField(default=list, blank=True)  # the MoveRecords it removed, as dicts
    requested_at = models.DateTimeField()
    decided_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["decided_at", "id"]

    def __str__(self):
        return f"Takeback {self.from_version}->{self.back_to} of game {self.game_id} ({self.outcome})"
