"""A tournament in a real browser, on a phone: a player finds it in the list and joins from its
page; its organiser starts it; "your game is ready" shows and, on the tournament's page, opens
the table when its countdown ends; the player makes a move or two by clicking, switches to
French, goes back to the tournament by the game's header link and sees the standings and the
state change without a reload when the game ends. Long standings come 50 rows a page, and the
live re-read keeps the page the reader is on.

The start and the game's end are the services' (from this process, on threads of their own):
their broadcasts reach daphne's sockets through Redis, as a Celery worker's do in production."""

import random

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Game
from tests.support.browser import ARTIFACTS_DIR, screenshot
from tests.support.threads import off_the_browser_thread
from tests.support.tournaments import new_tournament
from tournaments import services
from tournaments.models import Entry, Pairing

from .play_by_clicking import finish_through_the_services, sign_up
from .tournament_steps import back_to_the_tournament_in_french, click_moves_against_the_services

pytestmark = [pytest.mark.requires("browser", "redis"), pytest.mark.timeout(180)]
PHONE = {"width": 390, "height": 844}


def test_a_player_joins_gets_their_game_plays_and_sees_the_standings_move(live_daphne, contexts):
    base = live_daphne.url
    page = contexts(PHONE, 15_000)
    users = get_user_model().objects
    organiser, otto = users.create_user("org9", password=None), users.create_user("otto9", password=None)
    tournament = off_the_browser_thread(new_tournament, organiser, name="Phone open", rounds=1)
    off_the_browser_thread(services.join, tournament.pk, otto)

    sign_up(page, base, "pia9", display_name="Pia")
    page.get_by_test_id("nav-tournaments").click()
    page.locator(f"[data-testid=upcoming] [data-tournament='{tournament.pk}'] a").click()
    expect(page.get_by_test_id("countdown")).not_to_be_empty()
    page.get_by_test_id("join").click()
    expect(page.get_by_test_id("leave")).to_be_visible()
    expect(page.locator("[data-testid=standings] [data-entry=pia9]")).to_be_visible()
    expect(page.locator("#tournament-live")).to_have_attribute("data-live", "open")

    off_the_browser_thread(services.start_tournament, tournament.pk, by_user=organiser)
    expect(page.get_by_test_id("status")).to_have_text("running")  # patched in, no reload
    expect(page.get_by_test_id("standings-title")).to_have_text("Standings")
    expect(page.locator("[data-testid=pairings] [data-testid=play-my-game]")).to_be_visible()
    expect(page.get_by_test_id("game-ready")).to_contain_text("Phone open")
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    screenshot(page, path=str(ARTIFACTS_DIR / "tournament-game-ready-phone.png"))
    page.wait_for_url("**/tables/*/")  # opened by the countdown
    expect(page.get_by_test_id("tournament-link")).to_have_text("Phone open")
    game = Game.objects.get(table=Pairing.objects.get(tournament=tournament, kind="game").table_id)
    me = users.get(username="pia9")

    rng = random.Random(9)
    click_moves_against_the_services(page, game, me, rng)  # the opponent's through the services
    back_to_the_tournament_in_french(page)
    page.evaluate("window.stillThisPage = true")

    finish_through_the_services(game, rng)
    expect(page.get_by_test_id("status")).to_have_text("terminé")
    expect(page.locator("[data-testid=standings] [data-testid=trophy]").first).to_be_visible()
    points = page.locator("[data-testid=standings] [data-testid=points]").all_inner_texts()
    assert sorted(points, reverse=True)[0] in ("1", "0,5", "0.5")
    assert page.evaluate("window.stillThisPage") is True  # patched in place, never reloaded


def crowd_of(tournament, count):
    """`count` players entered as rows (a join each would take long), ratings 2000 down."""
    User = get_user_model()
    crowd = User.objects.bulk_create(User(username=f"crowd{n:02}") for n in range(count))
    Entry.objects.bulk_create(Entry(tournament=tournament, user=user, seed_rating=2000 - n)
                              for n, user in enumerate(crowd))


def test_long_standings_page_by_page_and_the_page_read_stays_live(live_daphne, contexts):
    page = contexts(PHONE, 15_000)
    organiser = get_user_model().objects.create_user("org8", password=None)
    tournament = off_the_browser_thread(new_tournament, organiser, name="Big arena", format="arena",
                                        max_players=2000)
    off_the_browser_thread(crowd_of, tournament, 60)

    page.goto(f"{live_daphne.url}/tournaments/{tournament.pk}/")
    rows = page.locator("[data-testid=standings] tbody tr")
    expect(rows).to_have_count(50)
    expect(page.get_by_test_id("standings-page")).to_have_text("Page 1 of 2")
    page.get_by_test_id("standings-next").click()
    expect(page.get_by_test_id("standings-page")).to_have_text("Page 2 of 2")
    expect(rows).to_have_count(10)
    expect(rows.first.locator(".place")).to_have_text("51")
    expect(page.locator("#tournament-live")).to_have_attribute("data-live", "open")
    page.evaluate("window.stillThisPage = true")

    late = get_user_model().objects.create_user("late8", password=None)  # rated 1500: the last
    off_the_browser_thread(services.join, tournament.pk, late)
    expect(page.locator("[data-testid=standings] [data-entry=late8]")).to_be_visible()
    expect(rows).to_have_count(11)  # page 2, read again live
    expect(page.get_by_test_id("standings-page")).to_have_text("Page 2 of 2")
    assert page.evaluate("window.stillThisPage") is True
