from django.apps import AppConfig


class PuzzlesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "puzzles"
    verbose_name = "Puzzles"

    def ready(self):
        from . import receivers  # noqa: F401  (connects to games.analysis.signals.analysis_done)
