"""The Celery app. Tasks live in each app's tasks.py and are found by autodiscovery.

Without REDIS_URL tasks run eagerly inside the caller (see CELERY_TASK_ALWAYS_EAGER).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "azulsite.settings")

app = Celery("azulsite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
