"""Query parsing and the documented (schema-only) response shapes of the ratings API."""

from rest_framework import serializers

from ratings.ladders import LADDERS
from ratings.selectors import OUTCOMES


class HistoryQuerySerializer(serializers.Serializer):
    ladder = serializers.ChoiceField(choices=list(LADDERS), required=False)
    variant = serializers.ChoiceField(choices=["standard", "gray"], required=False)
    result = serializers.ChoiceField(
        choices=list(OUTCOMES),
        required=False,
        help_text="win: alone on top; draw: a shared victory; loss; playing: not over",
    )
    opponent = serializers.CharField(required=False, help_text="username of someone at the table")
    page = serializers.IntegerField(min_value=1, required=False)


class LadderSerializer(serializers.Serializer):
    key = serializers.CharField()
    title = serializers.CharField()
    description = serializers.CharField()


class LeaderboardEntrySerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="bots: among the bots")
    username = serializers.CharField()
    display_name = serializers.CharField()
    is_bot = serializers.BooleanField()
    rating = serializers.IntegerField()
    deviation = serializers.IntegerField(help_text="the rating's uncertainty: rating ± deviation")
    games = serializers.IntegerField()
    provisional = serializers.BooleanField(help_text="deviation of 110 or more (bots: never)")


class LeaderboardSerializer(serializers.Serializer):
    ladder = serializers.CharField()
    title = serializers.CharField()
    ranked = LeaderboardEntrySerializer(
        many=True, help_text="people not provisional who played a rated game in the last 30 days")
    bots = LeaderboardEntrySerializer(
        many=True, help_text="bot accounts at their calibrated, frozen ratings")


class HistoryPlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()
    is_bot = serializers.BooleanField()
    player_index = serializers.IntegerField()
    score = serializers.IntegerField(allow_null=True)
    rank = serializers.IntegerField(allow_null=True)
    left = serializers.BooleanField()
    me = serializers.BooleanField(help_text="this is the player whose history it is")


class HistoryRowSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["playing", "finished", "aborted"])
    ladder = serializers.CharField()
    variant = serializers.CharField()
    rated = serializers.BooleanField()
    started_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    players = HistoryPlayerSerializer(many=True)
    rank = serializers.IntegerField(allow_null=True)
    score = serializers.IntegerField(allow_null=True)
    outcome = serializers.ChoiceField(choices=list(OUTCOMES))
    rating_delta = serializers.FloatField(allow_null=True)


class RatingPointSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    finished_at = serializers.DateTimeField()
    rating = serializers.FloatField()
    delta = serializers.FloatField()
    deviation = serializers.FloatField(allow_null=True, help_text="after the game")


class LadderRatingHistorySerializer(serializers.Serializer):
    ladder = serializers.CharField()
    title = serializers.CharField()
    rating = serializers.IntegerField()
    deviation = serializers.IntegerField(help_text="the rating's uncertainty: rating ± deviation")
    volatility = serializers.FloatField(allow_null=True, help_text="Glicko-2 ladders only")
    games = serializers.IntegerField()
    provisional = serializers.BooleanField(help_text="deviation of 110 or more: shown with a ?")
    history = RatingPointSerializer(many=True)


class RatingChangeSerializer(serializers.Serializer):
    player_index = serializers.IntegerField()
    username = serializers.CharField()
    ladder = serializers.CharField()
    rating_before = serializers.IntegerField()
    rating_after = serializers.IntegerField()
    delta = serializers.IntegerField(help_text="rating_after - rating_before, both rounded")
    deviation_after = serializers.IntegerField(allow_null=True, help_text="the new deviation")
    provisional = serializers.BooleanField(help_text="deviation_after of 110 or more")
    frozen = serializers.BooleanField(help_text="a bot: rated against, its rating never moves")
    weight = serializers.FloatField(help_text="how much the game counted (anti-farming rule), 0-1")


class GameRatingChangesSerializer(serializers.Serializer):
    rated = serializers.BooleanField(help_text="false until the game is rated (or for casual games)")
    changes = RatingChangeSerializer(many=True)
