"""The replay page's analysis in a browser: request it, watch it finish, read the graph, jump."""

import os

import pytest
from playwright.sync_api import expect

from games.analysis.models import MoveAnalysis
from tests.e2e.play_by_clicking import sign_up

from .factories import played_game

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(180)]

POSITION = "[data-testid=replay-position]"
SHOTS = os.environ.get("ANALYSIS_SCREENSHOTS")  # a folder: screenshots to look at, when set


def shoot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)
        page.locator(".replay-analysis").screenshot(path=os.path.join(SHOTS, f"{name}-panel.png"))
        page.locator(".replay-board .game").first.screenshot(path=os.path.join(SHOTS, f"{name}-board.png"))


@pytest.mark.parametrize("ruleset", ["classic", "duel"])
def test_request_the_analysis_see_the_graph_and_jump_to_the_biggest_mistake(live_daphne, page, ruleset):
    from django.contrib.auth import get_user_model

    base = live_daphne.url
    sign_up(page, base, "analyst")
    me = get_user_model().objects.get(username="analyst")
    other = get_user_model().objects.create_user(username="rival", password=None)
    game = played_game([me, other], ruleset=ruleset, seed=12)

    page.goto(f"{base}/games/{game.pk}/replay")
    expect(page.locator("[data-analysis=none]")).to_be_visible()
    page.get_by_test_id("request-analysis").click()
    # Queued, then running with a progress bar fed by the socket, then done.
    expect(page.locator("[data-analysis=done]")).to_be_visible(timeout=120_000)
    rows = list(MoveAnalysis.objects.filter(analysis__game=game).order_by("ply"))
    assert [row.ply for row in rows] == list(range(1, game.version + 1))

    graph = page.locator("[data-eval-graph]")
    expect(graph).to_be_visible()
    expect(graph.locator("polyline")).to_have_count(2)
    marked = [row for row in rows if row.grade in ("mistake", "blunder")]
    expect(graph.locator("circle[data-ply]")).to_have_count(len(marked))
    # Every move of the log carries its grade.
    expect(page.locator(".log__entry[data-grade]")).to_have_count(game.version)
    for row in rows[:5]:
        expect(page.locator(f".log__entry[value='{row.ply}']")).to_have_attribute("data-grade", row.grade)
    for name, size in (("desktop", {"width": 1366, "height": 768}), ("phone", {"width": 390, "height": 844})):
        page.set_viewport_size(size)
        shoot(page, f"{ruleset}-{name}")
    page.set_viewport_size({"width": 1366, "height": 768})

    # The summary's first link for player 0 is that player's biggest loss: it jumps there.
    mine = [row for row in rows if row.player == 0 and row.loss > 0]
    worst = min(mine, key=lambda row: (-row.loss, row.ply))
    link = page.get_by_test_id("mistake-0-0")
    expect(link).to_contain_text(f"move {worst.ply}")
    link.click()
    expect(page.locator(POSITION)).to_have_attribute("data-step", str(worst.ply))
    expect(page.locator("[data-verdict]")).to_have_attribute("data-verdict", str(worst.ply))
    expect(page.locator("[data-verdict-grade]")).to_have_attribute("data-verdict-grade", worst.grade)
    assert page.evaluate("window.location.hash") == f"#move={worst.ply}"

    # The best move beside the played one: the board goes back to the position before the move.
    if worst.best != worst.played:
        page.get_by_test_id("show-best").click()
        expect(page.get_by_test_id("show-best")).to_have_attribute("aria-pressed", "true")
        if ruleset == "duel":
            expect(page.locator("[data-hint-text]")).to_contain_text("Best: ")
        elif "source" in worst.best:
            expect(page.locator(".is-hinted").first).to_be_visible()
        took_tiles = "source" in worst.played or "factory" in worst.played
        expect(page.locator(".is-last-source")).to_have_count(1 if took_tiles else 0)
        shoot(page, f"{ruleset}-best-move")
        page.get_by_test_id("show-best").click()
        expect(page.get_by_test_id("show-best")).to_have_attribute("aria-pressed", "false")


def test_a_running_game_s_replay_offers_no_analysis(live_daphne, page):
    from django.contrib.auth import get_user_model

    base = live_daphne.url
    sign_up(page, base, "watcher")
    me = get_user_model().objects.get(username="watcher")
    other = get_user_model().objects.create_user(username="rival", password=None)
    game = played_game([me, other], stop_after=6)
    page.goto(f"{base}/games/{game.pk}/replay")
    expect(page.locator("[data-testid=running-note]")).to_be_visible()
    expect(page.locator("[data-analysis]")).to_have_count(0)
    expect(page.get_by_test_id("request-analysis")).to_have_count(0)
