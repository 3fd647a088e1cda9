"""REST endpoints of the games app, mounted under /api/v1/ by azulsite.api.urls."""

urlpatterns: list = []
