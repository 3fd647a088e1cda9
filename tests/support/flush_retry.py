"""A transactional test's closing flush: rows deleted in one transaction, retried on a deadlock.

Django's flush TRUNCATEs every table and then re-creates the content types and permissions
(the post_migrate signal). On PostgreSQL that costs 0.28-0.48 s a test on this machine, for
tables that hold a handful of rows: TRUNCATE gives each of the ~50 tables a new file, and the
signal rebuilds rows that nothing deleted but the flush. Deleting the rows in one transaction
ends in the same empty database, but for those rows (kept, so nothing needs rebuilding) and
the sequences (Django's flush leaves them too), in a few milliseconds.

A Celery worker of the session outlives each test, and a task sent by one test may run while
the next flush empties the tables: an e-mail batch's eta, say, which locks its batch row and
then the user's. The flush and such a transaction can each hold a row the other waits for;
PostgreSQL then cancels one of them ("deadlock detected"). When that one was the flush, the
test would error and the next test of the process would find the previous test's rows (seen in
.ci/run). The worker's side is retried by Celery where it matters; the flush is retried here.
"""

from django.db import connections, transaction
from django.test import TransactionTestCase

DEADLOCK_DETECTED = "40P01"
ATTEMPTS = 5
# Rows that migrations' post_migrate signal makes, which no test deletes: kept, not rebuilt.
KEPT_TABLES = frozenset({"django_content_type", "auth_permission"})


def _deadlocked(error):
    cause = error
    while cause is not None:
        if DEADLOCK_DETECTED in (getattr(cause, "sqlstate", None), getattr(cause, "pgcode", None)):
            return True
        cause = cause.__cause__
    return False


def _delete_every_row(alias):
    connection = connections[alias]
    tables = sorted(  # one order for every flush: a deadlock in tests/site/test_flush_retry.py
        table
        for table in connection.introspection.django_table_names(only_existing=True, include_views=False)
        if table not in KEPT_TABLES
    )
    quote = connection.ops.quote_name
    # Django's foreign keys are DEFERRABLE INITIALLY DEFERRED on PostgreSQL and SQLite: checked
    # at commit, when every table is empty, so the order of the deletes does not matter.
    with transaction.atomic(using=alias), connection.cursor() as cursor:
        for table in tables:
            cursor.execute(f"DELETE FROM {quote(table)}")


def empty_database(alias="default"):
    """Delete every row of the database `alias` but the content types and permissions, in one
    transaction, tried again when PostgreSQL chose it as the victim of a deadlock (a failed try
    changed nothing)."""
    for attempt in range(1, ATTEMPTS + 1):
        try:
            _delete_every_row(alias)
            return
        except Exception as error:
            if attempt == ATTEMPTS or not _deadlocked(error):
                raise


def install():
    """Every transactional test (pytest-django's transactional_db included) ends with
    empty_database instead of Django's flush."""
    if getattr(TransactionTestCase._fixture_teardown, "empties_tables", False):
        return

    def _fixture_teardown(self):
        for alias in self._databases_names(include_mirrors=False):
            empty_database(alias)

    _fixture_teardown.empties_tables = True
    TransactionTestCase._fixture_teardown = _fixture_teardown
