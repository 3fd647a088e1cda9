"""Issue 7 in a real browser: an organiser creates a league, players join by the invite link,
the season starts, a game ends and the open standings page shows it without a reload."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import expect

from games import services as game_services
from games.models import Game, Seat
from leagues.models import Fixture, League

from .play_by_clicking import sign_up

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(180)]


@pytest.fixture
def contexts(browser):
    made = []

    def new():
        context = browser.new_context(viewport={"width": 1100, "height": 900})
        context.set_default_timeout(15_000)
        made.append(context)
        return context.new_page()

    yield new
    for context in made:
        context.close()


def test_organiser_runs_a_league_and_standings_update_after_a_game(live_daphne, contexts):
    base = live_daphne.url
    olga, ann, ben = contexts(), contexts(), contexts()
    sign_up(olga, base, "olga7")
    sign_up(ann, base, "ann7")
    sign_up(ben, base, "ben7")

    # The organiser creates an invite-only league and does not play in it.
    olga.goto(f"{base}/leagues/")
    olga.get_by_test_id("create-league").click()
    olga.fill("#id_name", "Thursday tiles")
    olga.fill("#id_description", "Two friends, one season.")
    olga.select_option("#id_visibility", "invite")
    olga.uncheck("#id_play")
    olga.click("[data-testid=league-form] button[type=submit]")
    expect(olga.get_by_test_id("league-name")).to_have_text("Thursday tiles")
    invite = olga.get_by_test_id("invite-link").input_value()

    # Players follow the invite link and join.
    for player, name in ((ann, "ann7"), (ben, "ben7")):
        player.goto(invite)
        player.get_by_test_id("join-league").click()
        expect(player.locator(f"[data-member='{name}']")).to_be_visible()
    # A member sees no organiser controls.
    expect(ann.get_by_test_id("start-season")).to_have_count(0)

    olga.reload()
    olga.get_by_test_id("start-season").click()
    expect(olga.get_by_test_id("season-1").get_by_test_id("season-status")).to_have_text("running")
    expect(olga.locator("[data-action=start_season]")).to_be_visible()  # in the audit log

    # Ann watches the standings; nobody has played yet.
    ann.goto(invite)
    ann.get_by_test_id("season-1").get_by_test_id("standings-link").click()
    ann_row = ann.locator("[data-testid=standings] tr[data-player='ann7']")
    expect(ann_row.locator(".played")).to_have_text("0")

    # The game is played out of band (same database): Ben resigns, Ann wins.
    league = League.objects.get(name="Thursday tiles")
    fixture = Fixture.objects.get(round__season__league=league)
    game = Game.objects.get(table=fixture.table_id)
    ben_user = Seat.objects.get(table=fixture.table_id, user__username="ben7").user
    # Off Playwright's thread: the broadcast after commit uses async_to_sync.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(game_services.resign, game.pk, ben_user).result()

    # The open page updates by itself: Ann first with a win and 2 points, Ben second.
    expect(ann_row.locator(".points")).to_have_text("2", timeout=20_000)
    expect(ann_row.locator(".wins")).to_have_text("1")
    expect(ann_row.locator(".place")).to_have_text("1")
    ben_row = ann.locator("[data-testid=standings] tr[data-player='ben7']")
    expect(ben_row.locator(".place")).to_have_text("2")
    expect(ben_row.locator(".points")).to_have_text("0")

    # The result links to its replay; the single-round season is over.
    ann.reload()
    expect(ann.get_by_test_id("season-status")).to_have_text("finished")
    ann.get_by_test_id("replay-link").click()
    ann.wait_for_url(f"**/games/{game.pk}/replay")
