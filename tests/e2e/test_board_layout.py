"""The table fits the screen: a phone (390×844) and a laptop with four players (1366×768).

Bounding boxes are asserted as the page first shows the game (no scrolling): on a phone the market
and the player's own board are in the viewport, pickable tiles are at least 40 px, opponents are
miniatures that grow on a tap; on the laptop the market and all four boards are in view.
"""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.support.browser import screenshot

from .play_by_clicking import GAME, sign_up
from .test_board_play import open_bot_game, wait_for_my_turn

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(180)]

ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"


def box(page, selector):
    """The first match's box, found and measured in one step (see `sizes`)."""
    return sizes(page, selector)[0]


def at_rest(page):
    """Wait for the board's animations (the bot's last take travelling) to end.

    A function, not a bare expression: Playwright evals the predicate's source in the page, once for
    a function (inside its own evaluation, which the page's CSP allows) but at every later poll for
    an expression, which `script-src 'self'` refuses once the first poll has found animations.
    """
    page.wait_for_function("() => document.getAnimations().length === 0")


def assert_in_view(page, selector, viewport):
    at_rest(page)
    for found in sizes(page, selector):
        assert found["x"] >= 0, (selector, found)
        assert found["y"] >= 0, (selector, found)
        assert found["x"] + found["width"] <= viewport["width"] + 0.5, (selector, found)
        assert found["y"] + found["height"] <= viewport["height"] + 0.5, (selector, found)


def sizes(page, selector):
    """Every match's box, read in one go (the board may redraw between two separate reads)."""
    found = page.locator(selector).evaluate_all(
        "elements => elements.map(e => e.getBoundingClientRect().toJSON())")
    assert found, f"nothing matches {selector}"
    return found


def test_a_phone_shows_the_market_and_the_own_board_without_scrolling(live_daphne, browser):
    viewport = {"width": 390, "height": 844}
    context = browser.new_context(viewport=viewport, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        sign_up(page, live_daphne.url, "phoner")
        open_bot_game(page, live_daphne.url)
        assert wait_for_my_turn(page)
        page.evaluate("window.scrollTo(0, 0)")
        assert_in_view(page, ".market", viewport)
        assert_in_view(page, ".pboard--me", viewport)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        ARTIFACTS_DIR.mkdir(exist_ok=True)
        screenshot(page, path=str(ARTIFACTS_DIR / "phone-start.png"))
        for tile in sizes(page, "[data-pick]"):
            assert tile["width"] >= 40, tile
            assert tile["height"] >= 40, tile
        ARTIFACTS_DIR.mkdir(exist_ok=True)
        page.locator("[data-pick]").first.tap()
        expect(page.locator(".pboard--me [data-target]").first).to_be_visible()
        at_rest(page)
        for target in sizes(page, ".pboard--me [data-target]"):
            assert target["height"] >= 40, target
            assert target["width"] >= 40, target
        screenshot(page, path=str(ARTIFACTS_DIR / "phone-board.png"))
        # The opponent is a miniature until tapped.
        small = box(page, ".pboard--opponent")
        assert small["height"] < box(page, ".pboard--me")["height"] * 0.7
        page.locator("[data-expand]").tap()
        expect(page.locator("[data-expand]")).to_have_attribute("aria-expanded", "true")
        at_rest(page)
        assert box(page, ".pboard--opponent")["height"] > small["height"] * 1.4
    finally:
        context.close()


def test_four_players_on_a_laptop_see_the_market_and_every_board(live_daphne, browser):
    viewport = {"width": 1366, "height": 768}
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    try:
        sign_up(page, live_daphne.url, "laptopper")
        open_bot_game(page, live_daphne.url, players=4)
        expect(page.locator(".pboard")).to_have_count(4)
        expect(page.locator(".factory")).to_have_count(9)
        page.locator(GAME).wait_for()
        page.evaluate("window.scrollTo(0, 0)")
        assert_in_view(page, ".market", viewport)
        assert_in_view(page, ".pboard", viewport)
        ARTIFACTS_DIR.mkdir(exist_ok=True)
        screenshot(page, path=str(ARTIFACTS_DIR / "four-players-laptop.png"))
    finally:
        context.close()


# The top of the first pickable tile at each of 20 animation frames.
TOPS_OVER_FRAMES = """() => new Promise((done) => {
  const tops = [];
  const step = () => {
    tops.push(document.querySelector('.tile.is-pickable').getBoundingClientRect().top);
    if (tops.length < 20) requestAnimationFrame(step); else done(tops);
  };
  requestAnimationFrame(step);
})"""


def test_a_tile_under_a_resting_pointer_stays_still_and_takes_the_click(live_daphne, page):
    # A hovered tile once rose 2 px: a pointer resting on its bottom edge lost the hover, the tile
    # fell back under it, rose again, and flickered every frame; a click there never landed.
    sign_up(page, live_daphne.url, "hoverer")
    open_bot_game(page, live_daphne.url)
    assert wait_for_my_turn(page)
    at_rest(page)
    tile = sizes(page, ".tile.is-pickable")[0]
    page.mouse.move(tile["x"] + tile["width"] / 2, tile["y"] + tile["height"] - 1)
    tops = page.evaluate(TOPS_OVER_FRAMES)
    assert len(set(tops)) == 1, tops
    page.locator(".tile.is-pickable").first.click(timeout=3000)
    expect(page.locator(".pboard--me [data-target]").first).to_be_visible()
