from django.urls import path

from accounts.api import views

urlpatterns = [
    path("auth/register", views.RegisterView.as_view(), name="api-register"),
    path("auth/token", views.TokenView.as_view(), name="api-token"),
    path("users/<str:username>", views.UserProfileView.as_view(), name="api-user"),
]
