"""REST views for tables and games: parse, call one service or selector, render a payload.

Domain errors (games.errors) become the API's error body here and only here.
"""

from django.conf import settings
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers as drf_serializers
from rest_framework import status
from rest_framework.exceptions import Throttled
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.throttles import PerUserThrottle
from games import payloads, replays, selectors, services
from games.errors import Invalid
from games.services import bot_turns
from kernel.api.schema import error_response, paginated
from kernel.api.validation import validated

from . import serializers as s

AUTH_ERRORS = {
    401: error_response("not_authenticated"),
    403: error_response("not_creator, not_seated, forbidden, or a missing CSRF token"),
    404: error_response("not_found"),
}



class TablesView(APIView):
    @extend_schema(
        operation_id="tables_list",
        parameters=[
            OpenApiParameter("status", str, enum=["open", "playing", "finished", "aborted"]),
            OpenApiParameter("page", int, description="page number (20 tables a page)"),
        ],
        responses={
            200: paginated(s.TableSerializer, "PaginatedTables"),
            400: error_response("invalid: an unknown status"),
            404: error_response("not_found: no such page"),
        },
        tags=["tables"],
    )
    def get(self, request):
        wanted = request.query_params.get("status")
        if wanted and wanted not in ("open", "playing", "finished", "aborted"):
            raise Invalid(_("status must be open, playing, finished or aborted"))
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(selectors.tables(wanted), request, view=self)
        return paginator.get_paginated_response([payloads.table_payload(t) for t in page])

    @extend_schema(
        operation_id="tables_create",
        request=s.TableCreateSerializer,
        responses={
            201: s.TableSerializer,
            400: error_response("invalid"),
            409: error_response("too_many_open_tables"),
            **AUTH_ERRORS,
        },
        tags=["tables"],
    )
    def post(self, request):
        options = validated(s.TableCreateSerializer, request.data)
        options["bots"] = [dict(bot) for bot in options.get("bots", [])]
        if "clock" in options:
            options["clock"] = dict(options["clock"])
        table = services.create_table(request.user, **options)
        body = payloads.table_payload(selectors.get_table(table.pk))
        return Response(body, status=status.HTTP_201_CREATED)


class TableView(APIView):
    @extend_schema(
        operation_id="tables_retrieve",
        responses={200: s.TableSerializer, 404: error_response("not_found")},
        tags=["tables"],
    )
    def get(self, request, table_id):
        return Response(payloads.table_payload(selectors.get_table(table_id)))


class JoinTableView(APIView):
    @extend_schema(
        operation_id="tables_join",
        request=s.JoinSerializer,
        responses={
            200: s.JoinedSeatSerializer,
            400: error_response("invalid"),
            409: error_response(
                "table_not_open, table_full, already_seated, seat_taken, too_many_open_tables"
            ),
            **AUTH_ERRORS,
        },
        tags=["tables"],
    )
    def post(self, request, table_id):
        wanted = validated(s.JoinSerializer, request.data).get("seat")  # no body: {}
        seat = services.join_table(table_id, request.user, seat=wanted)
        return Response({"table": seat.table_id, **payloads.table_seat_payload(seat)})


class LeaveTableView(APIView):
    @extend_schema(
        operation_id="tables_leave",
        request=None,
        responses={200: s.TableSerializer, 409: error_response("table_not_open"), **AUTH_ERRORS},
        tags=["tables"],
        description="Before the start: give up the seat (the creator leaving aborts the table). "
        "During the game: abandon it (docs/live-play.md).",
    )
    def post(self, request, table_id):
        services.leave_table(table_id, request.user)
        return Response(payloads.table_payload(selectors.get_table(table_id)))


class TableBotsView(APIView):
    @extend_schema(
        operation_id="tables_seat_bot",
        request=s.BotSeatSerializer,
        responses={
            201: s.JoinedSeatSerializer,
            400: error_response("invalid"),
            409: error_response("table_not_open, seat_taken, table_full"),
            **AUTH_ERRORS,
        },
        tags=["tables"],
    )
    def post(self, request, table_id):
        bot = validated(s.BotSeatSerializer, request.data)
        seat = services.seat_bot(table_id, request.user, bot["seat"], bot["level"])
        return Response(
            {"table": seat.table_id, **payloads.table_seat_payload(seat)},
            status=status.HTTP_201_CREATED,
        )


class StartTableView(APIView):
    @extend_schema(
        operation_id="tables_start",
        request=None,
        responses={
            201: s.StartedSerializer,
            409: error_response("table_not_open, seats_not_filled"),
            **AUTH_ERRORS,
        },
        tags=["tables"],
    )
    def post(self, request, table_id):
        game = services.start_table(table_id, request.user)
        return Response({"game": game.pk}, status=status.HTTP_201_CREATED)


class GameView(APIView):
    @extend_schema(
        operation_id="games_retrieve",
        responses={200: s.GameSerializer, 404: error_response("not_found")},
        tags=["games"],
    )
    def get(self, request, game_id):
        game = selectors.get_game(game_id)
        return Response(payloads.view_for(game, request.user.pk, last_move=selectors.last_move(game)))


class GameMovesView(APIView):
    pagination_class = None

    @extend_schema(
        operation_id="games_moves_list",
        responses={200: s.MoveRecordSerializer(many=True), 404: error_response("not_found")},
        tags=["games"],
        description="The whole move log, oldest first (not paginated: with the seed, it replays the game); "
        "each move with the tiles it took and its scoring events, as the engine computed them.",
    )
    def get(self, request, game_id):
        return Response(payloads.move_log_payload(selectors.get_game(game_id)))

    @extend_schema(
        operation_id="games_moves_create",
        request=s.MoveRequestSerializer,
        responses={
            200: s.MoveOutcomeSerializer,
            400: error_response("invalid, invalid_move"),
            409: error_response("stale_version, not_your_turn, game_over"),
            422: error_response("illegal_move"),
            **AUTH_ERRORS,
        },
        tags=["games"],
    )
    def post(self, request, game_id):
        body = validated(s.MoveRequestSerializer, request.data)
        outcome = services.play_move(game_id, request.user, body["move"], body["version"])
        return Response(
            {"version": outcome.version, "state": outcome.state, "applied": outcome.applied}
        )


class HintRateThrottle(PerUserThrottle):
    """settings.HINTS_PER_MINUTE per user: a hint is a bot search in the request (docs/bots.md).
    Counted with the cache's atomic increments, so parallel requests cannot slip past."""

    scope = "hints"
    per_minute_setting = "HINTS_PER_MINUTE"


class HintView(APIView):
    throttle_classes = [HintRateThrottle]

    def throttled(self, request, wait):
        detail = _('at most %(hints_per_minute)s hints a minute.') % {"hints_per_minute": settings.HINTS_PER_MINUTE}
        raise Throttled(wait, detail=detail)

    @extend_schema(
        operation_id="games_hint",
        request=None,
        responses={
            200: inline_serializer(
                "Hint",
                {"move": drf_serializers.DictField(), "version": drf_serializers.IntegerField()},
            ),
            409: error_response("not_your_turn, game_over"),
            429: error_response("throttled: more than HINTS_PER_MINUTE hints a minute"),
            **AUTH_ERRORS,
        },
        tags=["games"],
        description="A suggested move for the player to move (casual games only: "
        "hints_not_allowed otherwise). The strong bot thinks for a fraction of a second. "
        "Each user may ask for a few hints a minute (throttled beyond).",
    )
    def post(self, request, game_id):
        return Response(bot_turns.suggest_move(game_id, request.user))


class ResignView(APIView):
    @extend_schema(
        operation_id="games_resign",
        request=None,
        responses={200: s.GameSerializer, 409: error_response("game_over"), **AUTH_ERRORS},
        tags=["games"],
    )
    def post(self, request, game_id):
        change = services.resign(game_id, request.user)
        return Response(payloads.view_for(change.game, request.user.pk, last_move=change.last_move))


class AbortView(APIView):
    @extend_schema(
        operation_id="games_abort",
        request=None,
        responses={
            200: s.GameSerializer,
            409: error_response("not_abortable, game_over"),
            **AUTH_ERRORS,
        },
        tags=["games"],
    )
    def post(self, request, game_id):
        change = services.abort(game_id, request.user)
        return Response(payloads.view_for(change.game, request.user.pk, last_move=change.last_move))


class TakebackView(APIView):
    @extend_schema(
        operation_id="games_takeback",
        request=s.VersionRequestSerializer,
        responses={
            200: s.GameSerializer,
            400: error_response("invalid"),
            403: error_response("takeback_not_allowed, not_seated"),
            409: error_response("stale_version, game_over, takeback_pending, takeback_limit, "
                                "nothing_to_take_back, bot_to_move"),
            **{k: v for k, v in AUTH_ERRORS.items() if k != 403},
        },
        tags=["games"],
        description="Ask to take back your last move (casual games): every other human must "
        "accept; against bots it is applied at once (docs/live-play.md, \"Takebacks\").",
    )
    def post(self, request, game_id):
        body = validated(s.VersionRequestSerializer, request.data)
        change = services.request_takeback(game_id, request.user, body["version"])
        return Response(payloads.view_for(change.game, request.user.pk, last_move=change.last_move,
                                          engine_state=change.engine_state))


class TakebackAnswerView(APIView):
    accept = True

    @extend_schema(
        request=s.VersionRequestSerializer,
        responses={
            200: s.GameSerializer,
            400: error_response("invalid"),
            403: error_response("takeback_not_allowed, own_takeback, not_seated"),
            409: error_response("no_takeback_offer, stale_version, game_over"),
            **{k: v for k, v in AUTH_ERRORS.items() if k != 403},
        },
        tags=["games"],
        description="Accept or decline the takeback request waiting for your answer.",
    )
    def post(self, request, game_id):
        body = validated(s.VersionRequestSerializer, request.data)
        change = services.answer_takeback(game_id, request.user, body["version"], self.accept)
        return Response(payloads.view_for(change.game, request.user.pk, last_move=change.last_move,
                                          engine_state=change.engine_state))


class TakebackDeclineView(TakebackAnswerView):
    accept = False


class ReplayView(APIView):
    @extend_schema(
        operation_id="games_replay",
        parameters=[s.ReplayQuerySerializer],
        responses={
            200: s.ReplaySerializer,
            400: error_response("invalid"),
            404: error_response("not_found"),
        },
        tags=["games"],
        description="The state after `at` moves, rebuilt from the seed and the move log. "
        "Public part only (no seed) while the game runs.",
    )
    def get(self, request, game_id):
        at = validated(s.ReplayQuerySerializer, request.query_params).get("at")
        game = selectors.get_game(game_id)
        if at is None:
            at = game.version
        state = replays.public_state_at(game, at)
        return Response({"game": game.pk, "at": at, "state": state})
