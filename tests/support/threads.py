"""Work done from a browser test on a thread of its own.

Playwright's sync API keeps its event loop running in the test's thread, and the services
announce their events through async_to_sync, which refuses to run in such a thread. The thread
has its own database connection, closed when the work is done."""

from concurrent.futures import ThreadPoolExecutor

from django.db import connections


def off_the_browser_thread(work, *args, **kwargs):
    """`work(*args, **kwargs)` on a thread of its own; its result, or its exception raised here."""
    def run():
        try:
            return work(*args, **kwargs)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(run).result()
