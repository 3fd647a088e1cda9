"""Races on PostgreSQL row locks, in a known order.

`queued_behind(hold, writes)` runs `hold` in a transaction of its own connection and keeps it
open, starts each write in a thread (with its own connection) only once the previous one is
waiting on a lock, then commits the holder. PostgreSQL grants a row lock to its waiters first
come, first served, so the writes take the lock in the order given; what they answer and leave
behind can then be compared with running them one after the other.
"""

import threading

from django.db import connection, transaction

from tests.support.waiting import wait_until


def lock_waiters():
    """Sessions of this database waiting for a lock now."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0]


def wait_for_lock_waiters(count, timeout=10):
    wait_until(lambda: lock_waiters() >= count, timeout, f"{count} writers queued on the lock",
               every=0.01)


def queued_behind(hold, writes, answer):
    """[answer(write) for write in writes], the writes queued on the locks `hold` takes."""
    locked, release = threading.Event(), threading.Event()
    answers = [None] * len(writes)
    failures = []

    def holder():
        try:
            with transaction.atomic():
                hold()
                locked.set()
                release.wait(30)
        finally:
            connection.close()

    def queue(slot, write):
        try:
            answers[slot] = answer(write)
        except BaseException as exc:  # re-raised in the test's thread
            failures.append(exc)
        finally:
            connection.close()

    holding = threading.Thread(target=holder)
    holding.start()
    assert locked.wait(10), "the holder never took its lock"
    threads = []
    try:
        for slot, write in enumerate(writes):
            thread = threading.Thread(target=queue, args=(slot, write))
            thread.start()
            threads.append(thread)
            # Queued in this order; a write that ends instead (an error, a wait for something
            # else than the lock) fails here with what it did, not with a timeout.
            wait_until(lambda slot=slot, thread=thread: lock_waiters() >= slot + 1 or not thread.is_alive(),
                       10, f"{slot + 1} writers queued on the lock", every=0.01)
            if not thread.is_alive():
                raise failures[0] if failures else AssertionError(
                    f"write {slot} answered {answers[slot]!r} without waiting for the lock")
    finally:
        release.set()
        holding.join(30)
        for thread in threads:
            thread.join(30)
    if failures:
        raise failures[0]
    return answers
