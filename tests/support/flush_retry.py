"""A transactional test's closing flush that survives a deadlock with a live worker.

A Celery worker of the session outlives each test, and a task sent by one test may run while the
next flush truncates every table: an e-mail batch's eta, say, which locks its batch row and then
reads the user. TRUNCATE takes its table locks one after another, so such a transaction and the
flush can each hold what the other waits for; PostgreSQL then cancels one of them ("deadlock
detected"). When that one was the flush, Django's flush command fails, the test errors, and the
next test of the process finds the previous test's rows (seen in .ci/run). The worker's side is
retried by Celery where it matters; the flush is retried here, a few times.
"""

from django.core.management import CommandError
from django.core.management.commands import flush

DEADLOCK_DETECTED = "40P01"
ATTEMPTS = 5


def _deadlocked(error):
    cause = error.__cause__
    while cause is not None:
        if getattr(cause, "sqlstate", None) == DEADLOCK_DETECTED or getattr(
                cause, "pgcode", None) == DEADLOCK_DETECTED:
            return True
        cause = cause.__cause__
    return False


def install():
    """Make Django's flush command retry the whole flush when PostgreSQL chose it as the victim
    of a deadlock (each try is one transaction, so a failed try changed nothing)."""
    original = flush.Command.handle
    if getattr(original, "retries_deadlocks", False):
        return

    def handle(self, **options):
        for attempt in range(1, ATTEMPTS + 1):
            try:
                return original(self, **options)
            except CommandError as error:
                if attempt == ATTEMPTS or not _deadlocked(error):
                    raise

    handle.retries_deadlocks = True
    flush.Command.handle = handle
