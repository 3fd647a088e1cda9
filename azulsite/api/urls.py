from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

# Each app contributes its endpoints to /api/v1/ through its api/urls.py.
v1_patterns = [
    path("", include("accounts.api.urls")),
    path("", include("games.api.urls")),
    path("", include("leagues.api.urls")),
    path("", include("games.ratings.api.urls")),
]

urlpatterns = [
    path("v1/", include(v1_patterns)),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
]
