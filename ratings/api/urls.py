"""Ratings endpoints, mounted under /api/v1/ by azulsite.api.urls."""

from django.urls import path

from . import views

urlpatterns = [
    path("leaderboards", views.LaddersView.as_view(), name="api-ladders"),
    path("leaderboards/<str:ladder>", views.LeaderboardView.as_view(), name="api-leaderboard"),
    path("users/<str:username>/games", views.UserGamesView.as_view(), name="api-user-games"),
    path("users/<str:username>/ratings", views.UserRatingsView.as_view(), name="api-user-ratings"),
    path(
        "games/<int:game_id>/rating-changes",
        views.GameRatingChangesView.as_view(),
        name="api-game-rating-changes",
    ),
]
