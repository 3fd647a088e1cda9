"""Issue #38's end-screen defects, in Chromium against a live daphne: each test failed before its
fix (the defect's number is in the test's name)."""

import random

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Game
from tests.support.browser import screenshot
from tests.support.games import near_the_game_end, play_to_end, put_game_at, start_game
from tests.support.threads import off_the_browser_thread

from .play_by_clicking import GAME, play_one_move, sign_up, version_of
from .table_checks import ARTIFACTS, PHONE, boxes_of
from .test_board_play import open_bot_game, wait_for_my_turn

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(180)]


def test_1_the_phone_end_screen_shows_every_players_rounds(live_daphne, contexts):
    page = contexts(PHONE)
    sign_up(page, live_daphne.url, "endphone", "Endphone Player")
    users = get_user_model().objects
    me = users.get(username="endphone")
    others = [users.create_user(username=name, password=None, display_name=name.title())
              for name in ("secondseat", "thirdseat")]
    game = off_the_browser_thread(start_game, me, *others)
    # Played through the services from a position of its last round (the rounds before it are
    # in its log, which the end screen replays): a whole game of three through them took 5 s.
    off_the_browser_thread(lambda: put_game_at(game, *near_the_game_end(game, player=0)))
    off_the_browser_thread(play_to_end, game)
    page.goto(f"{live_daphne.url}/tables/{game.table_id}/")
    expect(page.locator("[data-endscreen]")).to_be_visible()
    for index in range(3):
        cells = page.locator(f".breakdown__table [data-breakdown-for='{index}']")
        assert cells.count() >= 5  # at least five rounds in a classic game
        expect(cells.first).to_be_visible()
        for found in boxes_of(page, f".breakdown__table [data-breakdown-for='{index}']"):
            assert found["width"] > 0, (index, found)
            assert found["x"] + found["width"] <= PHONE["width"], (index, found)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_2_the_french_end_screen_is_in_french(live_daphne, page):
    """The headline, the round-by-round parts, how the game ended and the bot's name."""
    from games.bot_accounts import bot_account
    from tests.ratings.factories import finished_game

    sign_up(page, live_daphne.url, "francais")
    page.get_by_test_id("language-fr").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    me = get_user_model().objects.get(username="francais")
    bot = off_the_browser_thread(bot_account, "random")
    resigned = off_the_browser_thread(finished_game, [me, bot], rated=False, leavers=(1,), stop_after=40)
    page.goto(f"{live_daphne.url}/tables/{resigned.table_id}/")
    heading = page.locator("[data-endscreen] h2")
    expect(heading).to_have_text("francais gagne (terminée par abandon)")
    endscreen = page.locator("[data-endscreen]").inner_text()
    assert "Robot aléatoire" in endscreen
    assert "Random bot" not in endscreen
    parts = " ".join(page.locator(".breakdown__parts").all_inner_texts())
    assert "mur" in parts
    assert "wall" not in parts
    assert "floor" not in parts
    played = off_the_browser_thread(finished_game, [bot, me], rated=False, rng_seed=3)
    page.goto(f"{live_daphne.url}/tables/{played.table_id}/")
    expect(page.locator("[data-endscreen] h2")).to_contain_text("gagne")
    assert "wins" not in page.locator("[data-endscreen] h2").inner_text()


# The position is set through the services in this process: its broadcast reaches the page
# through Redis (an embedded daphne's channel layer is its own).
@pytest.mark.requires("redis")
@pytest.mark.parametrize("ruleset", ["classic", "duel"])
def test_4_the_end_screen_waits_for_the_last_rounds_scoring(live_daphne, page, ruleset):
    from games import services
    from tests.support.games import controller_to_move, fresh, one_move_from_the_end, put_game_at

    sign_up(page, live_daphne.url, "watcher")
    users = get_user_model().objects
    me, other = users.get(username="watcher"), users.create_user(username="opponent", password=None)
    game = off_the_browser_thread(start_game, me, other, ruleset=ruleset)

    def set_one_move_from_the_end():
        """The game set at a position where a legal move ends it (random moves of the engine's,
        not through the services: the page only watches the last move); that move, to be played
        once the page watches."""
        seed, moves, last = one_move_from_the_end(game, seed=4)
        put_game_at(game, seed, moves)
        return last

    last = off_the_browser_thread(set_one_move_from_the_end)
    page.goto(f"{live_daphne.url}/tables/{game.table_id}/")
    expect(page.locator(GAME)).to_be_visible()
    current = fresh(game)
    off_the_browser_thread(services.play_move, current.pk, controller_to_move(current), last, current.version)
    # While the scoring plays, no result; once it is over, the end screen.
    page.wait_for_function(
        "() => document.querySelector('[data-scoring-sequence]') && !document.querySelector('[data-endscreen]')")
    expect(page.locator("[data-endscreen]")).to_be_visible(timeout=30_000)


def test_6_the_rematch_offer_is_right_under_the_result_on_a_phone(live_daphne, contexts):
    from tests.ratings.factories import finished_game

    page = contexts(PHONE)
    sign_up(page, live_daphne.url, "rematcher")
    users = get_user_model().objects
    me, other = users.get(username="rematcher"), users.create_user(username="again", password=None)
    played = off_the_browser_thread(finished_game, [me, other], rated=False, rng_seed=6)
    page.goto(f"{live_daphne.url}/tables/{played.table_id}/")
    offer = page.locator("[data-endscreen] [data-testid=rematch-offer]")
    expect(offer).to_be_visible()
    (heading,) = boxes_of(page, "[data-endscreen] h2")
    (button,) = boxes_of(page, "[data-endscreen] [data-testid=rematch-offer]")
    assert button["y"] - heading["y"] < 500, (heading, button)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator("[data-endscreen]").scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    screenshot(page, path=str(ARTIFACTS / "end-screen-phone.png"))


def test_14_a_won_game_on_the_profile_passes_axe(live_daphne, page):
    from tests.ratings.factories import finished_game

    from .page_checks import check

    sign_up(page, live_daphne.url, "winner")
    users = get_user_model().objects
    me, other = users.get(username="winner"), users.create_user(username="loser", password=None)
    off_the_browser_thread(finished_game, [me, other], leavers=(1,))
    page.goto(f"{live_daphne.url}/u/winner/")
    expect(page.locator("[data-outcome=win] .outcome--win")).to_be_visible()
    failures: dict = {}
    check(page, None, failures, "profile with a win")
    assert not failures, failures


def test_11_abort_is_offered_until_both_have_moved_and_ends_the_game_unrated(live_daphne, page):
    sign_up(page, live_daphne.url, "aborter")
    # Once both have moved, the button is gone.
    first = open_bot_game(page, live_daphne.url)
    assert wait_for_my_turn(page)
    expect(page.locator("[data-abort]")).to_be_visible()
    play_one_move(page, random.Random(1))
    page.wait_for_selector(f"{GAME}:not([data-version='0']):not([data-version='1'])", state="attached")
    expect(page.locator("[data-abort]")).to_have_count(0)
    assert version_of(page) >= 2
    # The actions row settles first: "Take back" comes where Abort was, and a click aimed at Resign
    # while the row changed once landed on Take back (a bot accepts at once: the game went back).
    expect(page.get_by_role("button", name="Take back")).to_be_visible()
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Resign").click()
    expect(page.locator("[data-endscreen]")).to_be_visible()
    first.refresh_from_db()
    assert first.status == Game.Status.FINISHED
    # Before the player's first move: Abort ends the game for nobody.
    second = open_bot_game(page, live_daphne.url)
    assert wait_for_my_turn(page)
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("[data-abort]").click()
    expect(page.locator("[data-endscreen] h2")).to_contain_text("aborted by aborter")
    second.refresh_from_db()
    assert second.status == Game.Status.ABORTED
    assert second.result["winners"] == []
