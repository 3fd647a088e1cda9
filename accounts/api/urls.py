from django.urls import path

from accounts.api import own_account, views

urlpatterns = [
    path("auth/register", views.RegisterView.as_view(), name="api-register"),
    path("auth/token", views.TokenView.as_view(), name="api-token"),
    path("users/<str:username>", views.UserProfileView.as_view(), name="api-user"),
    path("account/export", own_account.AccountExportView.as_view(), name="api-account-export"),
    path("account/delete", own_account.AccountDeletionView.as_view(), name="api-account-delete"),
    path("account/privacy", own_account.PrivacyView.as_view(), name="api-account-privacy"),
]
