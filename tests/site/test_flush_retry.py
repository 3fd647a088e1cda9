"""A transactional test's closing flush survives a deadlock with another connection's transaction
(a late task of the session's Celery worker) instead of failing and leaving its rows to the next
test (tests/support/flush_retry.py)."""

import threading

import pytest
from django.core.management import call_command
from django.db import connection, transaction

from tests.support.row_locks import wait_for_lock_waiters

# The flush looks for a deadlock this long after it starts waiting: long enough for the other
# transaction to be waiting too by then; the other never looks, so the flush is the one cancelled.
FLUSH_DEADLOCK_TIMEOUT = "4s"


@pytest.mark.requires("postgres")
@pytest.mark.django_db(transaction=True)
def test_the_flush_is_retried_when_postgresql_cancels_it_to_break_a_deadlock(alice):
    tables = connection.introspection.django_table_names(only_existing=True, include_views=False)
    first, last = connection.ops.quote_name(tables[0]), connection.ops.quote_name(tables[-1])
    holding, flush_waiting, done = threading.Event(), threading.Event(), threading.Event()
    outcome = {}

    def other_transaction():  # holds the flush's last table, then wants its first
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute("SET LOCAL deadlock_timeout = '10min'")
                cursor.execute(f"LOCK TABLE {last} IN ROW EXCLUSIVE MODE")
                holding.set()
                assert flush_waiting.wait(30)
                cursor.execute(f"SELECT count(*) FROM {first}")
        finally:
            connection.close()
            done.set()

    def flush():
        try:
            with connection.cursor() as cursor:
                cursor.execute(f"SET deadlock_timeout = '{FLUSH_DEADLOCK_TIMEOUT}'")
            call_command("flush", interactive=False, verbosity=0)
            outcome["flushed"] = True
        except Exception as error:  # noqa: BLE001 - reported by the assertion below
            outcome["error"] = error
        finally:
            connection.close()

    other = threading.Thread(target=other_transaction)
    other.start()
    assert holding.wait(10)
    flushing = threading.Thread(target=flush)
    flushing.start()
    # Seen from this thread: a transaction sees pg_stat_activity as it was when it began.
    wait_for_lock_waiters(1)  # the flush: the first tables locked, waiting on the last
    flush_waiting.set()
    flushing.join(60)
    other.join(60)
    assert done.is_set()
    assert outcome == {"flushed": True}
    from accounts.models import User

    assert not User.objects.filter(pk=alice.pk).exists()
