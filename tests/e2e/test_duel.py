"""Issue 8 in a real browser: a person opens an Azul Duel table against a bot from the lobby, plays it
to the end by clicking only what the board lights up, sees it rated on the Duel ladder and replays it.

The bot answers on the embedded thread pool of the daphne process; the rating task runs eagerly
there once the game ends.
"""

import random
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import screenshot

from .play_by_clicking import (
    GAME,
    confirm_if_asked,
    my_turn,
    sign_up,
    version_of,
    wait_for_my_turn_or_end,
)

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(240)]

ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}
# Clicks that finish a choice begun by an earlier click (a plate's slot, a group's line, a moon order).
FOLLOW_UPS = "[data-choice=slot], [data-choice=line], [data-choice=order]"


def open_duel_table(page: Page, base_url: str, bot_level: str) -> int:
    page.goto(f"{base_url}/lobby/")
    page.check("input[name=players][value='3']")
    page.check("input[name=ruleset][value='duel']")
    # Azul Duel: two seats, no wall variant to choose.
    expect(page.locator("input[name=variant]").first).to_be_hidden()
    expect(page.locator("[data-bot-seat='2']")).to_be_hidden()
    page.check("input[name=rated]")
    page.select_option("select[name=seat_1]", bot_level)
    page.click("[data-action=create]")
    page.wait_for_url("**/tables/*/")
    expect(page.locator("[data-waiting-room]")).to_contain_text("Azul Duel")
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def play_one_decision(page: Page, rng: random.Random) -> None:
    """Click lit choices until a move is sent: a start (plate, sun group, moon colour, chip, cell,
    button), then what it lights up. Buying plates only when nothing else is lit keeps the score."""
    before = version_of(page)
    for _ in range(4):
        if not my_turn(page):
            break
        follow = page.locator(FOLLOW_UPS)
        if follow.count():
            follow.nth(rng.randrange(follow.count())).click()
            confirm_if_asked(page)
            continue
        starts = page.locator(f"{GAME} [data-choice]:not([data-choice=buy_plate])")
        if not starts.count():
            starts = page.locator(f"{GAME} [data-choice]")
        assert starts.count(), "our turn, yet nothing is lit"
        starts.nth(rng.randrange(starts.count())).click()
        confirm_if_asked(page)
    expect(page.locator(GAME)).not_to_have_attribute("data-version", str(before))


@pytest.mark.long  # starts first: tests/conftest.py
def test_a_person_plays_azul_duel_against_a_bot_by_clicking(live_daphne, page, browser):
    base = live_daphne.url
    sign_up(page, base, "dueller")
    table_id = open_duel_table(page, base, "random")
    page.click("[data-action=start]")
    expect(page.locator(f"{GAME}[data-ruleset=duel]")).to_be_visible()
    # The board: five factories (one large), the plate display, two domes of 9 slots, 6 lines each.
    expect(page.locator(".dfactory")).to_have_count(5)
    expect(page.locator(".dome__slot")).to_have_count(18)
    expect(page.locator(".dboard").first.locator(".dline")).to_have_count(6)

    rng = random.Random(8)
    decisions = 0
    shot = False
    while wait_for_my_turn_or_end(page):
        play_one_decision(page, rng)
        decisions += 1
        phase = page.get_attribute(GAME, "data-phase")
        if not shot and decisions >= 14 and phase == "drafting" and wait_for_my_turn_or_end(page):
            # Mid-game picture with a sun group selected, so the lit lines show.
            suns = page.locator("[data-choice=sun]")
            if suns.count():
                suns.first.click()
                ARTIFACTS_DIR.mkdir(exist_ok=True)
                screenshot(page, path=str(ARTIFACTS_DIR / "duel-mid-game.png"), full_page=True)
                phone = browser.new_context(viewport=PHONE).new_page()
                phone.goto(f"{base}/tables/{table_id}/")
                expect(phone.locator(f"{GAME}[data-ruleset=duel]")).to_be_visible()
                width = phone.evaluate("document.documentElement.scrollWidth")
                screenshot(phone, path=str(ARTIFACTS_DIR / "duel-phone.png"), full_page=True)
                phone.context.close()
                assert width <= PHONE["width"], f"the phone page scrolls sideways ({width}px)"
                # Exactly the decision bar's "Cancel" ("text=Cancel" also matches the waiting
                # room's hidden "Cancel table"); a resync may already have cleared the selection.
                cancel = page.get_by_role("button", name="Cancel", exact=True)
                if cancel.count():
                    cancel.click()
                shot = True
    # The game's seed is secret and random, so its length varies (29 of our decisions was seen);
    # a whole game is still many rounds of them, and the end screen below proves it ended.
    assert shot
    assert decisions >= 15
    expect(page.locator("[data-endscreen]")).to_contain_text("wins")
    expect(page.locator("[data-endscreen] [data-final-for]")).to_have_count(2)
    screenshot(page, path=str(ARTIFACTS_DIR / "duel-end.png"), full_page=True)

    # Rated on its own ladder: the profile shows a Duel rating.
    page.click("[data-testid=nav-profile]")
    expect(page.locator("[data-testid=rating-duel]")).to_be_visible()
    expect(page.locator("[data-testid=rating-classic-2p]")).to_have_count(0)

    # The replay opens on the Duel board and steps to the end.
    page.locator("[data-testid=replay-link]").first.click()
    expect(page.locator(f"{GAME}[data-ruleset=duel]")).to_be_visible()
    page.keyboard.press("End")
    expect(page.locator("[data-endscreen]")).to_be_visible()
