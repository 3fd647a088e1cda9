"""REST endpoints of the tutorials (/api/v1/tutorials/...): parse, call one selector, render.

Anyone may use them, signed in or not: a tutorial stores nothing.
"""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from kernel.api.schema import error_response
from kernel.api.validation import validated
from learn import selectors


class TutorialMoveSerializer(serializers.Serializer):
    step = serializers.IntegerField(min_value=0, help_text="the step the page shows")
    move = serializers.JSONField(help_text="the move clicked: an engine move (docs/engine.md)")


class StepQuerySerializer(serializers.Serializer):
    step = serializers.IntegerField(min_value=0, required=False, default=0)


class TutorialPositionSerializer(serializers.Serializer):
    tutorial = serializers.CharField()
    title = serializers.CharField()
    step = serializers.IntegerField(help_text="the learner's moves made so far")
    steps = serializers.IntegerField(help_text="the learner's moves in the whole tutorial")
    you = serializers.IntegerField(help_text="the learner's seat in the game")
    game = serializers.JSONField(
        help_text="a game payload (as GET /games/{id}); legal_moves holds the awaited move only"
    )
    happened = serializers.JSONField(
        help_text='[{"who": "you"|"bot"|"scoring", "text", "move", "scoring": [...]}] since the '
        "learner's previous move"
    )
    lesson = serializers.JSONField(
        allow_null=True,
        help_text='{"title", "say", "why", "spotlight"}: spotlight names the part of the board the '
        'lesson is about ("objectives"), or is null',
    )
    finished = serializers.BooleanField()
    finale = serializers.CharField(allow_null=True)
    next = serializers.JSONField(help_text='[{"label", "url"}] once finished')


class LearnApiView(APIView):
    permission_classes = (AllowAny,)
    authentication_classes = ()  # nothing to protect; no CSRF check on anonymous posts either



class TutorialView(LearnApiView):
    @extend_schema(
        operation_id="tutorials_retrieve",
        parameters=[OpenApiParameter("step", int, description="moves made; default 0")],
        responses={
            200: TutorialPositionSerializer,
            400: error_response("invalid: a step out of range"),
            404: error_response("not_found"),
        },
        tags=["tutorials"],
        description="The tutorial's position after the learner's first `step` moves.",
    )
    def get(self, request, key):
        step = validated(StepQuerySerializer, request.query_params)["step"]
        return Response(selectors.tutorial_position(key, step))


class TutorialMovesView(LearnApiView):
    @extend_schema(
        operation_id="tutorials_move",
        request=TutorialMoveSerializer,
        responses={
            200: TutorialPositionSerializer,
            400: error_response("invalid, invalid_move"),
            404: error_response("not_found"),
            409: error_response("tutorial_over"),
            422: error_response("tutorial_wrong_move, illegal_move"),
        },
        tags=["tutorials"],
        description="Play the lesson's move at `step`: the next position (after the bot's "
        "replies), or a refusal that changes nothing.",
    )
    def post(self, request, key):
        body = validated(TutorialMoveSerializer, request.data)
        return Response(selectors.tutorial_move(key, body["step"], body["move"]))
