"""Issue #38's defects of words and numbers at the table (French grammar, the tab's title,
analysis figures, previews), in Chromium: each test failed before its fix."""

import random
import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.support.browser import screenshot
from tests.support.games import start_game
from tests.support.threads import off_the_browser_thread

from .play_by_clicking import GAME, sign_up
from .table_checks import ARTIFACTS, PHONE
from .test_board_play import open_bot_game, wait_for_my_turn

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(180)]


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
    screenshot(page, path=str(ARTIFACTS / "board-french-laptop.png"))
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
    screenshot(page, path=str(ARTIFACTS / "end-screen-french-laptop.png"))
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
