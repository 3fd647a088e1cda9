"""Web pages of the leagues app. Mounted at /leagues/."""

from django.urls import path

from . import views

app_name = "leagues"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.create, name="create"),
    path("<int:league_id>/", views.detail, name="detail"),
    path("<int:league_id>/invite/<str:code>/", views.invite, name="invite"),
    path("<int:league_id>/join/", views.join, name="join"),
    path("<int:league_id>/leave/", views.leave, name="leave"),
    path("<int:league_id>/players/add/", views.add_player, name="add-player"),
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
