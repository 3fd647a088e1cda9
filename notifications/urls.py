"""Pages of the notifications app, mounted at the root by azulsite.urls."""

from django.urls import path

from . import views

app_name = "notifications"

urlpatterns = [
    path("your-turn/", views.your_turn, name="your_turn"),
    path("notifications/", views.inbox, name="inbox"),
    path("notifications/read/", views.inbox_read, name="inbox-read"),
    path("notifications/<str:notification_id>/open/", views.inbox_open, name="inbox-open"),
    path("notifications/settings/", views.notification_settings, name="settings"),
    path("notifications/unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("service-worker.js", views.service_worker, name="service_worker"),
]
