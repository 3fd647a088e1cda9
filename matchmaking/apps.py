from django.apps import AppConfig


class MatchmakingConfig(AppConfig):
    name = "matchmaking"
    verbose_name = "Rematches and quick play"
