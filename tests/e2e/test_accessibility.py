"""axe-core (axe-playwright-python) on every page of the site: no serious or critical violation.

Every page a person can reach is visited as a signed-in player (and the public ones anonymously
too): home, lobby, account pages, profile, settings, leaderboards, leagues (index, new, detail,
standings, fixtures), a waiting room, a classic game mid-move with a group selected (lit lines,
previews), a move waiting for Confirm, a Duel game, both end screens and a replay (with its
analysis). Contrast is
checked in the hovered and focused states of the buttons as well.
"""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from games.models import Game

from .play_by_clicking import GAME, sign_up
from .test_board_play import open_bot_game, wait_for_my_turn

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(300)]

AXE = Axe()
SEVERE = {"serious", "critical"}


def severe_violations(page: Page) -> list[str]:
    results = AXE.run(page)
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in SEVERE:
            targets = [node["target"] for node in violation["nodes"]][:12]
            found.append(f"{violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
    return found


def check(page: Page, url: str | None, failures: dict, name: str | None = None) -> None:
    if url is not None:
        page.goto(url)
        page.wait_for_load_state("networkidle")
    problems = severe_violations(page)
    if problems:
        failures[name or url] = problems


def hover_every_button(page: Page, failures: dict, name: str) -> None:
    """Buttons keep 4.5:1 when hovered and focused (axe reads the state the page is in)."""
    buttons = page.locator("main .button:visible")
    for k in range(min(buttons.count(), 12)):
        button = buttons.nth(k)
        button.hover()
        check(page, None, failures, f"{name}, hovering button {k}")
        button.focus()
        check(page, None, failures, f"{name}, focus on button {k}")


def resign(page: Page) -> None:
    """End the game from the page (the end screen is what is checked next)."""
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Resign").click()
    expect(page.locator("[data-endscreen]")).to_be_visible()


def test_every_page_has_no_serious_or_critical_violation(live_daphne, page, browser):
    from leagues import services as leagues

    base = live_daphne.url
    failures: dict = {}
    anonymous = browser.new_context().new_page()
    for path in ("/", "/lobby/", "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/",
                 "/leaderboard/", "/leagues/", "/no-such-page/"):
        check(anonymous, f"{base}{path}", failures)
    anonymous.context.close()

    sign_up(page, base, "checker")
    from django.contrib.auth import get_user_model

    me = get_user_model().objects.get(username="checker")
    league = leagues.create_league(me, name="Axe league")
    for path in ("/", "/lobby/", "/u/checker/", "/accounts/settings/", "/accounts/password/change/",
                 "/leaderboard/", "/leaderboard/classic-2p/", "/leagues/", "/leagues/new/",
                 f"/leagues/{league.pk}/", f"/leagues/{league.pk}/seasons/1/",
                 f"/leagues/{league.pk}/seasons/1/fixtures/"):
        check(page, f"{base}{path}", failures)
    hover_every_button(page, failures, "lobby")

    # A classic game: the board, a selection with its previews, a move waiting for Confirm.
    game = open_bot_game(page, base)
    assert wait_for_my_turn(page)
    check(page, None, failures, "classic board")
    page.locator("[data-pick]").first.click()
    check(page, None, failures, "classic board, group selected")
    page.locator(".pboard--me [data-target]").first.click()
    expect(page.locator("[data-proposal]")).to_be_visible()
    check(page, None, failures, "classic board, move waiting for Confirm")
    hover_every_button(page, failures, "classic board")
    page.keyboard.press("Escape")
    resign(page)
    check(page, None, failures, "classic end screen")
    check(page, f"{base}/games/{game.pk}/replay", failures)
    page.keyboard.press("End")
    check(page, None, failures, "replay at the end")
    expect(page.locator("[data-spectating]")).to_have_count(0)  # a replay is nobody's live view
    # The replay's analysis: requested, finished, shown with its graph, verdict and summary.
    page.get_by_test_id("request-analysis").click()
    expect(page.locator("[data-analysis=done]")).to_be_visible(timeout=60_000)
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    check(page, None, failures, "replay with its analysis")
    if page.get_by_test_id("show-best").count():
        page.get_by_test_id("show-best").click()
        check(page, None, failures, "replay with the best move shown")

    # An Azul Duel game and its end screen.
    page.goto(f"{base}/lobby/")
    page.check("input[name=ruleset][value='duel']")
    page.select_option("select[name=seat_1]", "random")
    page.click("[data-action=create]")
    page.wait_for_url("**/tables/*/")
    check(page, None, failures, "waiting room")
    table_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    page.click("[data-action=start]")
    expect(page.locator(f"{GAME}[data-ruleset=duel]")).to_be_visible()
    check(page, None, failures, "duel board")
    duel = Game.objects.get(table_id=table_id)
    resign(page)
    check(page, None, failures, "duel end screen")
    # The Duel end screen's fairness block names the commitment, the seed and the salt; white is W.
    for part in ("commitment", "seed", "salt"):
        expect(page.locator(f"[data-endscreen] [data-fairness={part}]")).to_have_count(1)
    assert "T" not in page.locator(".tile--white .tile__letter").all_inner_texts()
    check(page, f"{base}/games/{duel.pk}/replay", failures)

    assert not failures, "\n".join(f"{where}: {problems}" for where, problems in failures.items())
