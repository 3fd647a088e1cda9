"""When a page's socket is closed by the server, every socket client of the site (game, lobby,
your-turn badge, league) asks one place whether and when to knock again: shared/backoff.js.

A tab refused for having too many sockets (4429) got the refusal as a message, which resets the
backoff, and reconnected at once, forever; signed-out and not-allowed closes must not retry."""

from pathlib import Path

import pytest

pytestmark = pytest.mark.requires("browser")

STATIC_DIR = Path(__file__).resolve().parents[2] / "static"
ORIGIN = "http://azul.test"
CLIENTS = ["shared/connection.js", "shared/lobby-feed.js", "shared/your-turn-badge.js",
           "shared/live-regions.js"]  # the league and tournament pages

# The delays after each close code, with the draw fixed just below 1 (the longest wait).
AFTER_CLOSES = """
async () => {
  const { Backoff } = await import("/static/js/shared/backoff.js");
  const after = (code) => {
    const backoff = new Backoff(500, 15000, () => 0.999);
    backoff.reset();  // the server's message just before it closed
    return backoff.afterClose(code);
  };
  return Object.fromEntries([1006, 1011, 4401, 4403, 4404, 4429].map((code) => [code, after(code)]));
}
"""


def serve_static(route):
    path = route.request.url.removeprefix(ORIGIN)
    if path.startswith("/static/"):
        route.fulfill(path=str(STATIC_DIR / path.removeprefix("/static/")),
                      content_type="text/javascript")
    else:
        route.fulfill(body="<!doctype html><title>backoff</title>", content_type="text/html")


def test_a_refused_socket_waits_a_whole_ceiling_and_a_final_close_never_retries(page):
    page.route(f"{ORIGIN}/**", serve_static)
    page.goto(f"{ORIGIN}/")

    delays = page.evaluate(AFTER_CLOSES)

    assert delays["1006"] == delays["1011"] == 499  # a drop: the shortest wait, jittered
    assert delays["4429"] == 14985  # too many sockets: the longest
    assert delays["4401"] is None
    assert delays["4403"] is None
    assert delays["4404"] is None


def test_every_socket_client_asks_the_backoff_after_a_close():
    for client in CLIENTS:
        source = (STATIC_DIR / "js" / client).read_text()
        assert "afterClose(event.code)" in source, client
