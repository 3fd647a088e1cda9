"""REST endpoints of rematches and quick play: parse, call one service, render.

Matchmaking's domain errors become the API's error body (kernel.api.errors). Every write is
counted against MATCHMAKING_WRITES_PER_MINUTE per user by the services themselves
(matchmaking.quotas: one budget with the socket messages; a flood gets `throttled`).
"""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from games.clock_serializers import ClockSerializer
from kernel.api.schema import error_response
from kernel.api.validation import validated

from .. import choices
from ..services import challenges, rematches, seeks

RematchSerializer = inline_serializer(name="Rematch", fields={
    "game": serializers.IntegerField(),
    "status": serializers.ChoiceField(
        ["none", "open", "started", "declined", "cancelled", "expired"]),
    "offered_by": serializers.CharField(allow_null=True),
    "accepted": serializers.ListField(child=serializers.CharField()),
    "waiting_for": serializers.ListField(child=serializers.CharField()),
    "declined_by": serializers.CharField(allow_null=True),
    "expires_at": serializers.DateTimeField(allow_null=True),
    "new_game": serializers.IntegerField(allow_null=True),
    "new_table": serializers.IntegerField(allow_null=True),
})

SeekSerializer = inline_serializer(name="Seek", fields={
    "id": serializers.IntegerField(required=False),
    "status": serializers.ChoiceField(["none", "waiting", "paired", "cancelled"]),
    "ruleset": serializers.CharField(required=False),
    "players": serializers.IntegerField(required=False),
    "rated": serializers.BooleanField(required=False),
    "clock": ClockSerializer(required=False),
    "rating": serializers.IntegerField(required=False),
    "created_at": serializers.DateTimeField(required=False),
    "game": serializers.IntegerField(allow_null=True, required=False),
    "table": serializers.IntegerField(allow_null=True, required=False),
})


CLOCK_HELP = (f"a preset's name ({', '.join(choices.CLOCK_PRESETS)}) or a clock object "
              "as tables take (kind, base_seconds, increment_seconds, days_per_move)")


class QuickPlayChoices(serializers.Serializer):
    """The shape only: matchmaking.choices checks the values, for REST and sockets alike."""

    ruleset = serializers.CharField(max_length=32, default="classic")
    players = serializers.IntegerField(required=False, help_text="2 to 4 (classic), 2 (duel)")
    rated = serializers.BooleanField(default=False)
    clock = serializers.JSONField(required=False, help_text=CLOCK_HELP)


class SeekRequest(QuickPlayChoices):
    pass


class ComputerRequest(QuickPlayChoices):
    level = serializers.CharField(max_length=32)


class ChallengeRequest(QuickPlayChoices):
    username = serializers.CharField(max_length=150)


class MatchmakingApiView(APIView):
    """No throttle class here: the budget is spent in the services (matchmaking.quotas), so
    that the socket messages share it."""


REMATCH_ERRORS = {
    401: error_response("not_authenticated"),
    403: error_response("not_seated (not a player of the game), forbidden"),
    404: error_response("not_found"),
    409: error_response("game_not_over, no_rematch_offer, rematch_expired, rematch_closed, "
                        "too_many_bot_games"),
    429: error_response("throttled"),
}


def _rematch_body(game_id):
    game, offer = rematches.rematch_of(game_id)
    return rematches.offer_payload(game, offer)


class RematchView(MatchmakingApiView):
    @extend_schema(operation_id="rematch_retrieve", responses={200: RematchSerializer,
                   404: error_response("not_found")}, tags=["rematch"])
    def get(self, request, game_id):
        return Response(_rematch_body(game_id))

    @extend_schema(operation_id="rematch_offer", request=None,
                   responses={200: RematchSerializer, **REMATCH_ERRORS}, tags=["rematch"],
                   description="Offer a rematch (or accept the one offered). Idempotent.")
    def post(self, request, game_id):
        rematches.offer_rematch(game_id, request.user)
        return Response(_rematch_body(game_id))


class RematchAnswerView(MatchmakingApiView):
    answer = None  # "accept", "decline" or "cancel"

    @extend_schema(request=None, responses={200: RematchSerializer, **REMATCH_ERRORS},
                   tags=["rematch"])
    def post(self, request, game_id):
        if self.answer == "cancel":
            rematches.cancel_rematch(game_id, request.user)
        else:
            rematches.answer_rematch(game_id, request.user, self.answer == "accept")
        return Response(_rematch_body(game_id))


SEEK_ERRORS = {
    401: error_response("not_authenticated"),
    403: error_response("forbidden (a bot)"),
    429: error_response("throttled"),
}


class SeeksView(MatchmakingApiView):
    @extend_schema(operation_id="seek_retrieve", responses={200: SeekSerializer,
                   **SEEK_ERRORS}, tags=["quick play"])
    def get(self, request):
        seeks._require_human(request.user)
        return Response(seeks.seek_payload(seeks.current_seek(request.user)))

    @extend_schema(operation_id="seek_create", request=SeekRequest,
                   responses={200: SeekSerializer, 400: error_response("invalid"),
                              409: error_response("already_seeking"), **SEEK_ERRORS},
                   tags=["quick play"],
                   description="Look for an opponent; status `paired` with the game if one waited.")
    def post(self, request):
        options = validated(SeekRequest, request.data)
        seek = seeks.create_seek(request.user, ruleset=options["ruleset"],
                                 players=options.get("players"), rated=options["rated"],
                                 clock=options.get("clock"))
        return Response(seeks.seek_payload(seek))

    @extend_schema(operation_id="seek_cancel", request=None,
                   responses={200: SeekSerializer, 409: error_response("not_seeking"),
                              **SEEK_ERRORS}, tags=["quick play"])
    def delete(self, request):
        return Response(seeks.seek_payload(seeks.cancel_seek(request.user)))


class ComputerGameView(MatchmakingApiView):
    @extend_schema(
        operation_id="quickplay_computer", request=ComputerRequest,
        responses={201: inline_serializer(name="QuickGame", fields={
            "game": serializers.IntegerField(), "table": serializers.IntegerField(),
            "url": serializers.CharField()}),
            400: error_response("invalid"),
            409: error_response("too_many_open_tables, too_many_bot_games"),
            **SEEK_ERRORS},
        tags=["quick play"],
        description="A game against bots of `level` in every other seat, with the choices "
                    "given (2 players, casual, no clock unless said), started.")
    def post(self, request):
        options = validated(ComputerRequest, request.data)
        game = seeks.play_computer(request.user, options["level"], options["ruleset"],
                                   players=options.get("players", 2), rated=options["rated"],
                                   clock=options.get("clock"))
        return Response({"game": game.pk, "table": game.table_id,
                         "url": f"/tables/{game.table_id}/"}, status=201)


class ChallengeView(MatchmakingApiView):
    @extend_schema(
        operation_id="challenge_create", request=ChallengeRequest,
        responses={201: inline_serializer(name="Challenge", fields={
            "table": serializers.IntegerField(),
            "game": serializers.IntegerField(allow_null=True),
            "url": serializers.CharField()}),
            400: error_response("invalid"), 404: error_response("not_found"),
            409: error_response("too_many_open_tables, too_many_bot_games"),
            **SEEK_ERRORS},
        tags=["quick play"],
        description="A new table with these choices and `username` invited to it; a bot's "
                    "table starts at once (`game` set).")
    def post(self, request):
        options = validated(ChallengeRequest, request.data)
        table, game = challenges.challenge(
            request.user, options["username"], ruleset=options["ruleset"],
            players=options.get("players"), rated=options["rated"], clock=options.get("clock"))
        return Response({"table": table.pk, "game": game.pk if game else None,
                         "url": f"/tables/{table.pk}/"}, status=201)
