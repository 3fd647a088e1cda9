from rest_framework import serializers

from accounts.name_rules import DISPLAY_NAME_MAX_LENGTH


class CredentialsSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150, trim_whitespace=True)
    password = serializers.CharField(max_length=128, trim_whitespace=False, write_only=True)


class TokenRequestSerializer(CredentialsSerializer):
    code = serializers.CharField(
        max_length=20, required=False, allow_blank=True, default="",
        help_text="With two-factor sign-in on: the authenticator's 6 digits or a recovery code.",
    )


class RegistrationSerializer(CredentialsSerializer):
    display_name = serializers.CharField(
        max_length=DISPLAY_NAME_MAX_LENGTH, required=False, allow_blank=True, default="",
        help_text="Optional; shown instead of the username.",
    )


class RegisteredSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    token = serializers.CharField()


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


class ProfileLadderRatingSerializer(serializers.Serializer):
    ladder = serializers.CharField(help_text="classic-2p, classic-multi or duel")
    title = serializers.CharField()
    rating = serializers.IntegerField()
    deviation = serializers.IntegerField(help_text="the rating's uncertainty: rating ± deviation")
    volatility = serializers.FloatField(allow_null=True, help_text="Glicko-2 ladders only")
    games = serializers.IntegerField(help_text="rated games on this ladder")
    provisional = serializers.BooleanField(help_text="deviation of 110 or more: shown with a ?")


class ProfileSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()
    is_bot = serializers.BooleanField()
    bot_level = serializers.CharField(allow_null=True)
    member_since = serializers.DateTimeField()
    rating = serializers.IntegerField(
        allow_null=True, help_text="On the ladder with most rated games; null until one exists."
    )
    rating_deviation = serializers.IntegerField(
        allow_null=True, help_text="The headline rating's uncertainty: rating ± deviation.")
    rating_provisional = serializers.BooleanField(help_text="deviation of 110 or more")
    games_played = serializers.IntegerField(help_text="finished games")
    games_won = serializers.IntegerField(help_text="finished games won alone")
    ratings = ProfileLadderRatingSerializer(many=True, help_text="every ladder played")
