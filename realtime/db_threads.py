"""The thread pool that runs the database work of every WebSocket (every endpoint's handlers,
whichever app registered them: realtime.registry)."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import SyncToAsync
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, close_old_connections, connections

from . import broadcast

# The database work of socket messages runs on this pool, not on the one thread Channels keeps for
# thread-sensitive calls (which would serialise every query of the process): each thread has its
# own connection, so moves of different games run in parallel; the game's row lock still makes
# the service the single writer of each game. Connections close after each call unless
# DB_CONN_MAX_AGE keeps them, or the thread holds its pooled one (_hold_connection).
_db_threads = ThreadPoolExecutor(
    max_workers=settings.WEBSOCKET_DB_THREADS, thread_name_prefix="ws-db"
)

# How long a socket thread keeps the connection it took before handing it back.
HOLD_SECONDS = 60.0


def _hold_connection():
    """Keep the connection this thread took during the call, for HOLD_SECONDS, where Django would
    hand it back right away (CONN_MAX_AGE=0, the pool's requirement; SQLite's default).

    A hand-back and a new take cost ~60 µs of CPU per socket message (a few per cent of a move),
    and these threads are a fixed few (WEBSOCKET_DB_THREADS), so holding is bounded, unlike the
    per-request threads of HTTP. close_old_connections still drops a held connection that saw an
    error or was left in a transaction.
    """
    db = connections[DEFAULT_DB_ALIAS]
    if db.connection is None or db.settings_dict["CONN_MAX_AGE"] != 0:
        return
    if db.vendor != "sqlite" and getattr(db, "pool", None) is None:
        return  # a plain connection: the operator asked for one per message (DB_POOL=false)
    now = time.monotonic()
    # Taken during this call (a held one past its time was dropped before the call).
    if db.close_at is not None and db.close_at <= now:
        db.close_at = now + HOLD_SECONDS


class _DatabaseThreadCall(SyncToAsync):
    """Like Channels' DatabaseSyncToAsync, on the pool: stale connections closed before and after.

    (Channels' test communicator turns its own clean-up into a no-op, as its calls share the
    test's connection; the pool's threads have connections of their own, so this one always runs.)
    """

    def thread_handler(self, loop, *args, **kwargs):
        close_old_connections()
        try:
            with broadcast.sent_through(loop):
                return super().thread_handler(loop, *args, **kwargs)
        finally:
            _hold_connection()
            close_old_connections()


def close_db_thread_connections(timeout: float = 10.0) -> None:
    """Close the connection that each thread of the pool keeps (DB_CONN_MAX_AGE > 0, or held).

    For a process that drops its database afterwards, such as the test run. The pool cannot aim a
    call at one thread, so it gets one call per thread, each held at a barrier until every thread
    has one (a pool with fewer threads starts the missing ones).
    """
    workers = settings.WEBSOCKET_DB_THREADS
    everyone_has_one = threading.Barrier(workers, timeout=timeout)

    def close():
        everyone_has_one.wait()
        connections.close_all()

    for call in [_db_threads.submit(close) for _thread in range(workers)]:
        call.result()


def in_db_thread(function):
    """`function` as a coroutine run on the socket database pool."""
    return _DatabaseThreadCall(function, thread_sensitive=False, executor=_db_threads)
