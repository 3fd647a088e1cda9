"""REST endpoints of the notifications app, mounted under /api/v1/ by azulsite.api.urls."""

from django.urls import path

from . import views

urlpatterns = [
    path("your-turn", views.YourTurnView.as_view(), name="api-your-turn"),
    path("notifications", views.InboxView.as_view(), name="api-inbox"),
    path("notifications/read", views.InboxReadView.as_view(), name="api-inbox-read"),
    path("notifications/settings", views.SettingsView.as_view(), name="api-notification-settings"),
    path("notifications/push", views.PushSubscriptionsView.as_view(), name="api-push"),
]
