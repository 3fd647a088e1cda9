from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self):
        from . import (
            consumers,  # noqa: F401  (the endpoint "tournament" and the user feed's game event)
            receivers,  # noqa: F401  (game_finished, account_leaving, game_kinds)
        )
