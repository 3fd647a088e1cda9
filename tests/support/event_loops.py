"""Playwright's event loop, set aside while a test that is not a browser test runs.

Playwright's sync API runs its loop in a greenlet of the main thread, and between two of its
calls it leaves that loop marked as the thread's running loop for as long as the browser lives
(the session). A later test in that thread then cannot call async_to_sync or asyncio.run ("an
event loop is running"), and Django's async-safety check would see that loop too, which is why
the browser fixture sets DJANGO_ALLOW_ASYNC_UNSAFE. Test order used to be the only guard
(browser tests last in each process). Unmarking the loop around every other test (nothing
switches to Playwright's greenlet meanwhile, so nothing runs on it) makes order irrelevant: any
xdist scheduler, work stealing included, may hand a process a test of either kind in any order.
"""

import asyncio
import os
from contextlib import contextmanager


@contextmanager
def playwright_loop_set_aside():
    """Within: no running loop marked in this thread, and Django's async-safety check on; after:
    both as they were (Playwright's next call needs its loop marked again)."""
    loop = asyncio.events._get_running_loop()
    if loop is None:
        yield
        return
    unsafe = os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        if not loop.is_closed():  # closed: the browser was shut at the session's end meanwhile
            asyncio.events._set_running_loop(loop)
        if unsafe is not None:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = unsafe


@contextmanager
def playwright_loop_marked(loop):
    """Within: `loop` marked running again, as Playwright's calls need it (the browser's
    shutdown at the session's end may run inside a test that had it set aside)."""
    before = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(loop)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(None if before is loop and loop.is_closed() else before)
