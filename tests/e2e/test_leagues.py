"""Leagues in a real browser (issues 7, 12 and 18): an organiser creates a league, one player joins
by the invite link and one accepts an invitation, the season starts, a game is resigned in the
loser's own browser, and the open standings and fixtures pages show it without a reload, over
the league feed. A Duel league is created, played and ranked the same way.

Every change goes through daphne (the pages and their sockets), so the feed reaches the pages in
the embedded mode (in-memory channel layer) as on Redis."""

import pytest
from playwright.sync_api import expect

from leagues.models import Fixture, League

from .play_by_clicking import sign_up

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(180)]
# Every person of the league tests: a laptop-sized window, waits of up to 15 s for live updates.
VIEW = {"width": 1100, "height": 900}




def create_league(page, base, name, *, visibility="public", ruleset="classic", play=False):
    page.goto(f"{base}/leagues/")
    page.get_by_test_id("create-league").click()
    page.fill("#id_name", name)
    page.select_option("#id_visibility", visibility)
    page.select_option("#id_ruleset", ruleset)
    if ruleset == "duel":  # the page hides what Azul Duel does not have
        expect(page.locator("#id_players_per_game")).to_be_hidden()
        expect(page.locator("#id_variant")).to_be_hidden()
    else:
        expect(page.locator("#id_players_per_game")).to_be_visible()
    if not play:
        page.uncheck("#id_play")
    page.click("[data-testid=league-form] button[type=submit]")
    expect(page.get_by_test_id("league-name")).to_have_text(name)


def resign_my_league_game(page, base, league_id):
    """From the league page: open the game to play and resign it (the page asks first)."""
    page.goto(f"{base}/leagues/{league_id}/")
    page.get_by_test_id("play-fixture").click()
    page.wait_for_url("**/tables/*/")
    expect(page.get_by_test_id("league-link")).to_be_visible()  # back to the league
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Resign").click()
    expect(page.locator("[data-endscreen]")).to_be_visible()


def test_players_consent_and_league_pages_update_live(live_daphne, contexts):
    base = live_daphne.url
    olga, ann, ben = contexts(VIEW, 15_000), contexts(VIEW, 15_000), contexts(VIEW, 15_000)
    sign_up(olga, base, "olga7")
    sign_up(ann, base, "ann7", display_name="Ann Tiles")
    sign_up(ben, base, "ben7", display_name="Ben Mosaic")

    create_league(olga, base, "Thursday tiles", visibility="invite")
    league = League.objects.get(name="Thursday tiles")
    invite = olga.get_by_test_id("invite-link").input_value()

    # Ann follows the invite link: the page asks her; she joins.
    ann.goto(invite)
    expect(ann.locator("[data-member='ann7']")).to_have_count(0)
    ann.get_by_test_id("join-league").click()
    expect(ann.locator("[data-member='ann7']")).to_be_visible()
    expect(ann.get_by_test_id("start-season")).to_have_count(0)  # no organiser controls

    # Ben is invited by name: he sees it in the header and accepts.
    olga.fill("input[aria-label='username to invite']", "ben7")
    olga.get_by_test_id("invite-player").click()
    expect(olga.locator("[data-invitee='ben7'][data-status='pending']")).to_be_visible()
    ben.goto(f"{base}/")
    ben.get_by_test_id("nav-invitations").click()
    expect(ben.get_by_test_id("invitations")).to_contain_text("Thursday tiles")
    ben.get_by_test_id("accept-invitation").click()
    expect(ben.locator("[data-member='ben7']")).to_be_visible()
    # The organiser's page shows the answer without a reload (the feed).
    expect(olga.locator("[data-invitee='ben7'][data-status='accepted']")).to_be_visible()

    olga.get_by_test_id("start-season").click()
    expect(olga.get_by_test_id("season-1").get_by_test_id("season-status")).to_have_text("running")

    # Ann watches the standings and, in another tab, the fixtures; nobody has played yet.
    ann.goto(f"{base}/leagues/{league.pk}/seasons/1/")
    ann_row = ann.locator("[data-testid=standings] tr[data-player='ann7']")
    expect(ann_row.locator(".played")).to_have_text("0")
    expect(ann.locator("#league-live")).to_have_attribute("data-live", "open")
    fixtures = ann.context.new_page()
    fixtures.goto(f"{base}/leagues/{league.pk}/seasons/1/fixtures/")
    expect(fixtures.get_by_test_id("fixture-status")).to_have_text("playing")
    expect(fixtures.locator(".fixture-players")).to_contain_text("Ann Tiles")  # display names
    expect(fixtures.locator("#league-live")).to_have_attribute("data-live", "open")

    # Ben resigns in his own browser.
    resign_my_league_game(ben, base, league.pk)

    # Both open pages update by themselves.
    expect(ann_row.locator(".points")).to_have_text("2")
    expect(ann_row.locator(".wins")).to_have_text("1")
    expect(ann_row.locator(".place")).to_have_text("1")
    ben_row = ann.locator("[data-testid=standings] tr[data-player='ben7']")
    expect(ben_row.locator(".place")).to_have_text("2")
    expect(ann.get_by_test_id("results")).to_contain_text("Ann Tiles 1st")
    expect(ann.get_by_test_id("season-status")).to_have_text("finished")
    expect(fixtures.get_by_test_id("fixture-status")).to_have_text("done")
    expect(fixtures.get_by_test_id("fixture-result")).to_contain_text("Ben Mosaic 2nd")

    # The live-inserted result links its replay, and the replay links back to the fixture.
    game_id = Fixture.objects.get(round__season__league=league).table.game.pk
    ann.get_by_test_id("replay-link").click()
    ann.wait_for_url(f"**/games/{game_id}/replay")
    ann.get_by_test_id("fixture-link").click()
    ann.wait_for_url(f"**/leagues/{league.pk}/seasons/1/fixtures/#fixture-*")


def test_a_duel_league_is_created_played_and_ranked(live_daphne, contexts):
    base = live_daphne.url
    olga, dee = contexts(VIEW, 15_000), contexts(VIEW, 15_000)
    sign_up(olga, base, "olga8")
    sign_up(dee, base, "dee8")

    create_league(olga, base, "Duel nights", ruleset="duel", play=True)
    expect(olga.get_by_test_id("league-format")).to_contain_text("Azul Duel · 2 per game")
    league = League.objects.get(name="Duel nights")
    assert (league.ruleset, league.players_per_game) == ("duel", 2)

    dee.goto(f"{base}/leagues/{league.pk}/")
    dee.get_by_test_id("join-league").click()
    expect(dee.locator("[data-member='dee8']")).to_be_visible()
    olga.reload()
    olga.get_by_test_id("start-season").click()
    expect(olga.get_by_test_id("season-1").get_by_test_id("season-status")).to_have_text("running")

    olga.goto(f"{base}/leagues/{league.pk}/seasons/1/")
    expect(olga.locator("#league-live")).to_have_attribute("data-live", "open")
    olga_row = olga.locator("[data-testid=standings] tr[data-player='olga8']")
    expect(olga_row.locator(".played")).to_have_text("0")

    # Dee opens her Duel game from the league page (the Duel board), then resigns it.
    dee.goto(f"{base}/leagues/{league.pk}/")
    dee.get_by_test_id("play-fixture").click()
    expect(dee.locator(".dboard").first).to_be_visible()
    resign_my_league_game(dee, base, league.pk)

    expect(olga_row.locator(".wins")).to_have_text("1")
    expect(olga_row.locator(".place")).to_have_text("1")
    expect(olga.get_by_test_id("season-status")).to_have_text("finished")
    fixture = Fixture.objects.get(round__season__league=league)
    assert fixture.table.ruleset == "duel"
    assert fixture.decided_by == "game"
