"""Leagues, their seasons, divisions, rounds and fixtures, and the organisers' audit log.

Only `leagues.services` writes these rows. A fixture's game is an ordinary table created through
`games.services`; the fixture points at it.
"""

from django.conf import settings
from django.db import models

from .audit_events import describe

DEFAULT_POINTS = {"2": [2, 0], "3": [4, 2, 0], "4": [4, 2, 1, 0]}
DEFAULT_TIE_BREAKS = ["points", "wins", "score", "head_to_head"]


def default_points():
    return {size: list(points) for size, points in DEFAULT_POINTS.items()}


def default_tie_breaks():
    return list(DEFAULT_TIE_BREAKS)


class League(models.Model):
    class Visibility(models.TextChoices):
        PUBLIC = "public"
        INVITE = "invite"

    class DeadlineRule(models.TextChoices):
        FORFEIT = "forfeit"  # the player to move loses the fixture
        BOT = "bot"  # a bot takes over the late player's seat (games' leaving policy)

    name = models.CharField(max_length=80)
    description = models.TextField(blank=True, max_length=4000)
    visibility = models.CharField(
        max_length=8, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    # The secret of the invite link; None once the organiser revoked it (no link works).
    invite_code = models.CharField(max_length=32, unique=True, null=True, blank=True)
    ruleset = models.CharField(max_length=16, default="classic")  # games.models.Table.Ruleset
    players_per_game = models.PositiveSmallIntegerField(default=2)
    variant = models.CharField(max_length=16, default="standard")
    rated = models.BooleanField(default=False)
    clock_kind = models.CharField(max_length=16, default="correspondence")
    clock_base_seconds = models.PositiveIntegerField(default=0)
    clock_increment_seconds = models.PositiveIntegerField(default=0)
    clock_days_per_move = models.PositiveSmallIntegerField(default=3)
    points_per_place = models.JSONField(default=default_points)  # {"2": [2, 0], ...}
    draw_points = models.DecimalField(max_digits=5, decimal_places=2, null=True, blank=True)
    tie_breaks = models.JSONField(default=default_tie_breaks)
    cycles = models.PositiveSmallIntegerField(default=1)  # 1 single, 2 double round-robin
    deadline_rule = models.CharField(
        max_length=8, choices=DeadlineRule.choices, default=DeadlineRule.FORFEIT
    )
    round_hours = models.PositiveIntegerField(default=7 * 24)  # time to play each round
    divisions = models.PositiveSmallIntegerField(default=1)
    promotion = models.PositiveSmallIntegerField(default=1)  # k promoted and relegated
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(players_per_game__gte=2, players_per_game__lte=4),
                name="league_players_per_game_2_to_4",
            ),
        ]

    def __str__(self):
        return self.name


class Member(models.Model):
    """A user's place in a league: organiser, player or both."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="league_memberships"
    )
    is_organiser = models.BooleanField(default=False)
    is_player = models.BooleanField(default=False)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["joined_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["league", "user"], name="league_member_unique"),
        ]

    def __str__(self):
        roles = [role for role, held in (("organiser", self.is_organiser), ("player", self.is_player)) if held]
        return f"user {self.user_id} in league {self.league_id} ({' and '.join(roles) or 'no role'})"


class Season(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration"
        RUNNING = "running"
        FINISHED = "finished"  # every round played; standings final
        CLOSED = "closed"  # promotion and relegation applied, next season created

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTRATION)
    registration_closes_at = models.DateTimeField(null=True, blank=True)
    starts_at = models.DateTimeField(null=True, blank=True)  # planned; informative
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    previous = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="next"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="season_number_unique"),
        ]

    def __str__(self):
        return f"{self.league} season {self.number}"


class Division(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="division_set")
    tier = models.PositiveSmallIntegerField()  # 1 is the top
    name = models.CharField(max_length=40)

    class Meta:
        ordering = ["season_id", "tier"]
        constraints = [
            models.UniqueConstraint(fields=["season", "tier"], name="division_tier_unique"),
        ]

    def __str__(self):
        return f"division {self.tier} ({self.name}) of season {self.season_id}"


class Entry(models.Model):
    """A player in a season's division. `planned_tier` is set for the next season at closing."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="entries")
    division = models.ForeignKey(
        Division, on_delete=models.CASCADE, null=True, blank=True, related_name="entries"
    )
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    planned_tier = models.PositiveSmallIntegerField(null=True, blank=True)
    seed_rating = models.IntegerField(default=1500)
    withdrawn = models.BooleanField(default=False)
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["season_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["season", "user"], name="entry_unique"),
        ]

    def __str__(self):
        withdrawn = ", withdrawn" if self.withdrawn else ""
        return f"entry of user {self.user_id} in season {self.season_id}{withdrawn}"


class Round(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        OPEN = "open"
        CLOSED = "closed"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    opened_at = models.DateTimeField(null=True, blank=True)
    deadline_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["season_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["season", "number"], name="round_number_unique"),
        ]

    def __str__(self):
        return f"round {self.number} of season {self.season_id} ({self.status})"


class Fixture(models.Model):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled"  # its round has not opened
        PLAYING = "playing"  # its table exists
        DONE = "done"  # result recorded

    class DecidedBy(models.TextChoices):
        GAME = "game"
        DEADLINE = "deadline"  # forfeit at the round's deadline
        WITHDRAWAL = "withdrawal"
        OVERRIDE = "override"
        # The game was aborted: a player let their clock run out before their first move (rated
        # games); that player forfeits the fixture, the game rates nobody.
        ABORTED = "aborted"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="fixtures")
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="fixtures")
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.SCHEDULED, db_index=True
    )
    table = models.OneToOneField(
        "games.Table",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="league_fixture",
    )
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # {"places": {user_id: place}, "scores": {user_id: score}} with string keys (JSON).
    result = models.JSONField(null=True, blank=True)
    decided_by = models.CharField(max_length=10, choices=DecidedBy.choices, blank=True)
    forfeits = models.JSONField(default=list)  # user ids ranked last whatever the game says
    # user ids a bot took over from at the deadline (rule "bot"): ranked where the bot finished
    bot_takeovers = models.JSONField(default=list)
    override_reason = models.TextField(blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]

    def __str__(self):
        return f"fixture {self.pk} of round {self.round_id}, division {self.division_id} ({self.status})"


class FixturePlayer(models.Model):
    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    order = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["fixture_id", "order"]
        constraints = [
            models.UniqueConstraint(fields=["fixture", "user"], name="fixture_player_unique"),
        ]

    def __str__(self):
        return f"user {self.user_id} in fixture {self.fixture_id} (order {self.order})"


class Invitation(models.Model):
    """An organiser asks a user to play in a league; the user becomes a player only by accepting."""

    class Status(models.TextChoices):
        PENDING = "pending"
        ACCEPTED = "accepted"
        DECLINED = "declined"
        REVOKED = "revoked"  # withdrawn by an organiser before an answer

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_invitations"
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    message = models.CharField(max_length=1000, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "user"],
                condition=models.Q(status="pending"),
                name="invitation_one_pending_per_user",
            ),
        ]
        indexes = [models.Index(fields=["user", "status"], name="invitation_user_status")]

    def __str__(self):
        return f"invitation {self.pk} to {self.user_id} for {self.league_id} ({self.status})"


class AuditLog(models.Model):
    """Every organiser action, written in the same transaction as the action itself."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="audit_log")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    action = models.CharField(max_length=32)  # the event's kind; `data` holds its parameters
    # Empty for events (put into words by leagues.audit_events in the reader's language); an old
    # row's English sentence that its conversion could not read back into parameters.
    summary = models.CharField(max_length=300, blank=True, default="")
    reason = models.TextField(blank=True)
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self):
        by = f" by user {self.actor_id}" if self.actor_id else ""
        return f"audit {self.pk}: {self.action} in league {self.league_id}{by}"

    @property
    def text(self):
        return describe(self.action, self.data, self.summary)
