"""REST views of replays: export a finished game as a JSON record, and check such a record."""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from games import replays, selectors
from kernel.api.schema import error_response


class ExportView(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(
        operation_id="games_export",
        responses={
            200: inline_serializer(
                "GameRecord",
                {
                    "format": serializers.IntegerField(),
                    "game": serializers.IntegerField(),
                    "ruleset": serializers.CharField(),
                    "variant": serializers.CharField(),
                    "rated": serializers.BooleanField(),
                    "players": serializers.JSONField(help_text="seats by player_index"),
                    "seed": serializers.IntegerField(),
                    "salt": serializers.CharField(),
                    "commitment": serializers.CharField(),
                    "moves": serializers.JSONField(
                        help_text="number, player_index, move, created_at, think_ms"
                    ),
                    "result": serializers.JSONField(),
                    "started_at": serializers.DateTimeField(),
                    "finished_at": serializers.DateTimeField(),
                },
            ),
            404: error_response("not_found"),
            409: error_response("not_finished"),
        },
        tags=["games"],
        description="A finished game as a self-contained record: with the seed it replays exactly. "
        "POST it to /games/verify to check it.",
    )
    def get(self, request, game_id):
        record = replays.export_record(selectors.get_game(game_id))
        response = Response(record)
        response["Content-Disposition"] = f'inline; filename="azul-game-{game_id}.json"'
        return response


class VerifyView(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(
        operation_id="games_verify",
        request=inline_serializer(
            "GameRecordIn", {"record": serializers.JSONField(required=False)}
        ),
        responses={
            200: inline_serializer(
                "RecordCheck",
                {
                    "valid": serializers.BooleanField(),
                    "reason": serializers.CharField(allow_null=True),
                    "moves": serializers.IntegerField(help_text="moves replayed"),
                    "result": serializers.JSONField(
                        allow_null=True, help_text="what the moves lead to"
                    ),
                },
            ),
            400: error_response("invalid: the record is malformed"),
        },
        tags=["games"],
        description='Takes an exported record (the body itself, or {"record": ...}) and replays it '
        "with the engine: is it a legal game from that seed, ending with that result?",
    )
    def post(self, request):
        record = request.data
        if isinstance(record, dict) and set(record) == {"record"}:
            record = record["record"]
        return Response(replays.verify_record(record).as_dict())
