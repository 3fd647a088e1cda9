"""Azul Duel fits a phone (390×844): the market (factories, plates) and the player's own board are
in the viewport as the page first shows the game, every touch target is at least 40 px, and the
opponent's board is a miniature that grows on a tap (the classic board's mechanism)."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Game, Seat
from tests.support.browser import screenshot
from tests.support.games import duel_cell_decision_for, put_game_at

from .play_by_clicking import (
    GAME,
    boxes,
    confirm_if_asked,
    sign_up,
    version_of,
    wait_for_my_turn_or_end,
)
from .test_duel import open_duel_table


def matched_boxes(page, selector):
    found = boxes(page, selector)
    assert found, selector
    return found


def assert_in_view(page, selector, viewport):
    for found in matched_boxes(page, selector):
        assert found["x"] >= 0, (selector, found)
        assert found["y"] >= 0, (selector, found)
        assert found["x"] + found["width"] <= viewport["width"] + 0.5, (selector, found)
        assert found["y"] + found["height"] <= viewport["height"] + 0.5, (selector, found)


pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(180)]

ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}


def assert_touchable(page, selector):
    for found in matched_boxes(page, selector):
        assert found["width"] >= 40, (selector, found)
        assert found["height"] >= 40, (selector, found)


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
        screenshot(page, path=str(ARTIFACTS_DIR / "duel-phone-start.png"))
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
        screenshot(page, path=str(ARTIFACTS_DIR / "duel-phone-drafting.png"))
        assert_in_view(page, ".dmarket", PHONE)
        assert_in_view(page, ".dboard.pboard--me", PHONE)
        assert_touchable(page, f"{GAME} [data-choice]")
        page.locator("[data-choice=sun]").first.tap()
        assert page.locator(".pboard--me [data-choice=line]").count() >= 1
        assert_touchable(page, ".pboard--me [data-choice=line]")
        assert_in_view(page, ".pboard--me [data-choice=line]", PHONE)
        screenshot(page, path=str(ARTIFACTS_DIR / "duel-phone-board.png"))
        # The opponent is a miniature until tapped. (Boxes found and measured in one step: a
        # redraw between a locator's resolve and its measure gives no box.)
        small, mine = (found[0] for found in boxes(page, ".dboard.pboard--opponent", ".dboard.pboard--me"))
        assert small["height"] < mine["height"] * 0.7
        (small_body,) = matched_boxes(page, ".pboard--opponent .dboard__body")
        page.locator("[data-expand]").tap()
        expect(page.locator("[data-expand]")).to_have_attribute("aria-expanded", "true")
        # The lines and the dome grow (the head, not: a miniature's score wraps below its name).
        assert matched_boxes(page, ".pboard--opponent .dboard__body")[0]["height"] > small_body["height"] * 1.4
        page.locator("[data-expand]").tap()
        # A line tiled with several dome cells that fit: the dome grows so that each lit cell is a
        # 40 px target too. Random play reaches that decision in most games, but not all (8 of
        # 100 seeds go a whole game without one for a given player), so the game is set to such a
        # position and the page loaded again, as a reconnecting client would.
        page.get_by_role("button", name="Cancel", exact=True).tap()
        table_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
        seat = Seat.objects.get(table_id=table_id, user__username="duelphone")
        put_game_at(Game.objects.get(table_id=table_id), *duel_cell_decision_for(seat.player_index))
        page.reload()
        assert wait_for_my_turn_or_end(page)
        assert page.locator("[data-choice=cell]").count() >= 2
        assert_touchable(page, "[data-choice=cell]")
        # In one step in the page: a redraw between finding the cell and scrolling to it (the log
        # or presence arriving after the reload) detached the element Playwright had found.
        page.evaluate("document.querySelector('[data-choice=cell]').scrollIntoView({block: 'nearest'})")
        screenshot(page, path=str(ARTIFACTS_DIR / "duel-phone-cell.png"))
    except AssertionError:
        screenshot(page, path=str(ARTIFACTS_DIR / "duel-phone-failed.png"))
        raise
    finally:
        context.close()
