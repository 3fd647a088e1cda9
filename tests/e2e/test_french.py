"""A French player's whole visit: the header's switcher to French, the rules pages, both tutorials,
the lobby, a game against a bot (its first moves by clicking, the rest through the services), its
end screen and replay, the profile, the leaderboard, the settings and the leagues (a new league's
page too) — and no English left on any.

"English left" is checked against the catalogue itself: every visible text node (and aria-label)
of the page is compared with the English msgids whose French differs (placeholders match anything),
so a string that is shown untranslated fails here. Text in an element with another `lang` (the
switcher's "English") is English on purpose and skipped.
"""

import random

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games.models import Game, Seat
from tests.support.games import near_the_game_end, put_game_at

from .page_checks import VISIBLE_TEXTS, untranslated
from .play_by_clicking import (
    GAME,
    confirm_if_asked,
    finish_through_the_services,
    open_table,
    sign_up,
    wait_for_my_turn_or_end,
)

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(600)]



def play_a_move(page: Page, rng: random.Random) -> None:
    """play_by_clicking.play_one_move, picking again when a re-render (the bot's move, presence)
    dropped the selection before a target lit up."""
    for _attempt in range(3):
        columns = page.locator("[data-target=column]")
        if columns.count():
            columns.nth(rng.randrange(columns.count())).click()
            confirm_if_asked(page)
            return
        picks = page.locator("[data-pick]")
        if not picks.count():
            return
        picks.nth(rng.randrange(picks.count())).click()
        try:
            page.locator("[data-target=line], [data-target=floor]").first.wait_for(timeout=3000)
        except PlaywrightTimeout:
            continue
        lines = page.locator("[data-target=line]")
        (lines.nth(rng.randrange(lines.count())) if lines.count() else page.locator("[data-target=floor]")).click()
        confirm_if_asked(page)
        return


def assert_no_english(page: Page, where: str) -> None:
    assert page.evaluate("document.documentElement.lang") == "fr", where
    assert page.evaluate(VISIBLE_TEXTS), where
    left = untranslated(page)
    assert not left, f"English on {where}: {left}"


def test_a_french_player_plays_a_whole_game_in_french(live_daphne, page):
    base = live_daphne.url
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    sign_up(page, base, "camille")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_test_id("language-fr").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_test_id("nav-learn")).to_have_text("Comment jouer")
    assert_no_english(page, "the lobby after switching")

    page.goto(f"{base}/learn/rules/classic/")
    expect(page.locator("[data-picture] [data-canvas] *").first).to_be_visible()
    assert_no_english(page, "the rules page")

    for ruleset in ("gray", "duel"):
        page.goto(f"{base}/learn/rules/{ruleset}/")
        expect(page.locator("[data-picture] [data-canvas] *").first).to_be_visible()
        assert_no_english(page, f"the {ruleset} rules page")
    page.goto(f"{base}/learn/tutorial/duel/")
    expect(page.get_by_test_id("tutorial-board").locator(GAME)).to_be_visible()
    assert_no_english(page, "the Duel tutorial")

    page.goto(f"{base}/learn/tutorial/classic/")
    expect(page.get_by_test_id("tutorial-board").locator(GAME)).to_be_visible()
    expect(page.get_by_test_id("lesson-title")).to_have_text("Prendre des tuiles dans une fabrique")
    assert_no_english(page, "the tutorial")

    page.goto(f"{base}/lobby/")
    expect(page.get_by_test_id("watch-games")).not_to_contain_text("Chargement")
    assert_no_english(page, "the lobby")

    table_id = open_table(page, base, bots={1: "random"})
    assert_no_english(page, "the waiting room")
    page.click("[data-action=start]")
    expect(page.locator(GAME)).to_be_visible()
    rng = random.Random(14)
    # The board is read in French once the log has entries: after a few moves played by clicking.
    # The rest of the game is played through the services, from a few turns before its end (whole
    # games by clicking are test_live_play's and test_duel's), then the page is loaded again.
    while page.locator(".log__entry").count() < 2:
        assert wait_for_my_turn_or_end(page, after_scoring=True)
        play_a_move(page, rng)
    expect(page.locator(GAME)).to_have_attribute("data-my-turn", "true")
    assert_no_english(page, "the board")
    game = Game.objects.get(table_id=table_id)
    # From a few turns before the game's end, set while the player is to move (no bot's move on
    # its way): the end screen, the replay and the profile read the same kind of finished game.
    me = Seat.objects.get(table_id=table_id, user__username="camille").player_index
    put_game_at(game, *near_the_game_end(game, me))
    finish_through_the_services(game, rng)
    page.reload()
    expect(page.locator("[data-endscreen]")).to_be_visible()
    assert_no_english(page, "the end screen")

    page.goto(f"{base}/games/{game.pk}/replay")
    expect(page.get_by_test_id("replay-position")).to_be_visible()
    assert_no_english(page, "the replay")

    page.goto(f"{base}/u/camille/")
    expect(page.get_by_test_id("history")).to_be_visible()
    assert_no_english(page, "the profile")

    page.goto(f"{base}/leaderboard/")
    assert_no_english(page, "the leaderboard")
    page.goto(f"{base}/accounts/settings/")
    assert_no_english(page, "the settings")

    page.goto(f"{base}/leagues/")
    assert_no_english(page, "the leagues")
    page.goto(f"{base}/leagues/new/")
    assert_no_english(page, "a new league's form")
    page.fill("#id_name", "Ligue du jeudi")
    page.get_by_test_id("league-form").locator("button[type=submit]").click()
    expect(page.locator("h1")).to_contain_text("Ligue du jeudi")
    assert_no_english(page, "the league's page")

    assert not errors, errors
