"""A table's clock in the API: the options a request sets (ClockOptionsSerializer) and the clock a
response shows (ClockSerializer). The games API and matchmaking's (a seek's clock) both use them,
so they live here, below every app's edges, not in games.api."""

from rest_framework import serializers

from games.models import Table


class ClockOptionsSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Table.ClockKind.values, default=Table.ClockKind.NONE)
    base_seconds = serializers.IntegerField(
        min_value=0, default=0, help_text="realtime: the bank each player starts with"
    )
    increment_seconds = serializers.IntegerField(
        min_value=0, default=0, help_text="realtime: added to the mover's bank after each move"
    )
    days_per_move = serializers.IntegerField(
        min_value=0, default=0, help_text="correspondence: time for each move"
    )


class ClockSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Table.ClockKind.values)
    base_seconds = serializers.IntegerField()
    increment_seconds = serializers.IntegerField()
    days_per_move = serializers.IntegerField()
