"""A pytest plugin (loaded with `-p`, before Django's settings) that gives each test process its
own shared state, and says at the end which tests a missing service skipped.

pytest-django already gives each xdist worker its own test database (test_<name>_gw0, _gw1...).

Redis is shared by name: the channel layer's groups, the cache and Celery's queues would mix the two
workers' games, and one worker's Celery process would take the other's tasks against the wrong
database. Worker N uses database base + N of REDIS_URL (base 5 gives 5, 6...); the daphne and
Celery processes a worker starts inherit it. `.ci/run` empties them all first.

Without Redis each process would keep its cache (throttle counters) in its own memory, and a test
clearing the cache would clear only the test process's: the daphne it started would go on counting
sign-ups across every browser test until its budget ran out. So each test process gets a cache
directory of its own (CACHE_DIR, a file-based cache: azulsite/settings.py), which the servers it
starts inherit and the autouse clear empties for all of them.
"""

import atexit
import os
import re
import shutil
import tempfile

import pytest


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

if not os.environ.get("REDIS_URL"):
    # Always this process's own directory: an xdist worker inherits its controller's environment.
    _cache_dir = tempfile.mkdtemp(prefix=f"azulsite-test-cache-{_worker or 'main'}-")
    os.environ["CACHE_DIR"] = _cache_dir
    atexit.register(shutil.rmtree, _cache_dir, ignore_errors=True)


# --- what a missing service skipped --------------------------------------------------------

SERVICE_SKIP = re.compile(r"\b(postgres|redis|celery|browser) not available: ")


def service_skips(skipped_reports) -> dict[str, int]:
    """How many of these skip reports each missing service caused (tests.support.services)."""
    counts: dict[str, int] = {}
    for report in skipped_reports:
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        if match := SERVICE_SKIP.search(reason):
            counts[match[1]] = counts.get(match[1], 0) + 1
    return counts


def skip_summary(counts: dict[str, int]) -> str:
    total = sum(counts.values())
    by_service = ", ".join(f"{name} {count}" for name, count in sorted(counts.items()))
    return (
        f"{total} skipped for want of a service ({by_service}): PostgreSQL/Redis/chromium not "
        "configured; `make test-services` runs the whole suite on throwaway PostgreSQL and Redis"
    )


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    # After pytest's own closing line, so that this is the last thing `make test` prints. Under
    # xdist the controller holds every worker's reports; a worker has no terminal reporter here.
    if hasattr(config, "workerinput"):
        return
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None:
        return
    counts = service_skips(reporter.stats.get("skipped", []))
    if counts:
        reporter.write_line(skip_summary(counts), yellow=True, bold=True)
