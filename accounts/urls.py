from django.urls import path

from accounts import privacy_views, security_views, views

app_name = "accounts"

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("settings/", views.profile_settings, name="settings"),
    path("settings/privacy/", privacy_views.follow_policy, name="follow_policy"),
    path("settings/my-data/", privacy_views.export_data, name="export_data"),
    path("settings/delete/", privacy_views.delete_account, name="delete_account"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", views.LogoutView.as_view(), name="logout"),
    path("login/code/", security_views.login_code, name="login_code"),
    path("two-factor/", security_views.two_factor_settings, name="two_factor"),
    path("email/confirm/send/", security_views.send_confirmation, name="email_confirmation_send"),
    path("email/confirm/<str:token>/", security_views.confirm_email, name="email_confirm"),
    path("password/change/", views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "password/change/done/",
        views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("password/reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "password/reset/sent/", views.PasswordResetDoneView.as_view(), name="password_reset_done"
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/complete/",
        views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]
