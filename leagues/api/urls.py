"""REST endpoints of the leagues app, mounted under /api/v1/ by azulsite.api.urls."""

from django.urls import path

from . import views

urlpatterns = [
    path("leagues", views.LeaguesView.as_view(), name="api-leagues"),
    path("leagues/<int:league_id>", views.LeagueView.as_view(), name="api-league"),
    path("leagues/<int:league_id>/join", views.JoinView.as_view(), name="api-league-join"),
    path("leagues/<int:league_id>/leave", views.LeaveView.as_view(), name="api-league-leave"),
    path(
        "leagues/<int:league_id>/invitations",
        views.LeagueInvitationsView.as_view(),
        name="api-league-invitations",
    ),
    path(
        "leagues/<int:league_id>/invite-link",
        views.InviteLinkView.as_view(),
        name="api-league-invite-link",
    ),
    path("invitations", views.MyInvitationsView.as_view(), name="api-invitations"),
    path(
        "invitations/<int:invitation_id>/accept",
        views.AcceptInvitationView.as_view(),
        name="api-invitation-accept",
    ),
    path(
        "invitations/<int:invitation_id>/decline",
        views.DeclineInvitationView.as_view(),
        name="api-invitation-decline",
    ),
    path(
        "invitations/<int:invitation_id>/revoke",
        views.RevokeInvitationView.as_view(),
        name="api-invitation-revoke",
    ),
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
