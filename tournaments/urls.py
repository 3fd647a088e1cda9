"""Web pages of the tournaments app. Mounted at /tournaments/."""

from django.urls import path

from . import views

app_name = "tournaments"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.create, name="create"),
    path("<int:tournament_id>/", views.detail, name="detail"),
    path("<int:tournament_id>/join/", views.join, name="join"),
    path("<int:tournament_id>/leave/", views.leave, name="leave"),
    path("<int:tournament_id>/berserk/", views.berserk, name="berserk"),
    path("<int:tournament_id>/start/", views.start, name="start"),
    path("<int:tournament_id>/pause/", views.pause, name="pause"),
    path("<int:tournament_id>/resume/", views.resume, name="resume"),
    path("<int:tournament_id>/cancel/", views.cancel, name="cancel"),
    path("<int:tournament_id>/players/remove/", views.remove_player, name="remove-player"),
]
