"""Request and response shapes of the social API (for validation and the OpenAPI schema)."""

from rest_framework import serializers

from social.models import MAX_MESSAGE_LENGTH


class ChatPostSerializer(serializers.Serializer):
    # Length and content are checked by social.services.clean_text (after folding white space).
    text = serializers.CharField(
        max_length=MAX_MESSAGE_LENGTH * 4, trim_whitespace=False,
        help_text=f"at most {MAX_MESSAGE_LENGTH} characters once white space is folded",
    )
    channel = serializers.ChoiceField(
        choices=["players", "spectators"], required=False,
        help_text="the channel you write in (default: yours); another one is chat_channel_forbidden",
    )


class ChatMessageSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.IntegerField()
    channel = serializers.ChoiceField(choices=["players", "spectators"])
    author = serializers.CharField()
    author_name = serializers.CharField()
    text = serializers.CharField(help_text="plain text: show it escaped, links unlinked")
    ply = serializers.IntegerField(help_text="moves made when it was posted")
    created_at = serializers.DateTimeField()


class ReportSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=200, required=False, allow_blank=True)


class ReportCreatedSerializer(serializers.Serializer):
    report = serializers.IntegerField()
    message = serializers.IntegerField()


class UsernameSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)


class UserRefSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()


class FriendSerializer(UserRefSerializer):
    online = serializers.BooleanField(help_text="a game or lobby socket of theirs is open")


class TableInvitationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField()
    inviter = serializers.CharField()
    inviter_name = serializers.CharField()
    status = serializers.ChoiceField(choices=["pending", "accepted", "declined"])
    ruleset = serializers.CharField()
    players = serializers.IntegerField()
    rated = serializers.BooleanField(help_text="accepting seats you at a rated game")
    clock = serializers.DictField(
        help_text="the table's clock: kind, base_seconds, increment_seconds, days_per_move")
    created_at = serializers.DateTimeField()


class AcceptedSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    position = serializers.IntegerField()
