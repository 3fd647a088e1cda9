"""Web pages of the leagues app. Mounted at /leagues/."""

from django.urls import path

from . import views

app_name = "leagues"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.create, name="create"),
    path("invitations/", views.my_invitations, name="invitations"),
    path(
        "invitations/<int:invitation_id>/accept/",
        views.accept_invitation,
        name="accept-invitation",
    ),
    path(
        "invitations/<int:invitation_id>/decline/",
        views.decline_invitation,
        name="decline-invitation",
    ),
    path("<int:league_id>/", views.detail, name="detail"),
    path("<int:league_id>/invite/<str:code>/", views.invite, name="invite"),
    path("<int:league_id>/join/", views.join, name="join"),
    path("<int:league_id>/leave/", views.leave, name="leave"),
    path("<int:league_id>/invitations/", views.invite_player, name="invite-player"),
    path(
        "<int:league_id>/invitations/<int:invitation_id>/revoke/",
        views.revoke_invitation,
        name="revoke-invitation",
    ),
    path("<int:league_id>/invite-link/new/", views.reset_invite_link, name="reset-invite-link"),
    path(
        "<int:league_id>/invite-link/revoke/", views.revoke_invite_link, name="revoke-invite-link"
    ),
    path("<int:league_id>/players/remove/", views.remove_player, name="remove-player"),
    path("<int:league_id>/organisers/add/", views.make_organiser, name="make-organiser"),
    path("<int:league_id>/seasons/<int:number>/dates/", views.season_dates, name="season-dates"),
    path("<int:league_id>/seasons/<int:number>/", views.standings, name="standings"),
    path("<int:league_id>/seasons/<int:number>/fixtures/", views.fixtures, name="fixtures"),
    path("<int:league_id>/seasons/<int:number>/start/", views.start_season, name="start-season"),
    path("<int:league_id>/seasons/<int:number>/close/", views.close_season, name="close-season"),
    path("<int:league_id>/seasons/<int:number>/withdraw/", views.withdraw, name="withdraw"),
    path("<int:league_id>/fixtures/<int:fixture_id>/override/", views.override, name="override"),
    path("<int:league_id>/fixtures/<int:fixture_id>/extend/", views.extend, name="extend"),
]
