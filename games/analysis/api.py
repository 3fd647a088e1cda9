"""REST endpoints of game analysis: POST and GET /games/{id}/analysis (docs/api.md)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework import status as http
from rest_framework.response import Response
from rest_framework.views import APIView

from kernel.api.schema import error_response

from . import selectors, services


class MoveAnalysisSerializer(serializers.Serializer):
    ply = serializers.IntegerField(help_text="the move's number in the log (1 = first move)")
    player = serializers.IntegerField()
    played = serializers.JSONField(help_text="the move played (engine move JSON)")
    best = serializers.JSONField(help_text="the best move the search found")
    played_margin = serializers.FloatField(
        help_text="expected final-score margin for the mover after the move played, in points")
    best_margin = serializers.FloatField(help_text="the same after the best move")
    loss = serializers.FloatField(help_text="points lost: best_margin - played_margin, at least 0")
    grade = serializers.ChoiceField(choices=["good", "inaccuracy", "mistake", "blunder"])
    forced = serializers.BooleanField(help_text="the only legal move")
    depth = serializers.IntegerField(help_text="plies searched")


class BiggestLossSerializer(serializers.Serializer):
    ply = serializers.IntegerField()
    loss = serializers.FloatField()
    grade = serializers.CharField()


class PlayerSummarySerializer(serializers.Serializer):
    player = serializers.IntegerField()
    moves = serializers.IntegerField()
    average_loss = serializers.FloatField()
    accuracy = serializers.FloatField(
        allow_null=True, help_text="0-100: the mean over the player's unforced moves of "
        "100·exp(−loss·ln 2 / accuracy_half_life); null without an unforced move (docs/analysis.md)")
    inaccuracies = serializers.IntegerField()
    mistakes = serializers.IntegerField()
    blunders = serializers.IntegerField()
    grades = serializers.DictField(child=serializers.IntegerField())
    biggest = BiggestLossSerializer(many=True, help_text="the three biggest losses, worst first")


class AnalysisSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["none", "queued", "running", "done", "failed"])
    progress = serializers.IntegerField(help_text="moves judged so far")
    total = serializers.IntegerField(help_text="moves to judge")
    nodes = serializers.IntegerField(required=False, help_text="positions searched per move")
    engine_version = serializers.CharField(required=False)
    bot_version = serializers.CharField(required=False)
    error = serializers.CharField(required=False, allow_null=True)
    thresholds = serializers.DictField(child=serializers.FloatField(),
                                       help_text="smallest loss (points) of each grade")
    accuracy_half_life = serializers.FloatField(
        help_text="points lost that halve a move's accuracy")
    moves = MoveAnalysisSerializer(many=True)
    summary = PlayerSummarySerializer(many=True)


class GameAnalysisView(APIView):
    @extend_schema(
        operation_id="games_analysis",
        responses={200: AnalysisSerializer, 404: error_response("not_found")},
        tags=["games"],
        description="The game's analysis: status (`none` before anyone asked), progress, every "
        "move judged so far and a summary per player (docs/analysis.md).",
    )
    def get(self, request, game_id):
        game, analysis = selectors.analysis_of(game_id)
        return Response(selectors.analysis_payload(game, analysis))

    @extend_schema(
        operation_id="games_analysis_request",
        request=None,
        responses={
            202: AnalysisSerializer,
            401: error_response("not_authenticated"),
            403: error_response("a missing CSRF token"),
            404: error_response("not_found"),
            409: error_response("game_not_finished: running or aborted games are never analysed"),
            429: error_response("analysis_quota: ANALYSES_IN_FLIGHT_PER_USER waiting or running, "
                                "or ANALYSES_PER_DAY a day"),
        },
        tags=["games"],
        description="Queue the analysis of a finished game (one per game, shared by everyone: "
        "asking again answers the same analysis and costs nothing). Answers 202 with its status; "
        "progress then arrives as `analysis` messages on the game's WebSocket.",
    )
    def post(self, request, game_id):
        analysis, _created = services.request_analysis(game_id, request.user)
        game, analysis = selectors.analysis_of(analysis.game_id)
        return Response(selectors.analysis_payload(game, analysis), status=http.HTTP_202_ACCEPTED)
