"""The Celery app. Tasks live in each app's tasks.py and are found by autodiscovery.

Without REDIS_URL tasks run eagerly inside the caller (see CELERY_TASK_ALWAYS_EAGER), and the
embedded server runs the periodic and start-up tasks itself (azulsite.embedded_beat).
"""

import logging
import os

from celery import Celery
from celery.signals import worker_init, worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "azulsite.settings")

app = Celery("azulsite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

log = logging.getLogger(__name__)


@worker_init.connect
def load_bot_weights(sender=None, **kwargs):
    """The master bot's weights, read once per worker (prefork children inherit them); a worker
    without them exits at once with the reason (Celery only logs an ordinary exception here)."""
    from azul.bots.master import MasterWeightsError
    from azulsite.checks import load_bot_weights as load

    try:
        load()
    except MasterWeightsError as error:
        log.critical("worker not started: %s", error)
        raise SystemExit(f"worker not started: {error}") from None


@worker_ready.connect
def run_startup_tasks(sender=None, **kwargs):
    """A starting worker enqueues settings.WORKER_STARTUP_TASKS on the queue it consumes: work that
    a killed process left behind, such as a bot turn whose task died with it, is picked up now, not
    when the broker's visibility timeout gives the dead worker's message to another."""
    from django.conf import settings

    queue = next(iter(app.amqp.queues.consume_from), None)
    for name in settings.WORKER_STARTUP_TASKS:
        log.info("worker ready: enqueueing %s on %s", name, queue)
        app.send_task(name, queue=queue)
