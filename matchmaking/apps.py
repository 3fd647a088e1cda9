from django.apps import AppConfig


class MatchmakingConfig(AppConfig):
    name = "matchmaking"
    verbose_name = "Rematches and quick play"

    def ready(self):
        from . import sockets  # noqa: F401  (rematches, seeks, pairings: realtime.registry)
