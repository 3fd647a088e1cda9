"""After a browser test, a test that is not one may run in the same process in any order: the
harness sets Playwright's loop aside around it (tests/support/event_loops.py, conftest's
pytest_runtest_protocol), which lets xdist steal work (Makefile: --dist worksteal)."""

import os

import pytest
from asgiref.sync import async_to_sync

from tests.support.event_loops import playwright_loop_set_aside

pytestmark = pytest.mark.requires("browser")


async def _answer():
    return 42


def test_async_to_sync_works_with_playwrights_loop_set_aside_and_the_browser_after(page):
    page.set_content("<p>before</p>")
    # What Playwright's loop does to any later code of this thread:
    with pytest.raises(RuntimeError, match="event loop"):
        async_to_sync(_answer)()

    with playwright_loop_set_aside():
        assert async_to_sync(_answer)() == 42
        # Django's async-safety check is on again, as for a test in a process with no browser.
        assert "DJANGO_ALLOW_ASYNC_UNSAFE" not in os.environ

    assert os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] == "true"
    assert page.evaluate("document.querySelector('p').textContent") == "before"
