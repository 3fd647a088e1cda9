"""Form posts of the social features, mounted at /social/ by azulsite.urls."""

from django.urls import path

from . import views

app_name = "social"

urlpatterns = [
    path("mutes/<str:username>/delete", views.unmute, name="unmute"),
    path("follow/<str:username>", views.follow, name="follow"),
    path("unfollow/<str:username>", views.unfollow, name="unfollow"),
]
