"""Request bodies of the leagues API (parsing and the OpenAPI schema)."""

from rest_framework import serializers

from leagues.models import League


class ClockSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["none", "realtime", "correspondence"])
    base_seconds = serializers.IntegerField(min_value=0, default=0)
    increment_seconds = serializers.IntegerField(min_value=0, default=0)
    days_per_move = serializers.IntegerField(min_value=0, default=0)


class LeagueCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80)
    description = serializers.CharField(
        max_length=4000, required=False, default="", allow_blank=True
    )
    visibility = serializers.ChoiceField(choices=League.Visibility.values, default="public")
    players_per_game = serializers.IntegerField(min_value=2, max_value=4, default=2)
    variant = serializers.ChoiceField(choices=["standard", "gray"], default="standard")
    rated = serializers.BooleanField(default=False)
    clock = ClockSerializer(required=False, help_text="default: correspondence, 3 days per move")
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
    round_hours = serializers.IntegerField(min_value=1, default=7 * 24)
    divisions = serializers.IntegerField(min_value=1, default=1)
    promotion = serializers.IntegerField(min_value=0, default=1)
    play = serializers.BooleanField(default=True, help_text="the organiser plays too")


class JoinSerializer(serializers.Serializer):
    code = serializers.CharField(required=False, allow_blank=True, help_text="invite-only leagues")


class PlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class WithdrawSerializer(serializers.Serializer):
    username = serializers.CharField()
    reason = serializers.CharField()


class SeasonUpdateSerializer(serializers.Serializer):
    registration_closes_at = serializers.DateTimeField(required=False, allow_null=True)
    starts_at = serializers.DateTimeField(required=False, allow_null=True)


class OverrideSerializer(serializers.Serializer):
    places = serializers.DictField(
        child=serializers.IntegerField(), help_text='{"username": place, ...} for every player'
    )
    reason = serializers.CharField()


class ExtendSerializer(serializers.Serializer):
    until = serializers.DateTimeField()
    reason = serializers.CharField()
