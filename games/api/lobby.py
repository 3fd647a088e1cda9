"""GET /api/v1/lobby/games: the games in progress as the lobby lists them (games.lobby)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from games import lobby

from .serializers import ClockSerializer, UserFieldsSerializer


class LobbySeatSerializer(UserFieldsSerializer):
    position = serializers.IntegerField()
    player_index = serializers.IntegerField(allow_null=True)
    score = serializers.IntegerField(allow_null=True)
    to_move = serializers.BooleanField()
    left = serializers.BooleanField()
    replaced_by = UserFieldsSerializer(allow_null=True, help_text="the bot playing a left seat")
    me = serializers.BooleanField(help_text="the signed-in visitor plays this seat")


class LobbyGameSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    game = serializers.IntegerField()
    ruleset = serializers.CharField()
    variant = serializers.CharField()
    players = serializers.IntegerField()
    rated = serializers.BooleanField()
    clock = ClockSerializer()
    round = serializers.IntegerField()
    version = serializers.IntegerField()
    last_move_at = serializers.DateTimeField(allow_null=True, help_text="when the turn began")
    seats = LobbySeatSerializer(many=True)
    mine = serializers.BooleanField()
    my_turn = serializers.BooleanField()


class LobbyGamesSerializer(serializers.Serializer):
    mine = LobbyGameSerializer(many=True, help_text="the visitor's running games (resume)")
    watch = LobbyGameSerializer(many=True, help_text="other games being played (watch)")


class LobbyGamesView(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(
        operation_id="lobby_games",
        responses={200: LobbyGamesSerializer},
        tags=["tables"],
        description="The running games the lobby lists: the visitor's own (`mine`, empty when "
        "anonymous) and the others being played (`watch`: timed games, and untimed ones moved "
        "in within the last 30 minutes), most recently moved first, 50 of each at most.",
    )
    def get(self, request):
        return Response(lobby.lobby_games(request.user))
