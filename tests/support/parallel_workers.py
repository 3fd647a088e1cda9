"""A pytest plugin (loaded with `-p`, before Django's settings): each xdist worker of a parallel
run gets a Redis database of its own.

pytest-django already gives each worker its own test database (test_<name>_gw0, _gw1...). Redis
is shared by name: the channel layer's groups, the cache and Celery's queues would mix the two
workers' games, and one worker's Celery process would take the other's tasks against the wrong
database. Worker N uses database base + N of REDIS_URL (base 5 gives 5, 6...); the daphne and
Celery processes a worker starts inherit it. `.ci/run` empties them all first.
"""

import os
import re


def worker_redis_url(url, worker):
    """REDIS_URL for xdist worker `worker` ("gw0", "gw1"...): its database number offset by N."""
    number = int(worker.removeprefix("gw"))
    match = re.fullmatch(r"(redis://[^/]+)(?:/(\d+))?", url)
    if match is None:
        raise ValueError(f"REDIS_URL {url!r}: expected redis://host:port/db")
    return f"{match[1]}/{int(match[2] or 0) + number}"


_worker = os.environ.get("PYTEST_XDIST_WORKER")
if _worker and os.environ.get("REDIS_URL"):
    os.environ["REDIS_URL"] = worker_redis_url(os.environ["REDIS_URL"], _worker)
