"""Request bodies of the leagues API (parsing and the OpenAPI schema)."""

from rest_framework import serializers

from games.models import Game, Table
from leagues.models import Invitation, League
from leagues.services import LEAGUE_CLOCK_KINDS, MAX_ROUND_HOURS, MIN_ROUND_HOURS

# Named once for the schema (settings.SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"]).
CLOCK_KINDS = list(Table.ClockKind.values)
GAME_STATUSES = list(Game.Status.values)


class LeagueClockSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=CLOCK_KINDS)
    base_seconds = serializers.IntegerField(min_value=0, default=0)
    increment_seconds = serializers.IntegerField(min_value=0, default=0)
    days_per_move = serializers.IntegerField(min_value=0, default=0)


class LeagueClockChoiceSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=list(LEAGUE_CLOCK_KINDS),
        help_text="no realtime clocks: league games start when a round opens (docs/leagues.md)",
    )
    days_per_move = serializers.IntegerField(
        min_value=0, default=0, help_text="correspondence: 1 to 30"
    )


class LeagueCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80)
    description = serializers.CharField(
        max_length=4000, required=False, default="", allow_blank=True
    )
    visibility = serializers.ChoiceField(choices=League.Visibility.values, default="public")
    ruleset = serializers.ChoiceField(
        choices=["classic", "duel"], default="classic", help_text="duel: Azul Duel, 2 per game"
    )
    players_per_game = serializers.IntegerField(
        min_value=2, max_value=4, required=False, help_text="classic: 2 (default), 3 or 4; duel: 2"
    )
    variant = serializers.ChoiceField(
        choices=["standard", "gray"], default="standard", help_text="classic only"
    )
    rated = serializers.BooleanField(default=False)
    clock = LeagueClockChoiceSerializer(
        required=False, help_text="default: correspondence, 3 days per move"
    )
    points_per_place = serializers.JSONField(
        required=False,
        help_text='points for place 1, 2, ... by players per game, e.g. {"2": [2, 0], "4": [4, 2, 1, 0]}',
    )
    draw_points = serializers.DecimalField(
        max_digits=5,
        decimal_places=2,
        required=False,
        allow_null=True,
        help_text="2 players: points for a draw (default: half the sum of win and loss)",
    )
    tie_breaks = serializers.ListField(
        child=serializers.ChoiceField(choices=["points", "wins", "score", "head_to_head"]),
        required=False,
    )
    cycles = serializers.IntegerField(
        min_value=1, max_value=2, default=1, help_text="1 single, 2 double round-robin"
    )
    deadline_rule = serializers.ChoiceField(choices=League.DeadlineRule.values, default="forfeit")
    round_hours = serializers.IntegerField(
        min_value=MIN_ROUND_HOURS, max_value=MAX_ROUND_HOURS, default=7 * 24
    )
    divisions = serializers.IntegerField(min_value=1, default=1)
    promotion = serializers.IntegerField(min_value=0, default=1)
    play = serializers.BooleanField(default=True, help_text="the organiser plays too")


class LeagueJoinSerializer(serializers.Serializer):
    code = serializers.CharField(required=False, allow_blank=True, help_text="invite-only leagues")


class LeaguePlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class LeagueInviteSerializer(serializers.Serializer):
    username = serializers.CharField()
    message = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=1000, help_text="to the invitee"
    )


class LeagueOrganiserSerializer(serializers.Serializer):
    username = serializers.CharField()
    organiser = serializers.BooleanField(default=True, help_text="false: no longer an organiser")
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class LeagueWithdrawSerializer(serializers.Serializer):
    username = serializers.CharField()
    reason = serializers.CharField()


class LeagueSeasonUpdateSerializer(serializers.Serializer):
    registration_closes_at = serializers.DateTimeField(required=False, allow_null=True)
    starts_at = serializers.DateTimeField(required=False, allow_null=True)


class LeagueOverrideSerializer(serializers.Serializer):
    places = serializers.DictField(
        child=serializers.IntegerField(), help_text='{"username": place, ...} for every player'
    )
    reason = serializers.CharField()


class LeagueExtendSerializer(serializers.Serializer):
    until = serializers.DateTimeField()
    reason = serializers.CharField()


# --- responses (schema only: leagues.payloads builds the bodies) --------------------------------


class LeagueSeasonSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["registration", "running", "finished", "closed"])
    registration_closes_at = serializers.DateTimeField(allow_null=True)
    starts_at = serializers.DateTimeField(allow_null=True)
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)


class LeagueMemberSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()
    organiser = serializers.BooleanField()
    player = serializers.BooleanField()


class LeagueSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    visibility = serializers.ChoiceField(choices=League.Visibility.values)
    ruleset = serializers.ChoiceField(choices=["classic", "duel"])
    players_per_game = serializers.IntegerField()
    variant = serializers.CharField()
    rated = serializers.BooleanField()
    clock = LeagueClockSerializer()
    round_hours = serializers.IntegerField()
    deadline_rule = serializers.ChoiceField(choices=League.DeadlineRule.values)


class LeagueSerializer(LeagueSummarySerializer):
    description = serializers.CharField()
    points_per_place = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField())
    )
    draw_points = serializers.FloatField(allow_null=True)
    tie_breaks = serializers.ListField(child=serializers.CharField())
    cycles = serializers.IntegerField()
    divisions = serializers.IntegerField()
    promotion = serializers.IntegerField()
    created_by = serializers.CharField()
    created_at = serializers.DateTimeField()
    current_season = LeagueSeasonSerializer(allow_null=True)
    seasons = LeagueSeasonSerializer(many=True)
    members = LeagueMemberSerializer(many=True)
    invite_code = serializers.CharField(
        allow_null=True, help_text="organisers only; null to others and once revoked"
    )


class StandingRowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    username = serializers.CharField()
    display_name = serializers.CharField()
    withdrawn = serializers.BooleanField()
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    points = serializers.FloatField()
    score = serializers.IntegerField(help_text="total Azul score")
    head_to_head = serializers.FloatField(allow_null=True)
    movement = serializers.IntegerField(help_text="places gained since the round before")


class DivisionStandingsSerializer(serializers.Serializer):
    tier = serializers.IntegerField()
    name = serializers.CharField()
    rows = StandingRowSerializer(many=True)


class StandingsSerializer(serializers.Serializer):
    season = LeagueSeasonSerializer()
    divisions = DivisionStandingsSerializer(many=True)


class PlayerNameSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()


class FixtureResultSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()
    place = serializers.IntegerField()
    score = serializers.IntegerField()


class FixtureSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    round = serializers.IntegerField()
    division = serializers.IntegerField(help_text="the division's tier")
    status = serializers.ChoiceField(choices=["scheduled", "playing", "done"])
    players = PlayerNameSerializer(many=True, help_text="in seat order")
    deadline = serializers.DateTimeField(allow_null=True)
    table = serializers.IntegerField(allow_null=True)
    game = serializers.IntegerField(allow_null=True)
    game_status = serializers.ChoiceField(choices=GAME_STATUSES, allow_null=True)
    result = FixtureResultSerializer(many=True, allow_null=True)
    decided_by = serializers.ChoiceField(
        choices=["game", "deadline", "withdrawal", "override", "aborted"], allow_null=True
    )
    forfeits = PlayerNameSerializer(many=True)
    override_reason = serializers.CharField(allow_null=True)


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["pending", "open", "closed"])
    opened_at = serializers.DateTimeField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True)
    closed_at = serializers.DateTimeField(allow_null=True)
    fixtures = FixtureSerializer(many=True)
    byes = serializers.DictField(
        child=PlayerNameSerializer(many=True), help_text="by division tier"
    )


class SeasonFixturesSerializer(serializers.Serializer):
    season = LeagueSeasonSerializer()
    rounds = RoundSerializer(many=True)


class AuditEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    at = serializers.DateTimeField()
    actor = serializers.CharField(allow_null=True)
    action = serializers.CharField()
    summary = serializers.CharField()
    reason = serializers.CharField()


class InvitationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    league = LeagueSummarySerializer(help_text="what the invitee is asked to agree to")
    user = PlayerNameSerializer(help_text="the invitee")
    invited_by = PlayerNameSerializer()
    status = serializers.ChoiceField(choices=Invitation.Status.values)
    message = serializers.CharField()
    created_at = serializers.DateTimeField()
    answered_at = serializers.DateTimeField(allow_null=True)
