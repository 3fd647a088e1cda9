"""Issue #38's defects of the board's layout on a phone and a laptop (the header, the board's
heads, Confirm, the lines inside their card), in Chromium: each test failed before its fix."""


import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Game
from tests.support.browser import screenshot
from tests.support.threads import off_the_browser_thread

from .play_by_clicking import GAME, sign_up
from .table_checks import ARTIFACTS, PHONE, boxes_of, largest_group, services_create_duel, to_french
from .test_board_play import open_bot_game, wait_for_my_turn

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(180)]


def test_13_the_phone_game_header_is_one_line_with_a_menu(live_daphne, contexts):
    page = contexts(PHONE)
    sign_up(page, live_daphne.url, "menuist", "Menuist With A Long Name")
    open_bot_game(page, live_daphne.url)
    nav = page.locator("#site-nav")
    ARTIFACTS.mkdir(exist_ok=True)
    screenshot(page, path=str(ARTIFACTS / "phone-header.png"))
    (header,) = boxes_of(page, "#site-nav")
    assert header["height"] <= 56, header
    assert nav.evaluate("n => n.scrollWidth <= n.clientWidth")
    for testid in ("nav-your-turn", "nav-profile", "nav-menu"):
        (found,) = boxes_of(page, f"[data-testid={testid}]")
        assert found["width"] > 0, (testid, found)
        assert found["x"] + found["width"] <= PHONE["width"], (testid, found)
    expect(page.get_by_test_id("language-fr")).to_be_hidden()
    expect(page.get_by_test_id("nav-notifications")).to_be_hidden()  # behind Menu, as the rest
    (board,) = boxes_of(page, GAME)
    page.get_by_test_id("nav-menu").click()
    expect(page.get_by_test_id("nav-menu")).to_have_attribute("aria-expanded", "true")
    for testid in ("nav-learn", "nav-notifications", "nav-logout", "language-fr"):
        expect(page.get_by_test_id(testid)).to_be_visible()
        (found,) = boxes_of(page, f"[data-testid={testid}]")
        assert found["x"] >= 0, (testid, found)
        assert found["x"] + found["width"] <= PHONE["width"], (testid, found)
    screenshot(page, path=str(ARTIFACTS / "phone-header-menu.png"))
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("language-fr")).to_be_hidden()
    page.get_by_test_id("nav-menu").click()
    page.get_by_test_id("language-fr").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator(GAME)).to_be_visible()
    assert boxes_of(page, "#site-nav")[0]["height"] <= 56
    assert board["y"] < 120, board


def test_19_the_quick_play_level_select_is_as_big_as_a_button(live_daphne, contexts):
    for viewport in (PHONE, {"width": 1366, "height": 768}):
        page = contexts(viewport)
        sign_up(page, live_daphne.url, f"leveller{viewport['width']}")
        page.goto(f"{live_daphne.url}/lobby/")
        (select,) = boxes_of(page, "[data-testid=quick-play-level]")
        assert select["height"] >= 40, select
        assert select["width"] >= 120, select


@pytest.mark.parametrize(("viewport", "language"),
                         [(PHONE, "en"), (PHONE, "fr"), ({"width": 1366, "height": 768}, "en")],
                         ids=["phone", "phone-fr", "laptop"])
def test_7_confirm_shows_the_move_on_the_board_and_moves_nothing(live_daphne, contexts, viewport, language):
    """The line of a move waiting for Confirm is marked, its tiles ghosted where the engine's preview
    puts them (the line, then the floor's overflow, the marker first); on a phone the bar floats and
    the market stays where it was."""
    from .test_board_play import engine_previews

    page = contexts(viewport)
    sign_up(page, live_daphne.url, f"ghost{viewport['width']}{language}")
    if language == "fr":
        to_french(page)
    game = open_bot_game(page, live_daphne.url)
    assert wait_for_my_turn(page)
    source, colour, count = largest_group(page)
    page.locator(f"[data-pick][data-source='{source}'][data-colour='{colour}']").click()
    line = page.locator(".pboard--me [data-target=line][data-line='0']")
    target = "0" if line.count() else "floor"
    (market_before,) = boxes_of(page, ".market")
    (line if target == "0" else page.locator(".pboard--me [data-target=floor]")).click()
    expect(page.locator("[data-proposal]")).to_be_visible()
    preview = engine_previews(game)[(source, colour, target)]
    if target == "0":
        expect(page.locator(".pboard--me .pline[data-proposed]")).to_have_attribute("data-line", "0")
        expect(page.locator(".pboard--me .pline[data-proposed] .is-ghost")).to_have_count(preview["to_line"])
    expect(page.locator(".pboard--me .floor .is-ghost")).to_have_count(preview["to_floor"])
    expect(page.locator(".pboard--me .floor .tile--marker.is-ghost")).to_have_count(
        1 if preview["first_player"] and preview["to_floor"] else 0)
    assert page.locator(f".pboard--me .is-ghost.tile--{colour}").count() == preview["to_line"] + preview["to_floor"] - (
        1 if preview["first_player"] and preview["to_floor"] else 0)
    ARTIFACTS.mkdir(exist_ok=True)
    screenshot(page, path=str(ARTIFACTS / f"confirm-{viewport['width']}-{language}.png"))
    if viewport is PHONE:
        (market_after,) = boxes_of(page, ".market")
        assert abs(market_after["y"] - market_before["y"]) <= 1, (market_before, market_after)
        (bar,) = boxes_of(page, "[data-proposal]")
        assert bar["y"] >= 0, bar
        assert bar["y"] + bar["height"] <= PHONE["height"], bar
        for needed in (".market", ".pboard--me .is-proposed"):
            for box in boxes_of(page, needed):
                assert box["y"] + box["height"] <= bar["y"] or box["y"] >= bar["y"] + bar["height"], (needed, box, bar)
    page.keyboard.press("Escape")
    expect(page.locator(".pboard--me .is-ghost")).to_have_count(0)


HEADS = """() => [...document.querySelectorAll('[data-game] .pboard')].map(card => {
  const c = card.getBoundingClientRect();
  const outside = [...card.querySelectorAll('.pboard__head, .pboard__head *')]
    .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
    .map(e => [e.className, e.getBoundingClientRect()])
    .filter(([, r]) => r.left < c.left - 0.5 || r.right > c.right + 0.5
                       || r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5)
    .map(([name, r]) => `${name} ${Math.round(r.left)}..${Math.round(r.right)}`
                        + ` of ${Math.round(c.left)}..${Math.round(c.right)}`);
  const score = card.querySelector('.pboard__score'), name = card.querySelector('.pboard__name');
  const s = score.getBoundingClientRect(), n = name.getBoundingClientRect();
  return {player: card.dataset.player, outside, score: score.textContent,
          scoreWhole: score.scrollWidth <= score.clientWidth && s.width > 0 && s.left >= c.left && s.right <= c.right,
          name: name.textContent,
          nameWhole: name.scrollWidth <= name.clientWidth + 1 && name.scrollHeight <= name.clientHeight + 1,
          nameWidth: n.width};
})"""

LONG_NAME = "Maximilienne Delacroix-Beaumont"


SHAPES = [("classic", 2), ("classic", 3), ("classic", 4), ("duel", 2)]
LAPTOP = {"width": 1366, "height": 768}


def test_9_board_headers_keep_name_badges_and_a_three_digit_score_in_the_card(live_daphne, contexts, settings):
    """Long display names, bot badges and 3-digit scores, at 390 px and 1366 px: the score whole, every
    part of the head inside its card, a short name whole and a long one never cut to a few letters.
    One account sits at a table of each shape; each table's page is loaded once per language and
    checked at both sizes (the board's layout follows the width by CSS alone), and one full-page
    screenshot per shape is kept (the phone's, in French: the narrowest, with the longer words)."""
    settings.BOT_GAMES_PER_USER = len(SHAPES)  # one running game against bots per shape
    users = get_user_model().objects
    me = "header"
    page = contexts(PHONE)
    sign_up(page, live_daphne.url, me, LONG_NAME)
    user = users.get(username=me)
    other = users.create_user(username=f"{me}x", password=None, display_name="Amélie Poulain-Fontaine")

    def seated_game(ruleset, players):
        from games import services
        humans = [other][: max(0, players - 3)]
        levels = ["strong", "random"][: players - 1 - len(humans)]
        bots = [{"seat": 1 + k, "level": level} for k, level in enumerate(levels)]
        table = services.create_table(user, players=players, ruleset=ruleset, bots=bots)
        for human in humans:
            services.join_table(table.pk, human)
        game = services.start_table(table.pk, user, player_order=list(range(players)))
        state = dict(game.state)
        state["boards"] = [{**board, "score": 100 + 17 * k} for k, board in enumerate(state["boards"])]
        Game.objects.filter(pk=game.pk).update(state=state)
        return game

    games = {shape: off_the_browser_thread(seated_game, *shape) for shape in SHAPES}
    ARTIFACTS.mkdir(exist_ok=True)
    for language in ("en", "fr"):
        if language == "fr":
            to_french(page)
        for (ruleset, players), game in games.items():
            page.set_viewport_size(PHONE)
            page.goto(f"{live_daphne.url}/tables/{game.table_id}/")
            expect(page.locator(GAME)).to_be_visible()
            if language == "fr":
                screenshot(page, path=str(ARTIFACTS / f"heads-{ruleset}{players}-390-fr.png"), full_page=True)
            for viewport in (PHONE, LAPTOP):
                width = viewport["width"]
                where = (ruleset, players, width, language)
                page.set_viewport_size(viewport)
                heads = page.evaluate(HEADS)
                assert len(heads) == players, where
                for head in heads:
                    assert not head["outside"], (where, head)
                    assert head["scoreWhole"], (where, head)
                    assert head["score"] == str(100 + 17 * int(head["player"])), (where, head)
                    if head["name"] != LONG_NAME:
                        assert head["nameWhole"], (where, head)
                    assert head["nameWidth"] >= 90, (where, head)
                assert page.evaluate("document.documentElement.scrollWidth") <= width, where


INSIDE = """([inner, outer]) => [...document.querySelectorAll(inner)].filter(e => e.getClientRects().length).map(e => {
  const card = e.closest(outer).getBoundingClientRect(), box = e.getBoundingClientRect();
  if (box.left >= card.left - 0.5 && box.right <= card.right + 0.5) return null;
  return `${e.className} ${e.dataset.line || ''}: ${Math.round(box.left)}..${Math.round(box.right)}`
    + ` of ${Math.round(card.left)}..${Math.round(card.right)}`;
}).filter(Boolean)"""


def test_12_pattern_lines_and_standings_stay_inside_a_phone(live_daphne, contexts):
    """The tutorial's line 5 and Duel's line 6 inside their board on a phone; league standings as
    wide as the phone at most."""
    from tests.support.leagues import started_season

    page = contexts(PHONE)
    sign_up(page, live_daphne.url, "narrow", "Narrow Player With A Long Name")
    users = get_user_model().objects
    me = users.get(username="narrow")
    for language in ("en", "fr"):
        if language == "fr":
            to_french(page)
        for key in ("classic", "duel"):
            page.goto(f"{live_daphne.url}/learn/tutorial/{key}/")
            expect(page.get_by_test_id("tutorial-board").locator(GAME)).to_be_visible()
            ARTIFACTS.mkdir(exist_ok=True)
            screenshot(page, path=str(ARTIFACTS / f"tutorial-{key}-phone-{language}.png"), full_page=True)
            assert not page.evaluate(INSIDE, [".pboard .pline", ".pboard"]), (key, language)
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], (key, language)
    other = users.create_user(username="narrowb", password=None, display_name="Bartholomew Featherstonehaugh")
    game = off_the_browser_thread(services_create_duel, me, other)
    page.goto(f"{live_daphne.url}/tables/{game.table_id}/")
    expect(page.locator(GAME)).to_be_visible()
    screenshot(page, path=str(ARTIFACTS / "duel-lines-phone.png"), full_page=True)
    assert not page.evaluate(INSIDE, [".pboard .pline", ".pboard"])
    members = [users.create_user(username=f"standing{k}", password=None, display_name=f"Maximilian Standing-Player {k}")
               for k in range(3)]
    league, season = off_the_browser_thread(started_season, me, members)
    for language in ("fr", "en"):
        if language == "en":
            to_english = page.get_by_test_id("language-en")
            if not to_english.is_visible():
                page.get_by_test_id("nav-menu").click()
            to_english.click()
        page.goto(f"{live_daphne.url}/leagues/{league.pk}/seasons/{season.number}/")
        expect(page.get_by_test_id("standings")).to_be_visible()
        screenshot(page, path=str(ARTIFACTS / f"standings-phone-{language}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], language
        assert not page.evaluate(INSIDE, ["[data-testid=standings]", ".card"]), language
