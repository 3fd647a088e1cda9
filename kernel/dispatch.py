"""Where background work runs: the one place that knows whether Celery has workers.

The embedded default (eager Celery, no Redis) has no workers: work that must not hold up the
request (a bot's turn, an analysis) runs on a small thread pool of this process, after the
response; with workers it goes to the broker. Domain code names a task and a pool and never asks
which of the two it is: that choice is made here, from the Celery app's settings
(CELERY_TASK_ALWAYS_EAGER, which the tests switch per test).

Tasks are named, not imported: a task module imports the services it wraps, so services that
imported their tasks back would make a cycle. Celery's autodiscovery registers every app's
tasks.py, and the name finds the task there.
"""

import heapq
import itertools
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from functools import cache

from django.db import connections

log = logging.getLogger(__name__)


def _app():
    # The project's Celery app (azulsite.celery, created when the project loads), reached as
    # Celery's current app: the apps never import the project, their composition root.
    from celery import current_app

    return current_app


def embedded():
    """True when there is no worker: tasks run eagerly in the process that sends them."""
    return bool(_app().conf.task_always_eager)


_discovery = threading.Lock()


@cache
def _autodiscovered():
    _app().loader.import_default_modules()  # every app's tasks.py (autodiscovery)
    return True


def task(name):
    """The Celery task registered under `name` (e.g. "games.tasks.play_bot_turn")."""
    app = _app()
    if name not in app.tasks:
        # One thread discovers, the others wait for it: Celery hands its pending modules to the
        # first caller, so a second one found nothing left to import and looked the task up
        # before the first had registered it (NotRegistered; a finishing move and the bot pool
        # dispatching at once, seen in the suite).
        with _discovery:
            _autodiscovered()
    return app.tasks[name]


class EmbeddedPool:
    """A few threads of this process running eager tasks after the response. `in_flight` counts
    tasks submitted and not finished (a task that submits the next one does so before it
    finishes, so 0 means all the work is done). Waiting tasks start by `priority` (0 first, as
    Redis serves a queue's priorities), then in the order submitted."""

    def __init__(self, name, workers):
        self.name = name
        self.workers = workers
        self._lock = threading.Condition()
        self._pool = None
        self._waiting = []  # heap of (priority, order, task name, args)
        self._order = itertools.count()
        self.in_flight = 0

    def submit(self, task_name, args, priority=0):
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=self.workers,
                                                thread_name_prefix=self.name)
            self.in_flight += 1
            heapq.heappush(self._waiting, (priority, next(self._order), task_name, args))
        # One job per task; each runs whichever waiting task comes first when a thread is free.
        self._pool.submit(self._run_next)

    def _run_next(self):
        with self._lock:
            _priority, _order, task_name, args = heapq.heappop(self._waiting)
        try:
            task(task_name).apply(args=args, throw=False)
        except Exception:  # never let a pool thread die silently
            log.exception("embedded %s %s%r failed", self.name, task_name, tuple(args))
        finally:
            connections.close_all()  # this thread's own connection
            with self._lock:
                self.in_flight -= 1
                self._lock.notify_all()

    def wait_idle(self, timeout):
        """Block until no task is running or queued (tests). True if idle in time."""
        with self._lock:
            return self._lock.wait_for(lambda: self.in_flight == 0, timeout)


# Bot turns: two threads, so one bot's thinking never holds up every other table.
BOT_TURNS = EmbeddedPool("bot-turn", workers=2)
# Analyses: one thread, one analysis at a time.
ANALYSES = EmbeddedPool("analysis", workers=1)
# Pushes and e-mails: they wait on other servers, so never in a bot's or a request's thread.
NOTIFICATIONS = EmbeddedPool("notifications", workers=2)


def in_background(task_name, args, *, pool, priority=0):
    """Run the task off the request: on `pool` (embedded), or on a worker. `priority`: 0 (the
    default) first, up to 9 last, among the waiting tasks of the same queue or pool."""
    if embedded():
        pool.submit(task_name, tuple(args), priority=priority)
    else:
        task(task_name).apply_async(tuple(args), **({"priority": priority} if priority else {}))


def send(task_name, args, *, eta=None, pool=None):
    """Send the task to a worker, to run at `eta` if given; embedded, it runs now, in the caller,
    or on `pool` if given."""
    if pool is not None and embedded():
        pool.submit(task_name, tuple(args))
    else:
        task(task_name).apply_async(tuple(args), eta=eta)


def at(task_name, args, *, eta):
    """Run the task on a worker at `eta`. Embedded, nothing is sent (an eager task would run now,
    before its time): the caller relies on its periodic sweep instead. True if it was sent."""
    if embedded():
        return False
    task(task_name).apply_async(tuple(args), eta=eta)
    return True
