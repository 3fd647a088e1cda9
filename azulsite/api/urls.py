from django.urls import include, path, re_path
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from azulsite.views import not_found

# Each app contributes its endpoints to /api/v1/ through its api/urls.py.
v1_patterns = [
    path("", include("accounts.api.urls")),
    path("", include("games.api.urls")),
    path("", include("leagues.api.urls")),
    path("", include("ratings.api.urls")),
    path("", include("learn.api.urls")),
    path("", include("matchmaking.api.urls")),
    path("", include("notifications.api.urls")),
    path("", include("social.api.urls")),
    path("", include("tournaments.api.urls")),
    path("", include("puzzles.api.urls")),
]

urlpatterns = [
    path("v1/", include(v1_patterns)),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves Swagger UI's set-up as a script file: no inline script (the CSP).
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    # Anything else under /api/ is the JSON 404, with DEBUG on too (Django's debug 404 is HTML).
    # (No CSRF check: it changes nothing, and must not answer an unknown path with a 403.)
    re_path(r"", csrf_exempt(not_found)),
]
