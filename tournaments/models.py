"""Tournaments, their entries, rounds, pairings (a game or a bye) and the organisers' audit log.

Only `tournaments.services` writes these rows. A pairing's game is an ordinary table started
through `games.services.start_arranged_table`; the pairing points at it. Standings are computed
from the pairings' players (tournaments.standings; an arena's from each entry's `arena` state,
kept up to date game by game) and frozen in `Tournament.standings` at the end.
"""

from django.conf import settings
from django.db import models

from .audit_events import describe


class Tournament(models.Model):
    class Format(models.TextChoices):
        SWISS = "swiss"  # two players a game, N rounds
        MULTI_SWISS = "multi_swiss"  # tables of 3 or 4, N rounds, points by place
        KNOCKOUT = "knockout"  # seeded single elimination, best-of-N matches
        ARENA = "arena"  # a fixed time; re-paired as soon as one is free

    class Visibility(models.TextChoices):
        PUBLIC = "public"
        INVITE = "invite"  # seen and joined with the invite link's code only

    class Status(models.TextChoices):
        REGISTRATION = "registration"
        RUNNING = "running"
        FINISHED = "finished"  # standings frozen in `standings`
        CANCELLED = "cancelled"

    name = models.CharField(max_length=80)
    description = models.TextField(blank=True, max_length=2000)
    format = models.CharField(max_length=16, choices=Format.choices)
    visibility = models.CharField(max_length=8, choices=Visibility.choices,
                                  default=Visibility.PUBLIC)
    invite_code = models.CharField(max_length=32, unique=True, null=True, blank=True)
    password = models.CharField(max_length=128, blank=True)  # Django's hash; "" for none
    ruleset = models.CharField(max_length=16, default="classic")  # games.models.Table.Ruleset
    players_per_game = models.PositiveSmallIntegerField(default=2)
    variant = models.CharField(max_length=16, default="standard")
    rated = models.BooleanField(default=False)
    bots_allowed = models.BooleanField(default=False)  # casual tournaments only
    clock_kind = models.CharField(max_length=16)  # realtime or correspondence
    clock_base_seconds = models.PositiveIntegerField(default=0)
    clock_increment_seconds = models.PositiveIntegerField(default=0)
    clock_days_per_move = models.PositiveSmallIntegerField(default=0)
    max_players = models.PositiveSmallIntegerField(default=64)
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)  # Swiss formats
    duration_minutes = models.PositiveIntegerField(null=True, blank=True)  # arena
    best_of = models.PositiveSmallIntegerField(default=1)  # knockout matches
    round_hours = models.PositiveIntegerField(null=True, blank=True)  # correspondence rounds
    duplicate_deals = models.BooleanField(default=False)  # Swiss formats: one deal a round
    placement_points = models.JSONField(null=True, blank=True)  # multiplayer Swiss; None: default
    starts_at = models.DateTimeField()
    status = models.CharField(max_length=16, choices=Status.choices,
                              default=Status.REGISTRATION, db_index=True)
    paused = models.BooleanField(default=False)  # no new pairings while set
    current_round = models.PositiveSmallIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)  # arena: started_at + duration
    # Arena: when an advance first found its time up. From then on nobody is paired or joins,
    # whatever a later caller's clock reads (a lagging host; a test's simulated `now`).
    time_up_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    reminded_at = models.DateTimeField(null=True, blank=True)
    standings = models.JSONField(null=True, blank=True)  # the final standings, frozen
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(players_per_game__gte=2, players_per_game__lte=4),
                name="tournament_players_per_game_2_to_4",
            ),
        ]

    def __str__(self):
        return f"{self.name} ({self.format}, {self.status})"

    def time_is_up(self, now):
        """An arena's end has come: recorded by an advance already, or reached by `now`."""
        return self.time_up_at is not None or (self.ends_at is not None and now >= self.ends_at)


class Entry(models.Model):
    """A player's place in a tournament, from registration on."""

    class Status(models.TextChoices):
        ACTIVE = "active"
        WITHDRAWN = "withdrawn"  # by themselves, or after missing NO_SHOW_LIMIT games
        REMOVED = "removed"  # by an organiser

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    seed_rating = models.IntegerField(default=1500)  # on the tournament's ladder, at the start
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    late = models.BooleanField(default=False)  # joined after the start
    no_shows = models.PositiveSmallIntegerField(default=0)
    joined_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    # Arena: the player's score so far (tournaments.pairing.ArenaState as JSON; None before their
    # first game), each game folded in as its pairing is decided: the standings and the pairing
    # read it instead of replaying every pairing.
    arena = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["tournament_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="tournament_entry_unique"),
        ]

    def __str__(self):
        return f"entry {self.pk} of user {self.user_id} in tournament {self.tournament_id}"

    @property
    def active(self):
        return self.status == self.Status.ACTIVE


class Round(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing"
        DONE = "done"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    started_at = models.DateTimeField()
    deadline_at = models.DateTimeField(null=True, blank=True)  # correspondence: its games' end
    finished_at = models.DateTimeField(null=True, blank=True)
    # A duplicate round's deal: every table of the round plays from it. Secret: the games commit
    # to it and reveal it once they are all over (games.selectors.seed_revealed).
    seed = models.BigIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["tournament_id", "number"]
        constraints = [
            # One pairing of each round, whoever races to make it (docs/tournaments.md).
            models.UniqueConstraint(fields=["tournament", "number"],
                                    name="tournament_round_number_unique"),
        ]

    def __str__(self):
        return f"round {self.number} of tournament {self.tournament_id} ({self.status})"


class Pairing(models.Model):
    """One game of a round (or of an arena), or a bye."""

    class Kind(models.TextChoices):
        GAME = "game"
        BYE = "bye"

    class Status(models.TextChoices):
        PLAYING = "playing"
        DONE = "done"

    class DecidedBy(models.TextChoices):
        GAME = "game"  # the board's result (a leaver ranks last)
        NO_SHOW = "no_show"  # aborted: a player never made a first move
        DEADLINE = "deadline"  # a correspondence round's deadline: the player to move loses
        BYE = "bye"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, null=True, blank=True,
                              related_name="pairings")  # None in an arena
    board = models.PositiveSmallIntegerField(default=1)  # its table number in the round
    game_number = models.PositiveSmallIntegerField(default=1)  # knockout: the match's game
    match = models.JSONField(null=True, blank=True)  # knockout: the match's [entry, entry]
    kind = models.CharField(max_length=4, choices=Kind.choices, default=Kind.GAME)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    decided_by = models.CharField(max_length=10, choices=DecidedBy.choices, blank=True)
    table = models.OneToOneField("games.Table", on_delete=models.SET_NULL, null=True, blank=True,
                                 related_name="tournament_pairing")
    # Correspondence: when the player to move loses the game (the round's deadline in a Swiss;
    # round_hours from each game's start in a knockout match).
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["round", "board", "game_number"],
                                    condition=models.Q(round__isnull=False),
                                    name="tournament_pairing_board_unique"),
        ]
        indexes = [models.Index(fields=["tournament", "status"], name="tournament_pairing_status")]

    def __str__(self):
        return f"pairing {self.pk} ({self.kind}, {self.status}) of tournament {self.tournament_id}"


class PairingPlayer(models.Model):
    """An entry's part in a pairing: its seat, and once decided its place and points."""

    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="players")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="pairing_players")
    order = models.PositiveSmallIntegerField()  # the game's player index: 0 moves first
    place = models.PositiveSmallIntegerField(null=True, blank=True)  # competition rank
    points = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)
    score = models.IntegerField(null=True, blank=True)  # the board's points (game points)
    moves = models.PositiveSmallIntegerField(default=0)  # moves made (an arena's berserk)
    berserk = models.BooleanField(default=False)
    no_show = models.BooleanField(default=False)

    class Meta:
        ordering = ["pairing_id", "order"]
        constraints = [
            models.UniqueConstraint(fields=["pairing", "entry"], name="pairing_player_unique"),
        ]

    def __str__(self):
        return f"entry {self.entry_id} in pairing {self.pairing_id}"


class AuditLog(models.Model):
    """Every organiser action (and what the site did on its own: a no-show withdrawal, a start
    cancelled for want of players), written in the same transaction as the action."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="audit_log")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True,
                              related_name="+")
    action = models.CharField(max_length=32)  # the event's kind; `data` holds its parameters
    reason = models.TextField(blank=True)
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self):
        return f"audit {self.pk}: {self.action} in tournament {self.tournament_id}"

    @property
    def text(self):
        return describe(self.action, self.data)
