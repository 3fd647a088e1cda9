from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The project as an app of its own, only so that it registers its system checks itself
    (no app imports the project: it is the composition root)."""

    name = "azulsite"

    def ready(self):
        from azulsite import checks  # noqa: F401
