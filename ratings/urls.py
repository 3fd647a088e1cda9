"""Pages of the ratings app, mounted at /leaderboard/ by azulsite.urls."""

from django.urls import path

from . import views

app_name = "ratings"

urlpatterns = [
    path("", views.leaderboard, name="leaderboards"),
    path("<str:ladder>/", views.leaderboard, name="leaderboard"),
]
