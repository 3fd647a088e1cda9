"""REST endpoints of the leagues app, mounted under /api/v1/ by azulsite.api.urls."""

from django.urls import path

from . import views

urlpatterns = [
    path("leagues", views.LeaguesView.as_view(), name="api-leagues"),
    path("leagues/<int:league_id>", views.LeagueView.as_view(), name="api-league"),
    path("leagues/<int:league_id>/join", views.JoinView.as_view(), name="api-league-join"),
    path("leagues/<int:league_id>/leave", views.LeaveView.as_view(), name="api-league-leave"),
    path("leagues/<int:league_id>/players", views.PlayersView.as_view(), name="api-league-players"),
    path(
        "leagues/<int:league_id>/players/remove",
        views.RemovePlayerView.as_view(),
        name="api-league-players-remove",
    ),
    path(
        "leagues/<int:league_id>/organisers",
        views.OrganisersView.as_view(),
        name="api-league-organisers",
    ),
    path("leagues/<int:league_id>/audit", views.AuditView.as_view(), name="api-league-audit"),
    path("seasons/<int:season_id>", views.SeasonView.as_view(), name="api-season"),
    path("seasons/<int:season_id>/start", views.StartSeasonView.as_view(), name="api-season-start"),
    path("seasons/<int:season_id>/close", views.CloseSeasonView.as_view(), name="api-season-close"),
    path(
        "seasons/<int:season_id>/withdraw", views.WithdrawView.as_view(), name="api-season-withdraw"
    ),
    path(
        "seasons/<int:season_id>/standings",
        views.StandingsView.as_view(),
        name="api-season-standings",
    ),
    path(
        "seasons/<int:season_id>/fixtures", views.FixturesView.as_view(), name="api-season-fixtures"
    ),
    path("fixtures/<int:fixture_id>", views.FixtureView.as_view(), name="api-fixture"),
    path(
        "fixtures/<int:fixture_id>/override",
        views.OverrideView.as_view(),
        name="api-fixture-override",
    ),
    path("fixtures/<int:fixture_id>/extend", views.ExtendView.as_view(), name="api-fixture-extend"),
]
