"""The embedded server's celery beat: the periodic and start-up tasks, run in a thread of its own.

Without REDIS_URL there is no worker and no beat, only the daphne process, with every task run
eagerly inside it. So that the embedded site keeps the same promises as the real topology, that
process (azulsite.asgi calls `start`) runs, in one daemon thread:
- once, at start, settings.WORKER_STARTUP_TASKS: what a worker runs when it starts, such as the
  bot turns the previous process was thinking about when it died;
- then every entry of settings.CELERY_BEAT_SCHEDULE at its interval (clocks, bot-turn and rating
  sweeps, league deadlines).
Each task runs eagerly (`Task.apply`), its database connection closed afterwards; a task that
fails is logged and runs again at its next interval. With real workers (REDIS_URL) nothing
starts here: the workers and `celery beat` do this work.
"""

import heapq
import logging
import threading
import time

from django.conf import settings
from django.db import close_old_connections

log = logging.getLogger(__name__)

_started = None  # the running EmbeddedBeat of this process
_starting = threading.Lock()


def start():
    """Start the embedded beat if this process runs tasks eagerly (and EMBEDDED_BEAT is on)."""
    global _started
    from azulsite.celery import app

    if not settings.EMBEDDED_BEAT or not app.conf.task_always_eager:
        return None
    with _starting:
        if _started is None:
            _started = EmbeddedBeat(app, settings.WORKER_STARTUP_TASKS,
                                    settings.CELERY_BEAT_SCHEDULE)
            _started.start()
    return _started


class EmbeddedBeat:
    def __init__(self, app, startup_tasks, schedule):
        self.app = app
        self.startup_tasks = list(startup_tasks)
        self.intervals = {entry["task"]: float(entry["schedule"]) for entry in schedule.values()}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="embedded-beat", daemon=True)

    def start(self):
        self._thread.start()

    def stop(self, timeout=10):
        self._stop.set()
        self._thread.join(timeout)

    def _run(self):
        self.app.loader.import_default_modules()  # every app's tasks.py (autodiscovery)
        for name in self.startup_tasks:
            self._run_task(name)
        now = time.monotonic()
        due = [(now + interval, name) for name, interval in self.intervals.items()]
        heapq.heapify(due)
        while due:
            when, name = heapq.heappop(due)
            if self._stop.wait(max(0.0, when - time.monotonic())):
                return
            self._run_task(name)
            heapq.heappush(due, (max(when + self.intervals[name], time.monotonic()), name))

    def _run_task(self, name):
        close_old_connections()
        try:
            self.app.tasks[name].apply(throw=True)
        except Exception:
            log.exception("embedded beat: %s failed; it runs again at its next interval", name)
        finally:
            close_old_connections()
