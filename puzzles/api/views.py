"""REST endpoints of the puzzles (docs/puzzles.md, docs/api.md): GET /puzzles/next, /puzzles/daily,
/puzzles/themes, /puzzles/me, /puzzles/{id}; POST /puzzles/{id}/attempt."""

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.exceptions import Throttled
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.throttles import PerUserThrottle
from azul.puzzles import THEMES
from kernel.api.schema import error_response

from .. import selectors, services
from ..explain import theme_name
from ..session import remember_seen, seen_ids

PositionSerializer = inline_serializer("PuzzlePosition", {
    "state": serializers.JSONField(help_text="the public state (no seed, no bag order, no face-down chips)"),
    "ply": serializers.IntegerField(help_text="moves of the source game before the position"),
    "legal_moves": serializers.ListField(child=serializers.JSONField(), help_text="what may be played"),
    "previews": serializers.ListField(child=serializers.JSONField(allow_null=True),
                                      help_text="what each legal move would do, in the same order"),
})
PuzzleSerializer = inline_serializer("Puzzle", {
    "id": serializers.IntegerField(),
    "url": serializers.CharField(help_text="the puzzle's page"),
    "ruleset": serializers.ChoiceField(choices=["classic", "duel"]),
    "players": serializers.IntegerField(),
    "variant": serializers.CharField(),
    "themes": serializers.ListField(child=serializers.ChoiceField(choices=list(THEMES))),
    "rating": serializers.IntegerField(help_text="the puzzle's Glicko-2 rating"),
    "attempts": serializers.IntegerField(help_text="rated attempts"),
    "solves": serializers.IntegerField(),
    "mover": serializers.IntegerField(help_text="the seat to move: the solver plays it"),
    "position": PositionSerializer,
    "day": serializers.DateField(required=False, help_text="the daily puzzle's date"),
})
RatingSerializer = inline_serializer("PuzzleRating", {
    "rating": serializers.IntegerField(), "deviation": serializers.IntegerField(),
    "provisional": serializers.BooleanField(), "attempts": serializers.IntegerField(),
    "solves": serializers.IntegerField(), "best_streak": serializers.IntegerField(),
})
VerdictSerializer = inline_serializer("PuzzleVerdict", {
    "puzzle": serializers.IntegerField(),
    "solved": serializers.BooleanField(),
    "move": serializers.JSONField(help_text="the move played"),
    "solution": serializers.JSONField(help_text="the judge's unique best move"),
    "explanation": serializers.ListField(child=serializers.CharField(),
                                         help_text="the judge's explanation in points, in the request's language"),
    "rated": serializers.BooleanField(help_text="false for anonymous visitors"),
    "rating": serializers.IntegerField(allow_null=True, help_text="the player's puzzle rating after it"),
    "rating_change": serializers.IntegerField(allow_null=True),
})
NEXT_PARAMETERS = [
    OpenApiParameter("theme", str, enum=list(THEMES), required=False, description="train one theme"),
    OpenApiParameter("ruleset", str, enum=["classic", "duel"], required=False),
    OpenApiParameter("streak", int, required=False,
                     description="the streak mode: solves so far; the puzzle is at its level or harder"),
]


def _query(request, name):
    value = request.query_params.get(name)
    return value if value not in (None, "") else None


def _streak(value):
    if value is None:
        return None
    return int(value) if value.isdigit() and len(value) <= 6 else -1  # -1: refused as invalid


class NextView(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(operation_id="puzzles_next", parameters=NEXT_PARAMETERS,
                   responses={200: PuzzleSerializer,
                              400: error_response("invalid: an unknown theme or ruleset, a bad streak"),
                              404: error_response("no_puzzle: none left to play with these filters")},
                   tags=["puzzles"],
                   description="An unplayed puzzle near the player's puzzle rating (anonymous: 1500).")
    def get(self, request):
        puzzle = services.next_puzzle(
            request.user, seen=seen_ids(request), theme=_query(request, "theme"),
            ruleset=_query(request, "ruleset"), streak=_streak(_query(request, "streak")))
        remember_seen(request, puzzle.pk)
        return Response(selectors.puzzle_payload(puzzle))


class PuzzleView(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(operation_id="puzzles_retrieve", responses={200: PuzzleSerializer, 404: error_response("not_found")},
                   tags=["puzzles"], description="One puzzle's position (never its solution).")
    def get(self, request, puzzle_id):
        return Response(selectors.puzzle_payload(selectors.get_puzzle(puzzle_id)))


class DailyView(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(operation_id="puzzles_daily", responses={200: PuzzleSerializer, 404: error_response("no_puzzle")},
                   tags=["puzzles"], description="Today's puzzle (one per date, the same for everyone).")
    def get(self, request):
        day = timezone.localdate()
        return Response({**selectors.puzzle_payload(services.daily_puzzle(day)), "day": day.isoformat()})


class ThemesView(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(operation_id="puzzles_themes", tags=["puzzles"],
                   responses={200: inline_serializer("PuzzleTheme", {
                       "theme": serializers.ChoiceField(choices=list(THEMES)), "name": serializers.CharField(),
                       "puzzles": serializers.IntegerField()}, many=True)},
                   description="The computed themes, their names in the request's language and puzzle counts.")
    def get(self, request):
        return Response([{**entry, "name": theme_name(entry["theme"])} for entry in selectors.theme_counts()])


class MeView(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(operation_id="puzzles_me", tags=["puzzles"],
                   responses={200: inline_serializer("PuzzleMe", {
                       "rating": RatingSerializer,
                       "history": inline_serializer("PuzzleHistory", {
                           "puzzle": serializers.IntegerField(), "url": serializers.CharField(),
                           "solved": serializers.BooleanField(), "rating_before": serializers.IntegerField(),
                           "rating_after": serializers.IntegerField(), "puzzle_rating": serializers.IntegerField(),
                           "at": serializers.DateTimeField()}, many=True)}),
                       401: error_response("not_authenticated")},
                   description="The signed-in player's puzzle rating and last rated attempts, newest first.")
    def get(self, request):
        return Response({"rating": selectors.rating_payload(selectors.player_of(request.user)),
                         "history": selectors.history(request.user)})


class AttemptThrottle(PerUserThrottle):
    """settings.PUZZLE_ATTEMPTS_PER_MINUTE per account or address."""

    scope = "puzzle_attempts"
    per_minute_setting = "PUZZLE_ATTEMPTS_PER_MINUTE"


class AttemptView(APIView):
    permission_classes = (AllowAny,)
    throttle_classes = [AttemptThrottle]

    def throttled(self, request, wait):
        raise Throttled(wait, detail=_("at most %(count)s puzzle attempts a minute.")
                        % {"count": settings.PUZZLE_ATTEMPTS_PER_MINUTE})

    @extend_schema(
        operation_id="puzzles_attempt",
        request=inline_serializer("PuzzleAttemptIn", {
            "move": serializers.JSONField(help_text="an engine move, one of the position's legal_moves"),
            "streak": serializers.IntegerField(required=False, min_value=0,
                                               help_text="the streak mode: solves before this one"),
        }),
        responses={200: VerdictSerializer, 400: error_response("invalid: no move object, or a bad streak"),
                   404: error_response("not_found"), 409: error_response("already_attempted: rated once"),
                   422: error_response("illegal_move: not a legal move of the position"),
                   429: error_response("throttled: more than PUZZLE_ATTEMPTS_PER_MINUTE a minute")},
        tags=["puzzles"],
        description="Right or wrong, with the judge's explanation in points. A signed-in player's first "
        "attempt at a puzzle is rated (Glicko-2, player against puzzle); a second is refused.",
    )
    def post(self, request, puzzle_id):
        data = request.data if isinstance(request.data, dict) else {}
        verdict = services.attempt(puzzle_id, request.user, data.get("move"), streak=data.get("streak"))
        remember_seen(request, verdict["puzzle"])
        return Response(verdict)
