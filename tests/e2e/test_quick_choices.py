"""Quick play with choices, challenges and "New game" against the same bot, played by clicking in
chromium: the choices reach the table; the end screen offers the same bot again and a challenge
of the other player; a profile's challenge opens a table the other player accepts."""


import pytest
from playwright.sync_api import expect

from games.models import Game, Table

from .play_by_clicking import GAME, sign_up
from .table_checks import shoot

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(240)]


def table_of(page):
    return Table.objects.get(pk=int(page.url.split("#")[0].rstrip("/").rsplit("/", 1)[1]))


def options(table):
    return (table.ruleset, table.players, table.rated, table.clock_kind, table.clock_base_seconds,
            table.clock_increment_seconds, table.clock_days_per_move)


def test_the_computer_with_choices_then_a_new_game_against_the_same_bot(live_daphne, page):
    base = live_daphne.url
    page.set_default_timeout(20_000)
    sign_up(page, base, "chooser")
    page.goto(f"{base}/lobby/")
    page.select_option("[data-testid=quick-play-game]", "classic-2")
    page.select_option("[data-testid=quick-play-clock]", "classical")
    page.select_option("[data-testid=quick-play-rated]", "rated")
    page.select_option("[data-testid=quick-play-level]", "random")
    shoot(page, "quick-choices", "lobby-choices")
    page.get_by_test_id("quick-play-computer").click()
    page.wait_for_url("**/tables/*/")
    expect(page.locator(GAME)).to_be_visible()
    first = table_of(page)
    assert options(first) == ("classic", 2, True, "realtime", 1800, 20, 0)

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Resign").click()
    expect(page.locator("[data-endscreen]")).to_be_visible()
    again = page.get_by_test_id("new-game-same-bot")
    expect(again).to_contain_text("New game against")
    expect(page.get_by_test_id("challenge-player")).to_have_count(0)  # nobody but the bot
    shoot(page, "quick-choices", "end-screen-new-game")
    again.click()
    page.wait_for_url(lambda url: f"/tables/{first.pk}/" not in url)
    expect(page.locator(GAME)).to_be_visible()
    second = table_of(page)
    assert options(second) == options(first)
    bots = {s.user.bot_level for s in second.seats.select_related("user") if s.user.is_bot}
    assert bots == {"random"}
    assert Game.objects.get(table=second).status == "playing"


def test_seekers_with_the_same_choices_are_paired_and_challenge_each_other(live_daphne, page,
                                                                           browser):
    base = live_daphne.url
    other = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
    for each in (page, other):
        each.set_default_timeout(20_000)
    sign_up(page, base, "ann", "Ann")
    sign_up(other, base, "ben", "Ben")
    for each in (page, other):
        each.goto(f"{base}/lobby/")
        each.select_option("[data-testid=quick-play-game]", "duel")
        each.select_option("[data-testid=quick-play-clock]", "rapid")
    page.get_by_test_id("quick-play-seek").click()
    expect(page.get_by_test_id("quick-play-status")).to_contain_text("Looking")
    other.get_by_test_id("quick-play-seek").click()
    page.wait_for_url("**/tables/*/")
    other.wait_for_url("**/tables/*/")
    table = table_of(page)
    assert table.pk == table_of(other).pk
    assert options(table) == ("duel", 2, False, "realtime", 600, 5, 0)

    # After the game, ann challenges ben from the end screen: his profile, the choices open.
    expect(page.locator(GAME)).to_be_visible()
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Resign").click()
    expect(page.locator("[data-endscreen]")).to_be_visible()
    expect(page.get_by_test_id("new-game-same-bot")).to_have_count(0)
    page.get_by_test_id("challenge-player").click()
    page.wait_for_url("**/u/ben/#challenge")
    expect(page.get_by_test_id("challenge-send")).to_be_visible()  # opened at once
    page.select_option("[data-testid=challenge-game]", "classic-3")
    page.select_option("[data-testid=challenge-clock]", "correspondence")
    shoot(page, "quick-choices", "profile-challenge")
    page.get_by_test_id("challenge-send").click()
    page.wait_for_url("**/tables/*/")
    challenge = table_of(page)
    assert options(challenge) == ("classic", 3, False, "correspondence", 0, 0, 3)

    other.goto(f"{base}/lobby/")
    other.get_by_test_id("accept-invitation").click()
    other.wait_for_url(f"**/tables/{challenge.pk}/")
    assert sorted(challenge.seats.values_list("user__username", flat=True)) == ["ann", "ben"]
    other.context.close()


def test_a_bad_choice_is_said_and_opens_nothing(live_daphne, page):
    """The server's refusal, as it words it, when the page sends a choice it does not know (a
    stale page: the option edited away)."""
    base = live_daphne.url
    sign_up(page, base, "stale")
    page.goto(f"{base}/lobby/")
    page.evaluate("""() => {
        const option = document.querySelector('[data-testid=quick-play-clock] option');
        option.value = 'hourglass';
        option.selected = true;
    }""")
    page.get_by_test_id("quick-play-computer").click()
    expect(page.get_by_test_id("quick-play-status")).to_contain_text("clock must be one of")
    assert Table.objects.count() == 0


def test_the_your_turn_list_shows_mini_boards_and_the_last_move(live_daphne, page):
    import random

    from .play_by_clicking import play_one_move, version_of, wait_for_my_turn_or_end

    base = live_daphne.url
    page.set_default_timeout(20_000)
    sign_up(page, base, "waiter", "Wanda")
    page.goto(f"{base}/lobby/")
    page.select_option("[data-testid=quick-play-level]", "random")
    page.get_by_test_id("quick-play-computer").click()
    page.wait_for_url("**/tables/*/")
    assert wait_for_my_turn_or_end(page)
    if version_of(page) == 0:  # we move first: one move, then the bot's reply is the last move
        play_one_move(page, random.Random(7))
        # Our move and the bot's reply: the page may show both in one frame, never "not my turn".
        page.wait_for_function(f"() => Number(document.querySelector('{GAME}').dataset.version) >= 2")
        assert wait_for_my_turn_or_end(page)
    table = table_of(page)
    page.goto(f"{base}/your-turn/")
    row = page.locator(f"[data-your-turn-list] li[data-game='{Game.objects.get(table=table).pk}']")
    expect(row).to_contain_text(f"Table {table.pk}")
    expect(row).to_contain_text("against Random bot")
    expect(row.get_by_test_id("your-turn-last-move")).to_contain_text("Last move: Random bot took")
    expect(row.locator(".mini-board .mini-board__player")).to_have_count(2)
    expect(row.locator(".mini-board")).to_contain_text("Wanda")
    shoot(page, "quick-choices", "your-turn")
    page.get_by_test_id("language-fr").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(row.get_by_test_id("your-turn-last-move")).to_contain_text("Dernier coup")
    shoot(page, "quick-choices", "your-turn-fr")
