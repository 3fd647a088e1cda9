"""Azul Duel fits a phone (390×844): the market (factories, plates) and the player's own board are
in the viewport as the page first shows the game, every touch target is at least 40 px, and the
opponent's board is a miniature that grows on a tap (the classic board's mechanism)."""

import random
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .play_by_clicking import GAME, confirm_if_asked, sign_up, version_of
from .test_duel import FOLLOW_UPS, open_duel_table, wait_for_my_turn_or_end

# Every match's box, read in one go: a redraw (a log arriving, a bot's move) may replace the
# elements between two calls.
BOXES = "(all) => all.map((e) => e.getBoundingClientRect().toJSON())"


def boxes(page, selector):
    found = page.eval_on_selector_all(selector, BOXES)
    assert found, selector
    return found


def assert_in_view(page, selector, viewport):
    for found in boxes(page, selector):
        assert found["x"] >= 0 and found["y"] >= 0, (selector, found)
        assert found["x"] + found["width"] <= viewport["width"] + 0.5, (selector, found)
        assert found["y"] + found["height"] <= viewport["height"] + 0.5, (selector, found)


pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(180)]

ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}


def assert_touchable(page, selector):
    for found in boxes(page, selector):
        assert found["width"] >= 40 and found["height"] >= 40, (selector, found)


def test_a_phone_shows_the_duel_market_and_the_own_board_without_scrolling(live_daphne, browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        sign_up(page, live_daphne.url, "duelphone")
        open_duel_table(page, live_daphne.url, "random")
        page.click("[data-action=start]")
        expect(page.locator(f"{GAME}[data-ruleset=duel]")).to_be_visible()
        assert wait_for_my_turn_or_end(page)
        page.evaluate("window.scrollTo(0, 0)")
        ARTIFACTS_DIR.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS_DIR / "duel-phone-start.png"))
        assert_in_view(page, ".dmarket", PHONE)
        assert_in_view(page, ".dboard.pboard--me", PHONE)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert_touchable(page, f"{GAME} [data-choice]")
        # The opening plate: its slots are 40 px targets too.
        page.locator("[data-choice=plate]").first.tap()
        assert_touchable(page, "[data-choice=slot]")
        version = version_of(page)
        page.locator("[data-choice=slot]").first.tap()
        confirm_if_asked(page)
        expect(page.locator(GAME)).not_to_have_attribute("data-version", str(version))
        # Drafting: every lit tile and chip, then the lit lines of a sun group, 40 px and in view.
        while wait_for_my_turn_or_end(page) and page.get_attribute(GAME, "data-phase") != "drafting":
            version = version_of(page)
            page.locator("[data-choice]").first.tap()
            if page.locator("[data-choice=slot]").count():
                page.locator("[data-choice=slot]").first.tap()
            confirm_if_asked(page)
            expect(page.locator(GAME)).not_to_have_attribute("data-version", str(version))
        assert wait_for_my_turn_or_end(page)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(ARTIFACTS_DIR / "duel-phone-drafting.png"))
        assert_in_view(page, ".dmarket", PHONE)
        assert_in_view(page, ".dboard.pboard--me", PHONE)
        assert_touchable(page, f"{GAME} [data-choice]")
        page.locator("[data-choice=sun]").first.tap()
        assert page.locator(".pboard--me [data-choice=line]").count() >= 1
        assert_touchable(page, ".pboard--me [data-choice=line]")
        assert_in_view(page, ".pboard--me [data-choice=line]", PHONE)
        page.screenshot(path=str(ARTIFACTS_DIR / "duel-phone-board.png"))
        # The opponent is a miniature until tapped.
        opponent = page.locator(".dboard.pboard--opponent")
        small = opponent.bounding_box()
        assert small["height"] < page.locator(".dboard.pboard--me").bounding_box()["height"] * 0.7
        page.locator("[data-expand]").tap()
        expect(page.locator("[data-expand]")).to_have_attribute("aria-expanded", "true")
        assert opponent.bounding_box()["height"] > small["height"] * 1.4
        page.locator("[data-expand]").tap()
        # Play on (clicking lit choices) until a line is tiled and its dome cell must be chosen:
        # the dome grows so that each lit cell is a 40 px target too.
        page.get_by_role("button", name="Cancel", exact=True).tap()
        rng = random.Random(6)
        for _ in range(300):  # one click at a time, so that the cell decision is seen when it comes
            if not wait_for_my_turn_or_end(page) or page.locator("[data-choice=cell]").count():
                break
            follow = page.locator(FOLLOW_UPS)
            starts = follow if follow.count() else page.locator(f"{GAME} [data-choice]:not([data-choice=buy_plate])")
            if not starts.count():
                starts = page.locator(f"{GAME} [data-choice]")
            starts.nth(rng.randrange(starts.count())).click()
            confirm_if_asked(page)
        assert page.locator("[data-choice=cell]").count(), "no dome cell to choose in the whole game"
        assert_touchable(page, "[data-choice=cell]")
        page.locator("[data-choice=cell]").first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS_DIR / "duel-phone-cell.png"))
    except AssertionError:
        page.screenshot(path=str(ARTIFACTS_DIR / "duel-phone-failed.png"))
        raise
    finally:
        context.close()
