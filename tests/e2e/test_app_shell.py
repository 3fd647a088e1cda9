"""The app feel on phones, in chromium: the web-app manifest is linked and valid (name, start URL,
standalone display, theme colour, 192 and 512 px PNG icons and a maskable one, all served), the
service worker registers and takes the page over, and with the network gone a page shows the
friendly offline page in the visitor's language, styled from the kept shell; "Try again" brings
the real page back once the network is."""

import json
import struct
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.support.browser import screenshot
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(180)]

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "app-shell"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def png_size(body: bytes) -> tuple[int, int]:
    assert body[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", body[16:24])


def test_the_manifest_is_linked_valid_and_its_icons_are_served(live_daphne, page):
    base = live_daphne.url
    page.goto(f"{base}/")
    assert page.locator("meta[name=theme-color]").get_attribute("content") == "#1f5fa8"
    href = page.locator("link[rel=manifest]").get_attribute("href")
    answer = page.request.get(f"{base}{href}")
    assert answer.ok
    assert answer.headers["content-type"] == "application/manifest+json"
    manifest = json.loads(answer.body())
    assert manifest["name"]
    assert manifest["short_name"] == "azulsite"
    assert manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#1f5fa8"
    assert manifest["background_color"]
    sizes = {}
    for icon in manifest["icons"]:
        body = page.request.get(f"{base}{icon['src']}")
        assert body.ok, icon
        if icon["type"] == "image/png":
            width, height = png_size(body.body())
            assert f"{width}x{height}" == icon["sizes"], icon
            sizes[(icon["sizes"], icon.get("purpose", "any"))] = True
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= set(sizes)
    for link in page.locator("link[rel=icon], link[rel=apple-touch-icon]").all():
        assert page.request.get(f"{base}{link.get_attribute('href')}").ok

    french = page.request.get(f"{base}{href}", headers={"Accept-Language": "fr"})
    assert "Azul" in json.loads(french.body())["name"]
    assert json.loads(french.body())["lang"] == "fr"


def kept_language(page) -> str | None:
    return page.evaluate("""() => caches.open("azulsite-shell-v2")
        .then((cache) => cache.match("/offline/language")).then((r) => r ? r.text() : null)""")


def kept(page, path) -> bool:
    return page.evaluate("""(path) => caches.open("azulsite-shell-v2")
        .then((cache) => cache.match(path)).then((r) => Boolean(r))""", path)


@pytest.mark.parametrize(("language", "words"), [("en", "You are offline"),
                                             ("fr", "Vous êtes hors ligne")])
def test_with_the_server_gone_a_page_shows_the_offline_page(live_daphne, contexts, language, words):
    base = live_daphne.url
    page = contexts(PHONE, service_workers="allow")
    page.goto(f"{base}/learn/")
    # The worker registers, keeps the shell's files and takes this page over (clients.claim): no
    # reload needed. Keeping the files is the slow part on a busy machine.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    if language == "fr":
        page.get_by_test_id("language-fr").click()
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    scope = page.evaluate("() => navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == f"{base}/"
    wait_until(lambda: kept_language(page) == language, timeout=15, what="the page's language kept")
    wait_until(lambda: kept(page, "/static/css/site.css"), timeout=15, what="the stylesheet kept")

    page.context.set_offline(True)
    page.get_by_test_id("nav-learn").click()  # any page: the network is gone
    expect(page.get_by_test_id("offline-page")).to_be_visible()
    expect(page.locator("h1")).to_have_text(words)
    assert page.url == f"{base}/learn/"
    # Styled from the kept stylesheet: the header is the site's blue.
    header = page.eval_on_selector(".site-header", "e => getComputedStyle(e).backgroundColor")
    assert header == "rgb(31, 95, 168)"
    page.wait_for_function("() => document.querySelector('.offline-page img').naturalWidth === 192")
    SHOTS.mkdir(parents=True, exist_ok=True)
    screenshot(page, path=str(SHOTS / f"offline-{language}-phone.png"), full_page=True)
    page.set_viewport_size(LAPTOP)
    screenshot(page, path=str(SHOTS / f"offline-{language}-laptop.png"), full_page=True)

    page.context.set_offline(False)
    page.get_by_test_id("offline-retry").click()
    expect(page.get_by_test_id("nav-learn")).to_be_visible()
    expect(page.get_by_test_id("offline-page")).to_have_count(0)
