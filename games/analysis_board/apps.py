from django.apps import AppConfig


class AnalysisBoardConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.analysis_board"
    label = "analysis_board"
    verbose_name = "Analysis boards"
