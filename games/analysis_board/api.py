"""REST endpoints of the analysis board (docs/analysis-board.md, docs/api.md):
POST /boards, GET and PUT /boards/{id}, POST /boards/{id}/position and /boards/{id}/evaluate."""

from django.conf import settings
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework import status as http
from rest_framework.exceptions import Throttled
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.throttles import PerUserThrottle
from kernel.api.schema import error_response

from . import selectors, services


def move_field():
    return serializers.JSONField(help_text="an engine move (the game's move JSON)")


class NodeSerializer(serializers.Serializer):
    path = serializers.ListField(child=move_field(), help_text="the moves from the root, in order")
    comment = serializers.CharField(allow_blank=True, required=False, max_length=services.MAX_COMMENT)


class BoardSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="unguessable: whoever has the link may read the board")
    url = serializers.CharField(help_text="the board's page")
    owner = serializers.CharField()
    mine = serializers.BooleanField(help_text="the viewer owns it (and may change it)")
    title = serializers.CharField(allow_blank=True)
    game = serializers.IntegerField(allow_null=True, help_text="the finished game it comes from")
    start = serializers.IntegerField(help_text="moves of the game (or record) before the root")
    ruleset = serializers.ChoiceField(choices=["classic", "duel"])
    players = serializers.IntegerField()
    variant = serializers.CharField()
    seats = serializers.JSONField(help_text="[{player_index, username}]")
    game_line = serializers.ListField(child=move_field(), help_text="the moves the game itself played from the root")
    nodes = NodeSerializer(many=True, help_text="every node, parents first (the root: path [])")
    updated_at = serializers.DateTimeField()


class PositionSerializer(serializers.Serializer):
    path = serializers.ListField(child=move_field())
    movers = serializers.ListField(child=serializers.IntegerField(), help_text="who played each move of the path")
    ply = serializers.IntegerField(help_text="moves from the game's start")
    state = serializers.JSONField(help_text="the public state (no seed, no hidden order)")
    over = serializers.BooleanField()
    result = serializers.JSONField(allow_null=True)
    legal_moves = serializers.ListField(child=move_field(), help_text="what may be played here, any seat's turn")
    previews = serializers.ListField(child=serializers.JSONField(allow_null=True),
                                     help_text="what each legal move would do, in the same order")


class EvaluationSerializer(serializers.Serializer):
    path = serializers.ListField(child=move_field())
    mover = serializers.IntegerField(allow_null=True)
    best = serializers.JSONField(allow_null=True, help_text="the judge's best move")
    margin = serializers.FloatField(allow_null=True,
                                    help_text="the mover's expected final margin after the best move, in points")
    candidates = serializers.JSONField(help_text="[{move, margin}] best first; only the first margin is exact")
    line = serializers.ListField(child=move_field(), help_text="the judge's best line within the round")
    expected = serializers.ListField(child=serializers.FloatField(),
                                     help_text="each player's expected final points at the line's end")
    depth = serializers.IntegerField()
    nodes = serializers.IntegerField(help_text="positions searched")
    budget = serializers.IntegerField(help_text="BOARD_NODES: the node budget of one evaluation")


class PathInSerializer(serializers.Serializer):
    path = serializers.ListField(child=move_field(), required=False)


def _path(request):
    path = request.data.get("path", []) if isinstance(request.data, dict) else None
    return path


def _payload(board, viewer):
    return selectors.board_payload(board, viewer, source=services.source_of(board))


BOARD_ERRORS = {
    400: error_response("invalid, tree_too_large: a malformed record, path or tree, or one past the limits"),
    404: error_response("not_found"),
    422: error_response("illegal_move: a move of a line is not legal there"),
}
AUTH = {
    401: error_response("not_authenticated"),
    403: error_response("forbidden (not the owner), or a missing CSRF token"),
    409: error_response("playing_rated_game: the board is closed while you play a rated game"),
}


class BoardsView(APIView):
    @extend_schema(
        operation_id="boards_create",
        request=inline_serializer("BoardCreate", {
            "game": serializers.IntegerField(required=False, help_text="a finished game's id"),
            "record": serializers.JSONField(required=False, help_text="or a pasted game record (the export format)"),
            "at": serializers.IntegerField(required=False, help_text="moves before the root (default 0)"),
            "title": serializers.CharField(required=False, max_length=services.MAX_TITLE),
        }),
        responses={201: BoardSerializer, **BOARD_ERRORS, **AUTH,
                   409: error_response("game_not_finished (a running or aborted game), playing_rated_game"),
                   429: error_response("board_quota: BOARDS_PER_USER boards already")},
        tags=["analysis board"],
        description="A new analysis board rooted after `at` moves of a finished game or of a pasted "
        "record (docs/analysis-board.md).",
    )
    def post(self, request):
        data = request.data if isinstance(request.data, dict) else {}
        board = services.create_board(request.user, game=data.get("game"), record=data.get("record"),
                                      at=data.get("at", 0), title=data.get("title", ""))
        board = selectors.get_board(board.pk)
        return Response(_payload(board, request.user), status=http.HTTP_201_CREATED)


class BoardView(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(operation_id="boards_retrieve", responses={200: BoardSerializer, 404: error_response("not_found")},
                   tags=["analysis board"], description="The board and its tree: anyone with its link.")
    def get(self, request, board_id):
        return Response(_payload(selectors.get_board(board_id), request.user))

    @extend_schema(
        operation_id="boards_update",
        request=inline_serializer("BoardTree", {
            "nodes": NodeSerializer(many=True),
            "title": serializers.CharField(required=False, max_length=services.MAX_TITLE),
        }),
        responses={200: BoardSerializer, **BOARD_ERRORS, **AUTH},
        tags=["analysis board"],
        description="The owner replaces the tree (each line replayed first: on any error nothing "
        f"changes). Limits: {services.MAX_NODES} nodes, lines of {services.MAX_DEPTH} moves, "
        f"comments of {services.MAX_COMMENT} characters.",
    )
    def put(self, request, board_id):
        data = request.data if isinstance(request.data, dict) else {}
        board = services.save_tree(board_id, request.user, nodes=data.get("nodes"), title=data.get("title"))
        return Response(_payload(board, request.user))


class PositionThrottle(PerUserThrottle):
    """settings.BOARD_POSITIONS_PER_MINUTE per account or address: each replays a game."""

    scope = "board_positions"
    per_minute_setting = "BOARD_POSITIONS_PER_MINUTE"


class PositionView(APIView):
    permission_classes = (AllowAny,)
    throttle_classes = [PositionThrottle]

    def throttled(self, request, wait):
        raise Throttled(wait, detail=_("at most %(count)s positions a minute.")
                        % {"count": settings.BOARD_POSITIONS_PER_MINUTE})

    @extend_schema(operation_id="boards_position", request=PathInSerializer,
                   responses={200: PositionSerializer, **BOARD_ERRORS,
                              429: error_response("throttled: more than BOARD_POSITIONS_PER_MINUTE a minute")},
                   tags=["analysis board"],
                   description="The node after `path`: its public state, legal moves and previews.")
    def post(self, request, board_id):
        return Response(services.position(board_id, _path(request)))


class EvaluationThrottle(PerUserThrottle):
    """settings.BOARD_EVALUATIONS_PER_MINUTE per account: each is a judge's search in the request."""

    scope = "board_evaluations"
    per_minute_setting = "BOARD_EVALUATIONS_PER_MINUTE"


class EvaluateView(APIView):
    throttle_classes = [EvaluationThrottle]

    def throttled(self, request, wait):
        raise Throttled(wait, detail=_("at most %(count)s evaluations a minute.")
                        % {"count": settings.BOARD_EVALUATIONS_PER_MINUTE})

    @extend_schema(
        operation_id="boards_evaluate", request=PathInSerializer,
        responses={200: EvaluationSerializer, **BOARD_ERRORS, **AUTH,
                   429: error_response("throttled: more than BOARD_EVALUATIONS_PER_MINUTE a minute")},
        tags=["analysis board"],
        description="The judge's evaluation of the node after `path`, on its public state only, within "
        "BOARD_NODES positions: best move, expected margin, best line within the round, expected points.",
    )
    def post(self, request, board_id):
        return Response(services.evaluate(board_id, _path(request), request.user))
