from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "leagues"

    def ready(self):
        from . import receivers  # noqa: F401  (connects the game_finished receiver)
