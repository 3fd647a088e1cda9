"""Pages of the learn app (rules and tutorials), mounted at /learn/ by azulsite.urls."""

from django.urls import path

from . import views

app_name = "learn"

urlpatterns = [
    path("", views.index, name="index"),
    path("rules/<str:ruleset>/", views.rules, name="rules"),
    path("tutorial/<str:key>/", views.tutorial, name="tutorial"),
]
