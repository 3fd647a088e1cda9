"""Quick play and rematch in chromium: play the computer lands in a running game, two players
looking for an opponent are paired, and after the game a rematch offered and accepted moves both
pages to the new game, its playing order rotated. Screenshots of the new pages at two sizes."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game, Seat

from .play_by_clicking import GAME, sign_up
from .table_checks import shoot

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(180)]


def table_id_of(page):
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def order_of(game_id):
    return {s.player_index: s.user.username for s in
            Seat.objects.filter(table__game=game_id).select_related("user")}


def test_play_the_computer_from_the_home_page(live_daphne, page):
    base = live_daphne.url
    sign_up(page, base, "quick", through_the_form=True)
    page.goto(f"{base}/")
    expect(page.get_by_test_id("quick-play-computer")).to_be_visible()
    shoot(page, "together", "home-quick-play")
    page.select_option("[data-testid=quick-play-level]", "random")
    page.get_by_test_id("quick-play-computer").click()
    page.wait_for_url("**/tables/*/")
    expect(page.locator(GAME)).to_be_visible()  # the board at once: no waiting room, no Start
    expect(page.locator("[data-waiting-room]")).to_have_count(0)
    game = Game.objects.get(table_id=table_id_of(page))
    assert game.status == "playing"
    # Whoever moved first, it is soon our move: the badge and the tab title say so.
    expect(page.get_by_test_id("nav-your-turn")).to_have_attribute("data-count", "1")
    expect(page).to_have_title(re.compile(r"^\(1\) Your move — "))
    page.goto(f"{base}/your-turn/")
    shoot(page, "together", "your-turn")
    page.goto(f"{base}/notifications/settings/")
    shoot(page, "together", "notification-settings")


def test_two_players_are_paired_and_rematch(live_daphne, page, browser):
    base = live_daphne.url
    other = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
    other.set_default_timeout(15_000)
    page.set_default_timeout(15_000)
    sign_up(page, base, "ann", through_the_form=True)
    sign_up(other, base, "ben", through_the_form=True)
    page.goto(f"{base}/lobby/")
    other.goto(f"{base}/lobby/")
    page.get_by_test_id("quick-play-seek").click()
    expect(page.get_by_test_id("quick-play-status")).to_contain_text("Looking")
    expect(page.get_by_test_id("quick-play-cancel")).to_be_visible()
    shoot(page, "together", "lobby-seeking")
    other.get_by_test_id("quick-play-seek").click()
    page.wait_for_url("**/tables/*/")
    other.wait_for_url("**/tables/*/")
    assert table_id_of(page) == table_id_of(other)
    first_game = Game.objects.get(table_id=table_id_of(page))
    expect(page.locator(GAME)).to_be_visible()

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Resign").click()
    expect(page.locator("[data-endscreen]")).to_be_visible()
    page.get_by_test_id("rematch-offer").click()
    expect(page.get_by_test_id("rematch-cancel")).to_be_visible()
    expect(other.get_by_test_id("rematch-accept")).to_be_visible()
    expect(other.locator("#rematch-panel")).to_contain_text("ann offers a rematch")
    shoot(other, "together", "rematch-offered")
    other.get_by_test_id("rematch-accept").click()
    page.wait_for_url(lambda url: f"/tables/{first_game.table_id}/" not in url)
    other.wait_for_url(lambda url: f"/tables/{first_game.table_id}/" not in url)
    assert table_id_of(page) == table_id_of(other)
    expect(page.locator(GAME)).to_be_visible()
    new_game = Game.objects.get(table_id=table_id_of(page))
    old = order_of(first_game.pk)
    assert order_of(new_game.pk) == {(i + 1) % 2: name for i, name in old.items()}
    other.context.close()
