from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.analysis"
    label = "analysis"
    verbose_name = "Game analysis"

    def ready(self):
        from . import receivers  # noqa: F401  (connects to games.signals.game_finished)
