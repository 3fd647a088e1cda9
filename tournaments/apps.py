from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self):
        from accounts import extensions

        from . import (
            consumers,  # noqa: F401  (the endpoint "tournament" and the user feed's game event)
            receivers,  # noqa: F401  (game_finished, account_leaving, game_kinds)
            selectors,
        )

        # The profile lists the tournaments played, with the place (accounts cannot import us).
        extensions.register_profile_sections(selectors.profile_sections)
