"""Issue #38's defects at the table, in Chromium against a live daphne: each test here failed
before its fix (the defect's number is in the test's name)."""

import random
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Game, MoveRecord
from tests.support.games import play_to_end, start_game

from .play_by_clicking import GAME, PASSWORD, confirm_if_asked, play_one_move, sign_up, version_of
from .test_board_play import open_bot_game, wait_for_my_turn
from .test_lobby import off_the_browser_thread

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(180)]

PHONE = {"width": 390, "height": 844}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def boxes_of(page, selector):
    return page.locator(selector).evaluate_all(
        "elements => elements.map(e => e.getBoundingClientRect().toJSON())")


def test_1_the_phone_end_screen_shows_every_players_rounds(live_daphne, contexts):
    page = contexts(PHONE)
    sign_up(page, live_daphne.url, "endphone", "Endphone Player")
    users = get_user_model().objects
    me = users.get(username="endphone")
    others = [users.create_user(username=name, password=None, display_name=name.title())
              for name in ("secondseat", "thirdseat")]
    game = off_the_browser_thread(start_game, me, *others)
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


def test_19_the_quick_play_level_select_is_as_big_as_a_button(live_daphne, contexts):
    for viewport in (PHONE, {"width": 1366, "height": 768}):
        page = contexts(viewport)
        sign_up(page, live_daphne.url, f"leveller{viewport['width']}")
        page.goto(f"{live_daphne.url}/lobby/")
        (select,) = boxes_of(page, "[data-testid=quick-play-level]")
        assert select["height"] >= 40, select
        assert select["width"] >= 120, select


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


@pytest.mark.parametrize("ruleset", ["classic", "duel"])
def test_4_the_end_screen_waits_for_the_last_rounds_scoring(live_daphne, page, ruleset):
    from games import game_rules, services
    from tests.support.games import controller_to_move, fresh, moves_of

    sign_up(page, live_daphne.url, "watcher")
    users = get_user_model().objects
    me, other = users.get(username="watcher"), users.create_user(username="opponent", password=None)
    game = off_the_browser_thread(start_game, me, other, ruleset=ruleset)
    rng = random.Random(4)

    def play_until_one_move_ends_it():
        """Random moves through the services, up to a position where a legal move ends the game;
        that move, to be played once the page watches."""
        while True:
            current = fresh(game)
            state = game_rules.load_state(current.state)
            moves = moves_of(current)
            enders = [move for move in moves if state.apply(move).is_over]
            if enders:
                return enders[0]
            services.play_move(current.pk, controller_to_move(current), rng.choice(moves), current.version)

    last = off_the_browser_thread(play_until_one_move_ends_it)
    page.goto(f"{live_daphne.url}/tables/{game.table_id}/")
    expect(page.locator(GAME)).to_be_visible()
    current = fresh(game)
    off_the_browser_thread(services.play_move, current.pk, controller_to_move(current), last, current.version)
    # While the scoring plays, no result; once it is over, the end screen.
    page.wait_for_function(
        "() => document.querySelector('[data-scoring-sequence]') && !document.querySelector('[data-endscreen]')")
    expect(page.locator("[data-endscreen]")).to_be_visible(timeout=30_000)


FRENCH_GROUP = r"^\d+ (bleue|jaune|rouge|noire|blanche)(s?) (de la fabrique \d|du centre de la table)$"


def test_3_french_grammar_letters_and_the_fair_bag(live_daphne, page):
    """« 3 jaunes de la fabrique 4 », « table d’Amélie », « +1 point », French tile letters, and the
    fair-bag check said in words a player understands."""
    from tests.ratings.factories import finished_game

    sign_up(page, live_daphne.url, "amelie", "Amélie")
    page.get_by_test_id("language-fr").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    users = get_user_model().objects
    me, other = users.get(username="amelie"), users.create_user(username="bernard", password=None)
    game = off_the_browser_thread(start_game, me, other)

    def let_the_other_move_first():
        from games import services
        from tests.support.games import controller_to_move, fresh, moves_of

        current = fresh(game)
        if controller_to_move(current) != me:
            services.play_move(current.pk, other, moves_of(current)[0], current.version)

    off_the_browser_thread(let_the_other_move_first)
    page.goto(f"{live_daphne.url}/tables/{game.table_id}/")
    expect(page.locator("h1.table-title")).to_contain_text("table d’Amélie")
    expect(page.locator(GAME)).to_be_visible()
    groups = page.locator("[data-pick]").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert groups
    for label in groups:
        found = re.match(FRENCH_GROUP, label)
        assert found, label
        assert (found.group(2) == "s") == (int(label.split()[0]) > 1), label
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "board-french-laptop.png"))
    letters = set(page.locator(".tile__letter").all_text_contents())
    assert not letters & {"Y", "K", "W"}, letters
    assert {"J", "N", "L"} & letters, letters
    said = page.evaluate("""async () => {
      const { describeMove, pointsSentence } = await import("/static/js/classic/describe.js");
      return [describeMove({ source: 3, color: "yellow", line: 2 }, 3),
              describeMove({ source: "center", color: "black", line: "floor" }, 1),
              pointsSentence([1, 1]), pointsSentence([-3, -3])];
    }""")
    assert said == ["a pris 3 jaunes de la fabrique 4 → ligne 3", "a pris 1 noire du centre de la table → le plancher",
                    "+1 point", "−3 points"]
    played = off_the_browser_thread(finished_game, [me, other], rated=False, rng_seed=5)
    page.goto(f"{live_daphne.url}/tables/{played.table_id}/")
    fairness = page.locator("[data-endscreen] .fairness")
    expect(fairness.locator("[data-commitment-check]")).to_contain_text("Sac honnête")
    fairness.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "end-screen-french-laptop.png"))
    text = fairness.inner_text().lower()
    assert "empreinte" in text, text
    assert "graine" not in text, text
    assert "engagement" not in text, text


def test_5_the_tab_says_your_move_only_at_a_table_where_it_is(live_daphne, page):
    from games import services
    from tests.support.games import controller_to_move, fresh, moves_of

    sign_up(page, live_daphne.url, "titled")
    users = get_user_model().objects
    me, other = users.get(username="titled"), users.create_user(username="waiter", password=None)

    def games_with_and_without_my_move():
        """Two games: in one it is my move, in the other the other player's."""
        found = {}
        while len(found) < 2:
            game = fresh(start_game(me, other))
            if controller_to_move(game) == me and "mine" in found:
                services.play_move(game.pk, me, moves_of(game)[0], game.version)
            elif controller_to_move(game) != me and "theirs" in found:
                services.play_move(game.pk, other, moves_of(game)[0], game.version)
            key = "mine" if controller_to_move(game) == me else "theirs"
            found[key] = game
        return found["mine"], found["theirs"]

    mine, theirs = off_the_browser_thread(games_with_and_without_my_move)
    page.goto(f"{live_daphne.url}/tables/{theirs.table_id}/")
    badge = page.locator("[data-your-turn-badge]")
    expect(badge).to_have_attribute("data-count", "1")
    expect(page.locator(GAME)).to_be_visible()
    assert "Your move" not in page.title()
    page.goto(f"{live_daphne.url}/tables/{mine.table_id}/")
    expect(page).to_have_title(re.compile(r"^\(1\) Your move"))
    page.goto(f"{live_daphne.url}/lobby/")
    expect(page).to_have_title(re.compile(r"^\(1\) Your move"))


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
    page.screenshot(path=str(ARTIFACTS / "end-screen-phone.png"))


def test_13_the_phone_game_header_is_one_line_with_a_menu(live_daphne, contexts):
    page = contexts(PHONE)
    sign_up(page, live_daphne.url, "menuist", "Menuist With A Long Name")
    open_bot_game(page, live_daphne.url)
    nav = page.locator("#site-nav")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "phone-header.png"))
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
    page.screenshot(path=str(ARTIFACTS / "phone-header-menu.png"))
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("language-fr")).to_be_hidden()
    page.get_by_test_id("nav-menu").click()
    page.get_by_test_id("language-fr").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator(GAME)).to_be_visible()
    assert boxes_of(page, "#site-nav")[0]["height"] <= 56
    assert board["y"] < 120, board


def test_16_the_hint_goes_when_another_group_is_picked(live_daphne, page):
    sign_up(page, live_daphne.url, "hinted")
    open_bot_game(page, live_daphne.url)
    assert wait_for_my_turn(page)
    page.locator("[data-hint]").click()
    expect(page.locator("[data-hint-text]")).to_be_visible()
    expect(page.locator(".is-hinted").first).to_be_visible()
    page.locator("[data-pick]:not(.is-hinted)").first.click()
    expect(page.locator("[data-pick].is-selected")).not_to_have_count(0)
    expect(page.locator(".is-hinted")).to_have_count(0)
    expect(page.locator("[data-hint-text]")).to_have_count(0)


def analysed_replay(page, base, username):
    from tests.analysis.factories import analysed_game

    sign_up(page, base, username)
    users = get_user_model().objects
    me, other = users.get(username=username), users.create_user(username=f"{username}-rival", password=None)
    game = off_the_browser_thread(analysed_game, [me, other])
    page.goto(f"{base}/games/{game.pk}/replay")
    expect(page.locator("[data-analysis=done]")).to_be_visible()
    expect(page.locator(".log__entry[data-grade]")).to_have_count(game.version)
    return game


def test_8_the_analysed_replay_ends_at_its_footer_on_a_phone(live_daphne, contexts):
    page = contexts(PHONE)
    analysed_replay(page, live_daphne.url, "phonereplay")
    below = page.evaluate("""() => document.documentElement.scrollHeight
        - (document.querySelector("footer").getBoundingClientRect().bottom + window.scrollY)""")
    assert below <= 1, f"{below} px of page below the footer"


def test_17_analysis_figures_share_one_number_format(live_daphne, page):
    """A true minus sign, one decimal everywhere, the language's decimal mark."""
    import re

    analysed_replay(page, live_daphne.url, "figures")
    for language, mark in (("en", "."), ("fr", ",")):
        if language == "fr":
            page.get_by_test_id("language-fr").click()
            expect(page.locator("html")).to_have_attribute("lang", "fr")
            expect(page.locator("[data-analysis=done]")).to_be_visible()
        page.keyboard.press("Home")
        for _ in range(5):  # to the fifth move: a loss, its margins below zero
            page.keyboard.press("ArrowRight")
        expect(page.locator("[data-verdict]")).to_have_attribute("data-verdict", "5")
        text = page.locator(".replay-analysis").inner_text()
        assert "-" not in re.sub(r"[A-Za-zÀ-ÿ]-[A-Za-zÀ-ÿ]", "", text), text  # no hyphen-minus
        figures = re.findall(r"\d+[.,]\d+", text)
        assert figures, text
        assert all(re.fullmatch(rf"\d+\{mark}\d", figure) for figure in figures), figures
        assert f"−8{mark}0" in text or "−" in text


def play_until_a_column_choice(game, me, rng):
    """Moves through the services until `me` chooses a wall column in round 3 or later."""
    from games import services
    from tests.support.games import controller_to_move, fresh, moves_of

    while True:
        current = fresh(game)
        if current.state.get("phase") == "tiling" and controller_to_move(current).pk == me.pk \
                and current.state.get("round", 1) >= 3:  # walls filled enough for long previews
            return
        moves = moves_of(current)
        lines = [m for m in moves if m.get("line") != "floor"] or moves
        services.play_move(current.pk, controller_to_move(current), rng.choice(lines), current.version)


def test_17_gray_wall_column_previews_are_whole(live_daphne, contexts):
    """At a round's end on a gray wall, each column's preview ("+3") fits in its cell, at both sizes."""
    users = get_user_model().objects
    for viewport in (PHONE, {"width": 1366, "height": 768}):
        page = contexts(viewport)
        name = f"grayer{viewport['width']}"
        sign_up(page, live_daphne.url, name)
        me = users.get(username=name)
        others = [users.create_user(username=f"{name}-{k}", password=None) for k in range(3)]
        game = off_the_browser_thread(start_game, me, *others, variant="gray")  # 4 players: small tiles
        off_the_browser_thread(play_until_a_column_choice, game, me, random.Random(17))
        page.goto(f"{live_daphne.url}/tables/{game.table_id}/")
        expect(page.locator(".pboard--me [data-target=column]").first).to_be_visible()
        clipped = page.locator(".pboard--me [data-target=column] .wall__preview").evaluate_all("""previews => previews
            .filter((preview) => {
              const cell = preview.parentElement.getBoundingClientRect();
              const range = document.createRange();
              range.selectNodeContents(preview);
              const text = range.getBoundingClientRect();
              const holder = preview.parentElement;
              return text.left < cell.left - 0.5 || text.right > cell.right + 0.5
                || getComputedStyle(holder).overflow === "hidden" && preview.scrollWidth > holder.clientWidth;
            }).map((preview) => preview.textContent)""")
        assert page.locator(".pboard--me [data-target=column] .wall__preview").count() > 0
        assert not clipped, (viewport, clipped)


def test_18_each_half_of_a_rules_pair_says_before_or_after(live_daphne, page):
    for language, words in (("en", ("Before", "After")), ("fr", ("Avant", "Après"))):
        if language == "fr":
            page.goto(f"{live_daphne.url}/learn/")
            page.get_by_test_id("language-fr").click()
            expect(page.locator("html")).to_have_attribute("lang", "fr")
        for ruleset in ("classic", "gray", "duel"):
            page.goto(f"{live_daphne.url}/learn/rules/{ruleset}/")
            pairs = page.locator(".rules-pair")
            expect(pairs.first.locator("[data-picture-when]").first).to_be_visible()
            for k in range(pairs.count()):
                labels = pairs.nth(k).locator("[data-picture-when]")
                texts = [text.strip().lower() for text in labels.all_inner_texts()]
                assert len(texts) == pairs.nth(k).locator("[data-picture]").count(), (ruleset, k, texts)
                assert set(texts) <= {word.lower() for word in words}, texts
                assert len(set(texts)) == len(texts), texts


def test_18_on_a_phone_nothing_sticky_covers_the_tutorials_market(live_daphne, contexts):
    page = contexts(PHONE)
    page.goto(f"{live_daphne.url}/learn/tutorial/classic/")
    market = page.get_by_test_id("tutorial-board").locator(".market")
    expect(market).to_be_visible()
    covered = market.evaluate("""(market) => {
      window.scrollTo(0, market.getBoundingClientRect().top + window.scrollY);
      const box = market.getBoundingClientRect();
      const points = [0.1, 0.5, 0.9].map((x) => [box.left + box.width * x, box.top + 12]);
      return points.map(([x, y]) => document.elementFromPoint(x, y))
        .filter((found) => found && !market.contains(found)).map((found) => found.outerHTML.slice(0, 80));
    }""")
    assert not covered, covered


def largest_group(page):
    """The (source, colour, count) of the largest group the player may pick."""
    groups = page.locator("[data-pick]").evaluate_all(
        "els => els.map(e => [e.dataset.source, e.dataset.colour, parseInt(e.getAttribute('aria-label'))])")
    return max(groups, key=lambda group: group[2])


def to_french(page):
    if not page.get_by_test_id("language-fr").is_visible():
        page.get_by_test_id("nav-menu").click()
    page.get_by_test_id("language-fr").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")


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
    page.screenshot(path=str(ARTIFACTS / f"confirm-{viewport['width']}-{language}.png"))
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


@pytest.mark.parametrize(("ruleset", "players"), [("classic", 2), ("classic", 3), ("classic", 4), ("duel", 2)])
def test_9_board_headers_keep_name_badges_and_a_three_digit_score_in_the_card(live_daphne, contexts, ruleset, players):
    """Long display names, bot badges and 3-digit scores, at 390 px and 1366 px: the score whole, every
    part of the head inside its card, a short name whole and a long one never cut to a few letters."""
    users = get_user_model().objects
    me = f"header{ruleset}{players}"
    pages = {}
    for viewport in (PHONE, {"width": 1366, "height": 768}):
        pages[viewport["width"]] = page = contexts(viewport)
    sign_up(pages[390], live_daphne.url, me, LONG_NAME)
    user = users.get(username=me)
    humans = [
        users.create_user(username=f"{me}x", password=None, display_name="Amélie Poulain-Fontaine")
    ][: max(0, players - 3)]

    def seated_game():
        from games import services
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

    game = off_the_browser_thread(seated_game)
    for width, page in pages.items():
        if width == 1366:
            page.goto(f"{live_daphne.url}/accounts/login/")
            page.fill("#id_username", me)
            page.fill("#id_password", PASSWORD)
            page.click("form button[type=submit]")
            expect(page.get_by_test_id("nav-profile")).to_be_visible()
        for language in ("en", "fr"):
            if language == "fr":
                to_french(page)
            page.goto(f"{live_daphne.url}/tables/{game.table_id}/")
            expect(page.locator(GAME)).to_be_visible()
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"heads-{ruleset}{players}-{width}-{language}.png"), full_page=True)
            heads = page.evaluate(HEADS)
            assert len(heads) == players
            for head in heads:
                assert not head["outside"], (width, language, head)
                assert head["scoreWhole"], (width, language, head)
                assert head["score"] == str(100 + 17 * int(head["player"])), (width, language, head)
                if head["name"] != LONG_NAME:
                    assert head["nameWhole"], (width, language, head)
                assert head["nameWidth"] >= 90, (width, language, head)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
        to_english = page.get_by_test_id("language-en")
        if not to_english.is_visible():
            page.get_by_test_id("nav-menu").click()
        to_english.click()


def duel_position_paying_chips():
    """A Duel position reached by legal moves (random, chips taken when offered) where a player
    must decide how to pay a line with chips, with 4 to 10 ways to pay."""
    from azul.engine import new_game

    for seed in range(500):
        rng = random.Random(seed)
        state = new_game(2, seed=seed, ruleset="duel")
        while not state.is_over:
            moves = state.legal_moves()
            if 4 <= sum(move.type == "pay_chips" for move in moves) <= 10:
                return state
            chips = [move for move in moves if move.type == "chip"]
            state = state.apply(rng.choice(chips) if chips and rng.random() < 0.8 else rng.choice(moves))
    raise AssertionError("no position pays with chips")


def duel_game_paying_chips(me, other):
    """A Duel game of `me` and `other` where it is me to decide on a payment with chips."""
    state = duel_position_paying_chips()
    game = services_create_duel(me, other, (0, 1) if state.pending["player"] == 0 else (1, 0))
    Game.objects.filter(pk=game.pk).update(state=state.to_dict())
    return Game.objects.get(pk=game.pk)


def services_create_duel(me, other, order=(0, 1)):
    """A Duel game of two accounts: `me` in seat 0, playing `order`'s way (player 1 opens)."""
    from games import services

    table = services.create_table(me, players=2, ruleset="duel")
    services.join_table(table.pk, other)
    return services.start_table(table.pk, me, player_order=list(order))


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1366, "height": 768}], ids=["phone", "laptop"])
def test_10_duel_chip_payments_are_pictures_with_what_is_kept(live_daphne, contexts, viewport):
    """Each D18 payment is a button of chip pictures with the chips kept after it (the engine's
    preview, not the page's arithmetic); no "Pay red + red" text wall."""
    from games import game_rules

    page = contexts(viewport)
    name = f"payer{viewport['width']}"
    sign_up(page, live_daphne.url, name)
    users = get_user_model().objects
    me, other = users.get(username=name), users.create_user(username=f"{name}b", password=None)
    game = off_the_browser_thread(duel_game_paying_chips, me, other)
    state = game_rules.load_state(game.state)
    moves = [m for m in game_rules.legal_moves(state) if m["type"] == "pay_chips"]
    previews = dict(zip((str(m) for m in game_rules.legal_moves(state)), game_rules.move_previews(state), strict=True))
    for language in ("en", "fr"):
        if language == "fr":
            to_french(page)
        page.goto(f"{live_daphne.url}/tables/{game.table_id}/")
        options = page.locator(".ddecision .dpay [data-choice=pay_chips]")
        expect(options).to_have_count(len(moves))
        buttons = page.locator(".ddecision button").all_inner_texts()
        assert not [text for text in buttons if re.match(r"^(Pay|Payer) ", text)]
        shown = options.evaluate_all("""els => els.map(e => ({
            paid: [...e.querySelectorAll('.dpay__paid .chip')].map(c => c.getAttribute('aria-label')),
            kept: e.querySelector('.dpay__kept').dataset.kept, label: e.getAttribute('aria-label')}))""")
        for move, option in zip(moves, shown, strict=True):
            assert len(option["paid"]) == len(move["chips"]), option
            assert option["kept"] == " ".join(previews[str(move)]["chips_left"]), (move, option)
        for box in boxes_of(page, ".ddecision .dpay [data-choice=pay_chips]"):
            assert box["height"] >= 40, box
            assert box["x"] >= 0, box
            assert box["x"] + box["width"] <= viewport["width"], box
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.locator(".ddecision").scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"duel-payment-{viewport['width']}-{language}.png"))
    version = version_of(page)
    paying = len(moves) - 1
    options.nth(paying).click()
    confirm_if_asked(page)
    expect(page.locator(GAME)).not_to_have_attribute("data-version", str(version))
    game.refresh_from_db()
    chips = game.state["boards"][state.pending["player"]]["chips"]
    assert sorted(chips) == sorted(previews[str(moves[paying])]["chips_left"])


def test_10_a_duel_plate_turns_by_a_control_on_the_plate(live_daphne, page):
    """The selected plate carries a ↻ that turns it to the next legal rotation; the dome's lit
    slots show it turned; the plate is placed in the rotation shown."""
    sign_up(page, live_daphne.url, "turner")
    users = get_user_model().objects
    me, other = users.get(username="turner"), users.create_user(username="turnerb", password=None)
    game = off_the_browser_thread(services_create_duel, me, other, (1, 0))
    page.goto(f"{live_daphne.url}/tables/{game.table_id}/")
    expect(page.locator(GAME)).to_be_visible()
    page.locator("[data-choice=plate]").first.click()
    holder = page.locator(".dplates .dplate-holder")
    expect(holder).to_have_attribute("data-rotation-shown", "0")
    assert page.locator(".ddecision [data-rotation]").count() == 0  # no strip of rotated copies
    slot_cells = page.locator(".pboard--me [data-choice=slot]").first.locator(".dcell")
    before = slot_cells.evaluate_all("cells => cells.map(c => c.className)")
    turned = holder.locator(".dplate__rotate").get_attribute("data-rotation")
    assert turned != "0"
    holder.locator(".dplate__rotate").click()
    expect(holder).to_have_attribute("data-rotation-shown", turned)
    after = slot_cells.evaluate_all("cells => cells.map(c => c.className)")
    assert before != after
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "duel-plate-rotation.png"))
    version = version_of(page)
    page.locator(".pboard--me [data-choice=slot]").first.click()
    confirm_if_asked(page)
    expect(page.locator(GAME)).not_to_have_attribute("data-version", str(version))
    record = MoveRecord.objects.filter(game=game).order_by("pk").first()
    assert record.move["rotation"] == int(turned), record.move


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
            page.screenshot(path=str(ARTIFACTS / f"tutorial-{key}-phone-{language}.png"), full_page=True)
            assert not page.evaluate(INSIDE, [".pboard .pline", ".pboard"]), (key, language)
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], (key, language)
    other = users.create_user(username="narrowb", password=None, display_name="Bartholomew Featherstonehaugh")
    game = off_the_browser_thread(services_create_duel, me, other)
    page.goto(f"{live_daphne.url}/tables/{game.table_id}/")
    expect(page.locator(GAME)).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "duel-lines-phone.png"), full_page=True)
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
        page.screenshot(path=str(ARTIFACTS / f"standings-phone-{language}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], language
        assert not page.evaluate(INSIDE, ["[data-testid=standings]", ".card"]), language
