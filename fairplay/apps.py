from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class FairPlayConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "fairplay"
    label = "fairplay"
    verbose_name = gettext_lazy("Fair play")

    def ready(self):
        from . import receivers  # noqa: F401  (connects to games.analysis.signals.analysis_done)
