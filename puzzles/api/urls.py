"""Puzzle endpoints, mounted under /api/v1/ by azulsite.api.urls."""

from django.urls import path

from . import views

urlpatterns = [
    path("puzzles/next", views.NextView.as_view(), name="api-puzzles-next"),
    path("puzzles/daily", views.DailyView.as_view(), name="api-puzzles-daily"),
    path("puzzles/themes", views.ThemesView.as_view(), name="api-puzzles-themes"),
    path("puzzles/me", views.MeView.as_view(), name="api-puzzles-me"),
    path("puzzles/<int:puzzle_id>", views.PuzzleView.as_view(), name="api-puzzle"),
    path("puzzles/<int:puzzle_id>/attempt", views.AttemptView.as_view(), name="api-puzzle-attempt"),
]
