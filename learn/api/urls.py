"""REST endpoints of the tutorials, mounted under /api/v1/ by azulsite.api.urls."""

from django.urls import path

from . import views

urlpatterns = [
    path("tutorials/<str:key>", views.TutorialView.as_view(), name="api-tutorial"),
    path("tutorials/<str:key>/moves", views.TutorialMovesView.as_view(), name="api-tutorial-moves"),
]
