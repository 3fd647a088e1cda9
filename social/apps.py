from django.apps import AppConfig


class SocialConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "social"

    def ready(self):
        from . import (
            receivers,  # noqa: F401  (seat_left → the leaver's sockets leave the players' chat)
            sockets,  # noqa: F401  (chat, online, mutes, invitations: realtime.registry)
        )
