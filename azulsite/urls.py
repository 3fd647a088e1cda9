from django.contrib import admin
from django.urls import include, path

from accounts import views as accounts_views
from azulsite import views

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/", include("accounts.urls")),
    path("u/<str:username>/", accounts_views.profile, name="profile"),
    path("leagues/", include("leagues.urls")),
    path("learn/", include("learn.urls")),
    path("social/", include("social.urls")),
    path("leaderboard/", include("games.ratings.urls")),
    path("api/", include("azulsite.api.urls")),
    path("admin/", admin.site.urls),
    path("", include("notifications.urls")),
    # The games app's pages (lobby, tables, games) are mounted at the root.
    path("", include("games.urls")),
]

handler404 = "azulsite.views.not_found"
handler500 = "azulsite.views.server_error"
