"""REST endpoints of the tournaments app, mounted under /api/v1/ by azulsite.api.urls."""

from django.urls import path

from . import views

ONE = "tournaments/<int:tournament_id>"

urlpatterns = [
    path("tournaments", views.TournamentsView.as_view(), name="api-tournaments"),
    path(ONE, views.TournamentView.as_view(), name="api-tournament"),
    path(f"{ONE}/join", views.JoinView.as_view(), name="api-tournament-join"),
    path(f"{ONE}/leave", views.LeaveView.as_view(), name="api-tournament-leave"),
    path(f"{ONE}/berserk", views.BerserkView.as_view(), name="api-tournament-berserk"),
    path(f"{ONE}/standings", views.StandingsView.as_view(), name="api-tournament-standings"),
    path(f"{ONE}/rounds", views.RoundsView.as_view(), name="api-tournament-rounds"),
    path(f"{ONE}/pairings", views.PairingsView.as_view(), name="api-tournament-pairings"),
    path(f"{ONE}/audit", views.AuditView.as_view(), name="api-tournament-audit"),
    path(f"{ONE}/start", views.StartView.as_view(), name="api-tournament-start"),
    path(f"{ONE}/pause", views.PauseView.as_view(), name="api-tournament-pause"),
    path(f"{ONE}/resume", views.ResumeView.as_view(), name="api-tournament-resume"),
    path(f"{ONE}/cancel", views.CancelView.as_view(), name="api-tournament-cancel"),
    path(f"{ONE}/players/remove", views.RemovePlayerView.as_view(),
         name="api-tournament-remove-player"),
    path(f"{ONE}/bots", views.AddBotView.as_view(), name="api-tournament-add-bot"),
]
