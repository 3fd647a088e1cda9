"""The issue's "done when" in a browser: a rated game ends, the profile shows the new rating and
the game on top of the history, and its replay steps, jumps and autoplays through the game."""

import pytest
from playwright.sync_api import expect

from games.models import Game
from ratings.models import Rating
from tests.ratings.factories import make_users
from tests.support.games import play_out_from_the_last_round, start_game
from tests.support.threads import off_the_browser_thread

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(120)]

POSITION = "[data-testid=replay-position]"


def step_of(page):
    return int(page.locator(POSITION).get_attribute("data-step"))


def expect_step(page, step):
    expect(page.locator(POSITION)).to_have_attribute("data-step", str(step))


def finish_rated_game():
    """Play a rated game to its end through the services from its last round (rated on commit,
    eagerly; the rounds before it are in its log, which the replay steps through)."""
    alice, bob = make_users("alice", "bob")
    return play_out_from_the_last_round(start_game(alice, bob, rated=True), seed=2), alice


@pytest.mark.long  # starts first: tests/conftest.py
def test_a_finished_rated_game_on_the_profile_and_its_replay(live_daphne, page):
    game, alice = off_the_browser_thread(finish_rated_game)
    game = Game.objects.get(pk=game.pk)
    rating = Rating.objects.get(user=alice, ladder="classic-2p")

    page.goto(f"{live_daphne.url}/u/alice/")
    expect(page.get_by_test_id("rating-classic-2p")).to_have_text(
        f"{round(rating.rating):,}? ± {round(rating.deviation)}")  # provisional after one game
    expect(page.get_by_test_id("provisional-classic-2p")).to_be_visible()
    first_row = page.locator("[data-testid=history-table] tbody tr").first
    expect(first_row).to_have_attribute("data-game", str(game.pk))
    first_row.get_by_test_id("replay-link").click()

    expect(page).to_have_url(f"{live_daphne.url}/games/{game.pk}/replay")
    expect_step(page, 0)
    scores = page.locator("[data-score-for]")
    expect(scores).to_have_text(["0", "0"])
    expect(page.locator(".is-last-source")).to_have_count(0)  # nothing moved yet

    page.get_by_test_id("replay-forward").click()
    expect_step(page, 1)
    expect(page.locator(".is-last-source")).to_have_count(1)  # the move that led here
    expect(page.locator(".log__entry--last")).to_have_attribute("value", "1")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect_step(page, 3)
    page.keyboard.press("ArrowLeft")
    expect_step(page, 2)
    page.get_by_test_id("replay-back").click()
    expect_step(page, 1)

    page.get_by_test_id("replay-round-2").click()
    expect(page.locator(POSITION)).to_contain_text("round 2")
    round_two = step_of(page)
    assert 0 < round_two < game.version
    expect(page.locator("[data-status]")).to_be_visible()
    page.locator(".log__entry[data-move='5']").click()
    expect_step(page, 5)
    page.get_by_test_id("replay-slider").fill("7")
    expect_step(page, 7)
    page.get_by_test_id("replay-end").click()
    expect_step(page, game.version)
    expect(scores).to_have_text([str(s) for s in game.result["scores"]])
    expect(page.locator("[data-endscreen]")).to_be_visible()
    expect(page.get_by_test_id("fairness")).to_contain_text("✓ Fair bag")
    expect(page.get_by_test_id("commitment")).to_have_text(game.commitment)
    expect(page.get_by_test_id("export")).to_have_attribute(
        "href", f"/api/v1/games/{game.pk}/export"
    )

    page.get_by_test_id("replay-start").click()
    expect_step(page, 0)
    page.get_by_test_id("replay-speed").select_option("4")  # 8×: a move every 100 ms
    page.get_by_test_id("replay-play").click()
    expect(page.get_by_test_id("replay-play")).to_have_attribute("data-playing", "true")
    page.wait_for_function(
        "() => Number(document.querySelector('[data-testid=replay-position]').dataset.step) > 3"
    )
    # Autoplay runs to the end (~70 moves at 100 ms) and stops there.
    expect(page.locator(POSITION)).to_have_attribute("data-step", str(game.version), timeout=20_000)
    expect(page.get_by_test_id("replay-play")).to_have_attribute("data-playing", "false")
    expect(page.locator("[data-score-chart] .score-chart__line")).to_have_count(2)
