"""A transactional test's closing flush empties the database quickly and survives a deadlock with
another connection's transaction (a late task of the session's Celery worker) instead of failing
and leaving its rows to the next test (tests/support/flush_retry.py)."""

import threading

import pytest
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.contrib.sessions.models import Session
from django.db import connection, transaction
from django.utils import timezone

from accounts.models import User
from tests.support.flush_retry import empty_database
from tests.support.row_locks import wait_for_lock_waiters

# The flush looks for a deadlock this long after it starts waiting: long enough for the other
# transaction to be waiting too by then; the other never looks, so the flush is the one cancelled.
FLUSH_DEADLOCK_TIMEOUT = "4s"


@pytest.mark.requires("postgres")
@pytest.mark.django_db(transaction=True)
def test_the_flush_is_retried_when_postgresql_cancels_it_to_break_a_deadlock(alice):
    # The flush deletes accounts_user's rows before django_session's (tables in name order).
    session = Session.objects.create(session_key="held", session_data="", expire_date=timezone.now())
    holding, flush_waiting, done = threading.Event(), threading.Event(), threading.Event()
    outcome = {}

    def other_transaction():  # holds the session's row, then wants alice's, which the flush holds
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute("SET LOCAL deadlock_timeout = '10min'")
                cursor.execute("SELECT 1 FROM django_session WHERE session_key = %s FOR UPDATE",
                               [session.session_key])
                holding.set()
                assert flush_waiting.wait(30)
                cursor.execute("SELECT 1 FROM accounts_user WHERE id = %s FOR UPDATE", [alice.pk])
        finally:
            connection.close()
            done.set()

    def flush():
        try:
            with connection.cursor() as cursor:
                cursor.execute(f"SET deadlock_timeout = '{FLUSH_DEADLOCK_TIMEOUT}'")
            empty_database()
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
    wait_for_lock_waiters(1)  # the flush: alice's row deleted, waiting on the session's
    flush_waiting.set()
    flushing.join(60)
    other.join(60)
    assert done.is_set()
    assert outcome == {"flushed": True}
    assert not User.objects.filter(pk=alice.pk).exists()
    assert not Session.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_the_flush_keeps_the_content_types_and_permissions_and_deletes_every_other_row(alice):
    content_types, permissions = ContentType.objects.count(), Permission.objects.count()
    assert content_types  # made by migrate's post_migrate signal
    assert permissions
    empty_database()
    assert not User.objects.exists()
    assert (ContentType.objects.count(), Permission.objects.count()) == (content_types, permissions)
