from django.contrib import admin
from django.urls import include, path
from django.utils import timezone
from django.views.decorators.http import last_modified
from django.views.i18n import JavaScriptCatalog

from accounts import views as accounts_views
from azulsite import views

# The catalogues change only with a deploy: browsers may revalidate the JS one cheaply (base.html
# puts the language in its URL, so a cached copy is never another language's).
STARTED = timezone.now()

urlpatterns = [
    path("", views.home, name="home"),
    path("manifest.webmanifest", views.web_manifest, name="web-manifest"),
    path("offline/<str:language>/", views.offline, name="offline"),
    path("accounts/", include("accounts.urls")),
    # The header's language switcher (Django's set_language, plus the account's stored choice).
    path("i18n/setlang/", accounts_views.set_language, name="set_language"),
    # The JS strings of the active language (djangojs catalogue), loaded by base.html.
    path(
        "jsi18n/",
        last_modified(lambda request: STARTED)(JavaScriptCatalog.as_view()),
        name="javascript-catalog",
    ),
    path("u/<str:username>/", accounts_views.profile, name="profile"),
    path("leagues/", include("leagues.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("learn/", include("learn.urls")),
    path("puzzles/", include("puzzles.urls")),
    path("social/", include("social.urls")),
    path("leaderboard/", include("ratings.urls")),
    path("api/", include("azulsite.api.urls")),
    path("admin/", admin.site.urls),
    path("", include("notifications.urls")),
    # The games app's pages (lobby, tables, games) are mounted at the root.
    path("", include("games.urls")),
]

handler404 = "azulsite.views.not_found"
handler500 = "azulsite.views.server_error"
