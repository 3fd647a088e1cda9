"""The test harness shared by every test directory.

Services. Tests needing real services declare them, and are failed under CI=true or skipped
otherwise when one is missing:
    @pytest.mark.requires("postgres" | "redis" | "celery" | "browser", ...)
    or call tests.support.services.require_service("redis") inside a test/fixture.

Fixtures:
    live_daphne            A real daphne process serving azulsite.asgi over HTTP and WebSocket
                           against this run's test database; .url ("http://127.0.0.1:<port>"),
                           .ws_url ("ws://..."), .outbox_dir (files of the e-mails it sent).
                           Implies transactional_db (data must be committed to be seen).
                           Started once per session and mode (see Celery below).
    celery_worker_process  A real `celery -A azulsite worker` process against REDIS_URL and
                           the test database (and one more for the notifications queue,
                           .extra["notifications"]), ready when the fixture returns; implies
                           transactional_db and requires redis. Tests using it (and any daphne
                           they use) enqueue tasks for real; every other test runs Celery tasks
                           eagerly in-process, so results are deterministic without a worker.
    real_celery            Tasks sent from this process go to Redis (not run eagerly), for tests
                           that start workers of their own on a queue of their own.
    browser / page         (tests/support/browser.py) Playwright driving Debian's chromium. `page` is a
                           fresh context per test; on failure a screenshot goes to test-artifacts/.
    contexts               contexts(viewport, timeout_ms): one more page in a context of its own,
                           for tests with several people (players, spectators).
                           Browser tests run after all others, and must not call async_to_sync
                           in the test process (Playwright's loop is running in that thread);
                           other tests run with that loop set aside, so they may come after
                           one in any order (tests/support/event_loops.py).
    subprocess_emails      Reads the e-mails that daphne/Celery processes sent (file backend).
    make_user / alice      make_user(username) creates a user without a password (they never
                           log in by password); alice is one. Shared by the games, leagues and
                           bots tests.

The cache is cleared before every test so throttling counters do not leak between tests, and
so are the embedded mode's presence entries (realtime.presence) before and after it.
Cross-process WebSocket broadcasts (test process or worker → daphne) need REDIS_URL: the
in-memory channel layer only reaches consumers in its own process.
"""

import os
import time
from email import message_from_bytes
from pathlib import Path

import pytest

import tests.support.hypothesis_profiles  # noqa: F401  (HYPOTHESIS_PROFILE: ci or thorough)
from tests.support.browser import browser, contexts, page  # noqa: F401  (fixtures)
from tests.support.cache import clear_site_cache
from tests.support.event_loops import playwright_loop_set_aside
from tests.support.processes import database_url_for, start_celery_worker, start_daphne
from tests.support.services import require_service


def pytest_configure(config):
    # Fast password hashing for this process (settings are loaded already) and, through the
    # environment, for the daphne and Celery processes it starts (see azulsite/settings.py).
    from django.conf import settings

    os.environ["PASSWORD_HASHER"] = "md5-for-tests"
    # The test process (which imports azulsite.asgi) and the daphne processes it starts hold a few
    # sockets each: no freezing of every full collection's survivors (azulsite/collector.py).
    os.environ.setdefault("GC_FREEZE_AFTER_FULL", "0")
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # The test process's PostgreSQL pool: the in-process sockets' database threads keep a
    # connection each (WEBSOCKET_DB_THREADS, as in production, where the pool is sized for them
    # plus 4), and the race tests hold one connection per writer besides. With production's
    # size, a race test run after socket tests waited for a connection instead of a lock (.ci/run).
    pool = settings.DATABASES["default"].get("OPTIONS", {}).get("pool")
    if isinstance(pool, dict):
        pool["max_size"] = settings.WEBSOCKET_DB_THREADS + 16
    # Bots think 0.1 s a move here and in the servers started (1 s in production: strong and
    # master spend 0.5-0.9 s of it, and tests play hundreds of bot moves). Tests that need a bot
    # mid-think, or a given strength, set their own budget.
    os.environ.setdefault("BOT_THINK_SECONDS", "0.1")
    settings.BOT_THINK_SECONDS = float(os.environ["BOT_THINK_SECONDS"])
    # Rated games are not analysed when they end, here and in the servers started: a whole game's
    # analysis on a pool thread would outlive the test that finished it (tests/analysis turn it on
    # where it is the subject).
    os.environ.setdefault("ANALYSE_RATED_GAMES", "false")
    settings.ANALYSE_RATED_GAMES = os.environ["ANALYSE_RATED_GAMES"] == "true"
    # The test process runs tasks itself (eagerly) where a test wants them, never in the
    # background; the daphne processes it starts keep their embedded beat (azulsite.embedded_beat).
    settings.EMBEDDED_BEAT = False
    # A transactional test ends by deleting its rows (fast), retried when it deadlocks with a worker.
    from tests.support import flush_retry

    flush_retry.install()


# --- services ----------------------------------------------------------------------------


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """Browser tests run last (after pytest-django's own ordering).

    Playwright's sync API leaves its event loop marked running in the main thread for the rest
    of the session, and asgiref's async_to_sync refuses to run in such a thread. The protocol
    below sets that loop aside for every other test, so this order is no longer needed for
    correctness (xdist's work stealing hands out tests in other orders); it is kept so that a
    process starts its browser as late as it can. Within each part the tests marked `long` (half
    a minute or more) come first: a process that runs out of tests steals from the end of the
    other's queue, so the short ones are what is left to share, not one long test at the end.
    """
    items.sort(key=lambda item: ("browser" in getattr(item, "fixturenames", ()),
                                 item.get_closest_marker("long") is None))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """A test that is not a browser test runs (set-up and teardown too) with Playwright's loop
    set aside, whichever tests ran before it in this process (tests/support/event_loops.py)."""
    if "browser" in getattr(item, "fixturenames", ()):
        return (yield)
    with playwright_loop_set_aside():
        return (yield)


def pytest_runtest_setup(item):
    for marker in item.iter_markers(name="requires"):
        require_service(*marker.args)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"report_{report.when}", report)  # read by `page` for failure screenshots
    return report


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup):
    """pytest-django's, and then: the socket database threads keep their connections
    (DB_CONN_MAX_AGE), so close them before the test database is dropped, which PostgreSQL
    refuses while anyone is connected."""
    yield
    from realtime.db_threads import close_db_thread_connections

    close_db_thread_connections()


@pytest.fixture(autouse=True)
def _fresh_cache():
    from realtime import presence

    clear_site_cache()
    presence.reset_local()  # the embedded mode's presence entries, kept in the process
    yield
    presence.reset_local()


@pytest.fixture(autouse=True)
def _site_language():
    """Each test starts in the site's language: a request in French (the test client's
    Accept-Language) leaves French active in this thread, as a worker thread would until its next
    request, and a later test's messages would be French."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _fresh_channel_layers():
    """New channel layer objects for every test. A Redis layer keeps asyncio locks bound to the
    event loop that first used them, and every `async_to_sync` call runs a loop of its own: a
    layer shared between tests fails with "bound to a different event loop"."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def _celery_mode(request):
    """Eager Celery unless the test asked for a real worker."""
    from celery._state import _set_task_join_will_block

    from azulsite.celery import app

    # Celery's "inside a task" flag is one global that an eager apply_async saves, sets and
    # restores: two threads of an earlier test applying at once (the embedded bot pool) can
    # leave it set, and then every EagerResult.get() of this process raises "Never call
    # result.get() within a task" (seen once in .ci/run). A test starts outside any task.
    _set_task_join_will_block(False)
    real_worker = "celery_worker_process" in request.fixturenames
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = not real_worker
    yield
    app.conf.task_always_eager = previous


# --- users -------------------------------------------------------------------------------


@pytest.fixture
def make_user(db):
    from django.contrib.auth import get_user_model

    def make(username):
        # No password: hashing one costs time, and these users never log in by password.
        return get_user_model().objects.create_user(username=username, password=None)

    return make


def _player(username):
    @pytest.fixture(name=username)
    def player(make_user):
        return make_user(username)

    player.__doc__ = f"The user {username}."
    return player


alice, bob, carol, dave = (_player(name) for name in ("alice", "bob", "carol", "dave"))


@pytest.fixture
def throttle_clock_held(monkeypatch):
    """Budgets are counted in calendar windows (accounts.throttles.WindowRateThrottle): hold this
    process's throttle clock still, so that a test spending a budget does not straddle two windows
    and find it whole again halfway (a slow run once crossed a minute). Servers keep real time."""
    from accounts.throttles import WindowRateThrottle

    now = time.time()
    monkeypatch.setattr(WindowRateThrottle, "timer", staticmethod(lambda: now))


# --- games -------------------------------------------------------------------------------


@pytest.fixture
def two_players(alice, bob):
    """A running 2-player game of classic Azul between alice and bob."""
    from tests.support.games import start_game

    return start_game(alice, bob)


@pytest.fixture
def duel(alice, bob):
    """A running game of Azul Duel between alice and bob."""
    from tests.support.games import start_game

    return start_game(alice, bob, ruleset="duel")


# --- server processes --------------------------------------------------------------------


@pytest.fixture(scope="session")
def subprocess_outbox_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("outbox")


@pytest.fixture(scope="session")
def subprocess_env(django_db_setup, subprocess_outbox_dir) -> dict[str, str]:
    """Environment for server processes: this run's test database, a readable outbox."""
    from django.db import connection

    return {
        "DATABASE_URL": database_url_for(connection.settings_dict),
        "DJANGO_SETTINGS_MODULE": "azulsite.settings",
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(subprocess_outbox_dir),
        # Analyses requested from a server process search this many positions per move: enough
        # to find real mistakes, quick enough for a test (the default is azul.bots.analysis').
        "ANALYSIS_NODES": "300",
        # And an analysis board's evaluation (4,000 by default): the browser tests check the
        # answer's form, tests/analysis_board/test_api.py the budget.
        "BOARD_NODES": "300",
    }


@pytest.fixture(scope="session")
def _daphne_servers(subprocess_env):
    servers = {}

    def server_for(eager: bool):
        if eager not in servers:
            servers[eager] = start_daphne({**subprocess_env, "CELERY_EAGER": str(eager).lower()})
        return servers[eager]

    yield server_for
    for server in servers.values():
        server.stop()


class LiveDaphne:
    def __init__(self, url: str, outbox_dir: Path):
        self.url = url
        self.ws_url = "ws" + url.removeprefix("http")
        self.outbox_dir = outbox_dir


@pytest.fixture
def live_daphne(request, transactional_db, _daphne_servers, subprocess_outbox_dir) -> LiveDaphne:
    eager = "celery_worker_process" not in request.fixturenames
    server = _daphne_servers(eager)
    if server.process.poll() is not None:
        pytest.fail(f"daphne died:\n{server.log_tail()}")
    return LiveDaphne(server.url, subprocess_outbox_dir)


@pytest.fixture(scope="session")
def _celery_worker(subprocess_env):
    """The worker of every queue but notifications and, as in production, a worker of its own
    for notifications (.extra["notifications"]): a push to a silent push service holds that one
    only. Both push with this session's VAPID keys (.extra["vapid"]) and may reach 127.0.0.1."""
    require_service("celery")
    from django.conf import settings

    from azulsite.celery import app
    from tests.support.push import vapid_keys

    app.control.purge()  # tasks left over from an earlier run would hit a different database
    vapid = vapid_keys()
    env = {**subprocess_env, "CELERY_EAGER": "false", **vapid,
           "PUSH_TEST_NETWORKS": "127.0.0.1/32", "PUSH_CONNECT_TIMEOUT_SECONDS": "30",
           "PUSH_READ_TIMEOUT_SECONDS": "30"}
    notifications = settings.CELERY_TASK_ROUTES["notifications.send_push"]["queue"]
    worker = start_celery_worker(env, app, queues=[
        queue for queue in settings.CELERY_TASK_QUEUES if queue != notifications])
    worker.extra["notifications"] = start_celery_worker(env, app, queues=[notifications])
    worker.extra["vapid"] = vapid
    yield worker
    worker.extra["notifications"].stop()
    worker.stop()


@pytest.fixture
def real_celery():
    """Send tasks to Redis from this process (the harness runs them eagerly otherwise), for tests
    that start their own workers on their own queues."""
    from azulsite.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = False
    yield app
    app.conf.task_always_eager = previous


@pytest.fixture
def celery_worker_process(transactional_db, _celery_worker):
    for worker in (_celery_worker, _celery_worker.extra["notifications"]):
        if worker.process.poll() is not None:
            pytest.fail(f"celery worker died:\n{worker.log_tail()}")
    return _celery_worker


@pytest.fixture
def subprocess_emails(subprocess_outbox_dir):
    """A function returning the e-mails (email.message.Message) sent so far by subprocesses."""
    before = set(subprocess_outbox_dir.iterdir())

    def sent():
        contents = (
            path.read_bytes()
            for path in sorted(subprocess_outbox_dir.iterdir(), key=os.path.getmtime)
            if path not in before
        )
        # Django's file backend creates the file before writing to it and ends each message with
        # a line of 79 dashes: a file without that line is still being written.
        return [
            message_from_bytes(content) for content in contents if content.endswith(b"-" * 79 + b"\n")
        ]

    return sent
