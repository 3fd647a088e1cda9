from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self):
        # The project's own system checks (azulsite is not an app of its own).
        from azulsite import checks  # noqa: F401

        from . import consumers  # noqa: F401  (the game and lobby endpoints: realtime.registry)
