from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self):
        from . import (
            consumers,  # noqa: F401  (the game and lobby endpoints: realtime.registry)
            receivers,  # noqa: F401  (an account's deletion and data download)
        )
