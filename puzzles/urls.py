"""The puzzle pages, mounted at /puzzles/."""

from django.urls import path

from . import views

app_name = "puzzles"

urlpatterns = [
    path("", views.train, name="train"),
    path("daily/", views.daily, name="daily"),
    path("streak/", views.streak, name="streak"),
    path("<int:puzzle_id>/", views.puzzle, name="puzzle"),
]
