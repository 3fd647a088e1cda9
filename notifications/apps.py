from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = "Notifications"

    def ready(self):
        from . import receivers  # noqa: F401  (game_changed → your-turn badge, e-mails, pushes)
