from django.apps import AppConfig


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"
    label = "ratings"
    verbose_name = "Ratings"

    def ready(self):
        from accounts import extensions

        from . import (
            receivers,  # noqa: F401  (connects to games.signals.game_finished)
            selectors,
        )

        # accounts sits below ratings: the profile asks its registry (and the data export its
        # signal, answered in receivers).
        extensions.register_profile_facts(selectors.profile_facts)
        extensions.register_profile_sections(selectors.profile_sections)
