from django.apps import AppConfig


class MatchmakingConfig(AppConfig):
    name = "matchmaking"
    verbose_name = "Rematches and quick play"

    def ready(self):
        from . import (
            receivers,  # noqa: F401  (a deleted account's seek is dropped)
            sockets,  # noqa: F401  (rematches, seeks, pairings: realtime.registry)
        )
