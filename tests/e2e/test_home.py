"""The home page shows the site alive, in chromium: anonymous, it shows the games being played now
with mini-boards drawn from the server's state, the featured game (the highest-rated one in
progress) updating live as its players move, today's best players, and the way in; a newcomer
clicks "Play a bot now", signs up, and plays the computer from the lobby it lands in. Screenshots at two
sizes in both languages (docs/web-pages.md takes the phone one)."""

import random
import shutil
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from ratings.models import Rating
from tests.support.browser import SCREENSHOTS, screenshot
from tests.support.games import play_one, play_out_from_the_last_round, start_game
from tests.support.threads import off_the_browser_thread

from .play_by_clicking import GAME, PASSWORD

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(240)]

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def people(*names):
    return [get_user_model().objects.create_user(username=name, password=None) for name in names]


def games_being_played():
    """A rated game over today (its winner is today's best), and two running: ann and ben's
    classic game, cleo and dan's Duel between stronger players (the featured one)."""
    ann, ben, cleo, dan, eve, fay = people("ann", "ben", "cleo", "dan", "eve", "fay")
    # A game played to its end at random may be a draw, which moves neither rating: play again.
    for seed in range(5):
        over = play_out_from_the_last_round(start_game(eve, fay, rated=True), seed=seed)
        best_change = max(over.rating_changes.all(), key=lambda change: change.delta)
        if best_change.delta > 0:
            break
    assert best_change.delta > 0
    best = best_change.user
    weaker = start_game(ann, ben)
    stronger = start_game(cleo, dan, ruleset="duel")
    for user in (cleo, dan):
        Rating.objects.create(user=user, ladder="duel", rating=1900, games=30)
    return best, weaker, stronger


@pytest.mark.requires("redis")  # moves made in this process reach the page through Redis
def test_the_home_page_shows_live_games_the_featured_one_and_the_best_players(live_daphne, contexts):
    base = live_daphne.url
    best, weaker, stronger = off_the_browser_thread(games_being_played)

    page = contexts(PHONE)
    page.goto(f"{base}/")
    featured = page.get_by_test_id("home-featured")
    expect(featured).to_contain_text("cleo")
    expect(featured).to_contain_text("dan")
    board = page.get_by_test_id("featured-board")
    expect(board.locator(".mini-board__player")).to_have_count(2)
    expect(board.locator(".mini-board__wall").first.locator(".mini-board__cell")).to_have_count(36)
    expect(page.get_by_test_id("home-live-game")).to_have_count(2)
    expect(page.locator(f"[data-mini-board='{weaker.pk}'] .mini-board__cell")).to_have_count(50)
    expect(page.get_by_test_id("home-best")).to_contain_text(best.shown_name)

    version = int(board.get_attribute("data-version"))
    off_the_browser_thread(play_one, stronger, random.Random(1))  # a move at the featured table
    expect(board).not_to_have_attribute("data-version", str(version))
    shots(page, "home", "en")
    page.get_by_test_id("language-fr").click()
    expect(page.get_by_test_id("home-featured")).to_contain_text("Partie à la une")
    shots(page, "home", "fr")
    page.get_by_test_id("language-en").click()

    page.get_by_test_id("home-learn").click()
    page.wait_for_url("**/learn/")
    page.go_back()
    page.get_by_test_id("home-play-bot").click()
    page.fill("#id_username", "newcomer38")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("form button[type=submit]")
    page.wait_for_url(f"{base}/lobby/")  # a new account lands in the lobby, quick play on top
    page.select_option("[data-testid=quick-play-level]", "random")
    page.get_by_test_id("quick-play-computer").click()
    page.wait_for_url("**/tables/*/")
    expect(page.locator(GAME)).to_be_visible()


def shots(page, name, language):
    if not SCREENSHOTS:
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        page.set_viewport_size(viewport)
        screenshot(page, path=str(SHOTS / f"{name}-{language}-{size}.png"), full_page=True)
    page.set_viewport_size(PHONE)
    if language == "en":
        shutil.copy(SHOTS / "home-en-phone.png", SHOTS / "home-phone.png")
