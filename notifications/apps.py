from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = "Notifications"

    def ready(self):
        from . import (
            consumers,  # noqa: F401  (the endpoint "me": realtime.registry)
            receivers,  # noqa: F401  (game_changed → your-turn badge, e-mails, pushes)
        )
