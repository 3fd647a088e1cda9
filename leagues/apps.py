from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "leagues"

    def ready(self):
        from . import (
            consumers,  # noqa: F401  (the endpoint "league": realtime.registry)
            receivers,  # noqa: F401  (connects the game_finished receiver)
        )
