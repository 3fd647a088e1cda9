"""REST views of ratings, leaderboards and match history: parse, call one selector, render."""

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from kernel.api.errors import ApiError
from kernel.api.schema import error_response, paginated
from kernel.api.validation import validated
from ratings import selectors
from ratings.ladders import LADDERS

from . import serializers as s


def _user_or_404(username):
    user = selectors.user_by_name(username)
    if user is None:
        raise Http404(f"no user {username}")
    return user


class LaddersView(APIView):
    permission_classes = (AllowAny,)
    pagination_class = None

    @extend_schema(
        operation_id="ladders_list",
        responses={200: s.LadderSerializer(many=True)},
        tags=["ratings"],
    )
    def get(self, request):
        return Response([ladder.__dict__ for ladder in LADDERS.values()])


class LeaderboardView(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(
        operation_id="leaderboards_retrieve",
        responses={200: s.LeaderboardSerializer, 404: error_response("not_found: unknown ladder")},
        tags=["ratings"],
        description="People not provisional (deviation under 110) who played a rated game in "
        "the last 30 days, by rating; bots in a list of their own at their frozen ratings.",
    )
    def get(self, request, ladder):
        try:
            board = selectors.leaderboard(ladder)
        except ValueError:
            detail = _('no ladder %(ladder)s; known: %(join)s') % {"ladder": ladder, "join": ", ".join(LADDERS)}
            raise ApiError("not_found", detail, 404) from None
        return Response(
            {
                "ladder": board.ladder,
                "title": board.title,
                "ranked": [entry.as_dict() for entry in board.ranked],
                "bots": [entry.as_dict() for entry in board.bots],
            }
        )


class UserGamesView(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(
        operation_id="users_games_list",
        parameters=[s.HistoryQuerySerializer],
        responses={
            200: paginated(s.HistoryRowSerializer, "PaginatedGameHistory"),
            400: error_response("invalid: a bad filter"),
            404: error_response("not_found"),
        },
        tags=["users"],
        description="The player's finished and running games, newest first, paginated (20 a page).",
    )
    def get(self, request, username):
        user = _user_or_404(username)
        filters = validated(s.HistoryQuerySerializer, request.query_params)
        rows = selectors.game_history(
            user,
            ladder=filters.get("ladder"),
            variant=filters.get("variant"),
            outcome=filters.get("result"),
            opponent=filters.get("opponent"),
        )
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(rows, request, view=self)
        return paginator.get_paginated_response([row.as_dict() for row in page])


class UserRatingsView(APIView):
    permission_classes = (AllowAny,)
    pagination_class = None

    @extend_schema(
        operation_id="users_ratings_list",
        parameters=[OpenApiParameter("username", str, OpenApiParameter.PATH)],
        responses={
            200: s.LadderRatingHistorySerializer(many=True),
            404: error_response("not_found"),
        },
        tags=["users"],
        description="The player's rating on each ladder played, with its history (oldest first).",
    )
    def get(self, request, username):
        user = _user_or_404(username)
        body = []
        for rating in selectors.ratings_of(user):
            history = [
                {"game": game_id, "finished_at": when, "rating": after, "delta": delta,
                 "deviation": deviation}
                for game_id, when, after, delta, deviation
                in selectors.rating_history(user, rating.ladder)
            ]
            body.append({**rating.as_dict(), "history": history})
        return Response(body)


class GameRatingChangesView(APIView):
    permission_classes = (AllowAny,)
    pagination_class = None

    @extend_schema(
        operation_id="games_rating_changes_retrieve",
        responses={200: s.GameRatingChangesSerializer},
        tags=["ratings"],
        description="What a rated game did to each player's rating (whole numbers). A game is "
        "rated by a background task just after it ends: `rated` is false until then.",
    )
    def get(self, request, game_id):
        rated, changes = selectors.game_rating_changes(game_id)
        return Response({"rated": rated, "changes": changes})
