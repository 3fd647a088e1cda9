from django.apps import AppConfig


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.ratings"
    label = "ratings"
    verbose_name = "Ratings"

    def ready(self):
        from . import receivers  # noqa: F401  (connects to games.signals.game_finished)
