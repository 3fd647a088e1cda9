"""The browser fixtures (tests/conftest.py lists them): Playwright's sync API driving Debian's
chromium, headless; a page per test, screenshotted on failure, and more contexts on demand."""

import asyncio
import os
from pathlib import Path

import pytest

from tests.support.event_loops import playwright_loop_marked
from tests.support.services import CHROMIUM_PATH, require_service

ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--force-prefers-reduced-motion",
]
# Screenshots for people to look at (test-artifacts/, docs/img/) are taken only when asked:
# `SCREENSHOTS=1 make test`, or `make docs-screenshots`. Encoding a full page costs a browser a
# second on a loaded machine, and nobody looks at a CI run's pictures; a failing test's page is
# always kept (`page` below).
SCREENSHOTS = os.environ.get("SCREENSHOTS", "") not in ("", "0", "false")


def screenshot(target, path, **options) -> None:
    """`target.screenshot(path=path, **options)` (a page or a locator), when SCREENSHOTS asks."""
    if SCREENSHOTS:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        target.screenshot(path=str(path), **options)


@pytest.fixture(scope="session")
def browser():
    require_service("browser")
    # Playwright's sync API runs an event loop in this thread; Django's ORM calls made by
    # the test itself (setting up data, asserting) are still synchronous and safe.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    # Playwright's assertions wait 5 s by default; a CI machine running two browsers and their
    # servers on two slow cores was seen to need more for a live lobby update.
    expect.set_options(timeout=10_000)

    manager = sync_playwright()
    playwright = manager.__enter__()
    loop = asyncio.events._get_running_loop()  # Playwright's, marked running from here on
    try:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM_PATH, headless=True, args=CHROMIUM_ARGS
        )
    except BaseException:
        manager.__exit__(None, None, None)
        raise
    # Contexts without the service worker unless a test asks for it (test_app_shell.py): the
    # worker answers every request of the page and, on a context's first page, fetches the page's
    # static files once more to keep them; each test's fresh contexts paid that again.
    new_context = chromium.new_context

    def new_context_without_worker(**options):
        options.setdefault("service_workers", "block")
        return new_context(**options)

    chromium.new_context = new_context_without_worker
    yield chromium
    # The session may end in a test that set the loop aside: Playwright needs it to close.
    with playwright_loop_marked(loop):
        chromium.close()
        manager.__exit__(None, None, None)


@pytest.fixture
def contexts(browser):
    """`contexts(viewport, timeout_ms=10_000, service_workers="block")`: a page in a browser
    context of its own (its own cookies, so its own user and socket), for tests with several
    people; all closed afterwards."""
    made = []

    def new(viewport, timeout_ms=10_000, service_workers="block"):
        context = browser.new_context(viewport=viewport, service_workers=service_workers)
        context.set_default_timeout(timeout_ms)
        made.append(context)
        return context.new_page()

    yield new
    for context in made:
        context.close()


@pytest.fixture
def page(request, browser):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.set_default_timeout(10_000)
    new_page = context.new_page()
    yield new_page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        ARTIFACTS_DIR.mkdir(exist_ok=True)
        new_page.screenshot(path=str(ARTIFACTS_DIR / f"{request.node.name}.png"), full_page=True)
    context.close()


# Counts the page's fetches until their bodies are read (or, for one nobody reads, a task
# later): `settled` waits for none in flight. Playwright's "networkidle" waits for 500 ms
# without a request instead, which the crawls paid at each of their ~100 stops.
COUNT_FETCHES = """(() => {
  if (window.__fetchesInFlight !== undefined) return;
  window.__fetchesInFlight = 0;
  const fetched = window.fetch;
  const done = () => { window.__fetchesInFlight -= 1; };
  window.fetch = function (...args) {
    window.__fetchesInFlight += 1;
    return fetched.apply(this, args).then((response) => {
      let read = false;
      for (const name of ["json", "text", "blob", "arrayBuffer"]) {
        const body = response[name].bind(response);
        response[name] = () => { read = true; return body().finally(done); };
      }
      setTimeout(() => { if (!read) done(); }, 0);
      return response;
    }, (error) => { done(); throw error; });
  };
})();"""
SETTLED = """() => document.readyState === "complete" && window.__fetchesInFlight === 0"""
NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
_COUNTING = set()


def count_fetches(page) -> None:
    """From now on (once per page) `page` counts its fetches in flight; call it before the page's
    first navigation."""
    if page not in _COUNTING:
        _COUNTING.add(page)
        page.add_init_script(COUNT_FETCHES)
        if page.url != "about:blank":
            page.evaluate(COUNT_FETCHES)


def settled(page) -> None:
    """Wait until the page has loaded, no fetch of its scripts is in flight or unread, and what
    they drew has been laid out (two frames)."""
    count_fetches(page)
    page.wait_for_function(SETTLED)
    page.evaluate(NEXT_FRAME)
