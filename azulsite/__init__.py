"""azulsite: the Django project (settings, URLs, ASGI routing, Celery app)."""

from azulsite.celery import app as celery_app

__all__ = ["celery_app"]
