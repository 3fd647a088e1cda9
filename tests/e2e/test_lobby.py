"""The lobby in chromium: your games to resume, others to watch, rows told apart, games left idle
against bots hidden from watchers, and a form that speaks its own words and refuses negatives."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from games import lobby, services
from games.models import Game, Table
from kernel import dispatch
from tests.support.browser import screenshot
from tests.support.threads import off_the_browser_thread

from .play_by_clicking import sign_up

pytestmark = pytest.mark.requires("browser")

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def _bot_game(user, **options):
    table = services.create_table(user, players=2, bots=[{"seat": 1, "level": "random"}], **options)
    game = services.start_table(table.pk, user)
    # The bot's reply runs on the embedded bot thread: let it land before the test ages the game.
    assert dispatch.BOT_TURNS.wait_idle(30)
    return game


def bot_game(user, **options):
    return off_the_browser_thread(_bot_game, user, **options)


def _people_game(creator, other):
    table = services.create_table(creator, players=2)
    services.join_table(table.pk, other)
    return services.start_table(table.pk, creator)


def test_own_games_resume_others_are_watched_and_rows_differ(page, live_daphne):
    sign_up(page, live_daphne.url, "maria")
    maria = get_user_model().objects.get(username="maria")
    people = get_user_model().objects
    bob, carol, dave = (people.create_user(name) for name in ("bob", "carol", "dave"))
    first, second = bot_game(maria), bot_game(maria, variant="gray")
    watched = off_the_browser_thread(_people_game, bob, carol)
    left_idle = bot_game(dave)
    Game.objects.filter(pk=left_idle.pk).update(
        turn_started_at=timezone.now() - lobby.ABANDONED_AFTER - timedelta(minutes=5)
    )

    page.set_viewport_size(LAPTOP)
    page.goto(f"{live_daphne.url}/lobby/")

    mine = page.get_by_test_id("my-games")
    for game in (first, second):
        row = mine.locator(f"[data-playing-table='{game.table_id}']")
        expect(row.get_by_role("link", name="Resume")).to_have_attribute("href", f"/tables/{game.table_id}/")
        expect(row).to_contain_text(f"Table {game.table_id}")
        expect(row).to_contain_text("round 1")
    texts = mine.locator("[data-playing-table]").all_inner_texts()
    assert len(texts) == 2
    assert texts[0] != texts[1]
    expect(mine.get_by_role("link", name="Watch")).to_have_count(0)

    watch = page.get_by_test_id("watch-games")
    expect(watch.locator("[data-playing-table]")).to_have_count(1)
    row = watch.locator(f"[data-playing-table='{watched.table_id}']")
    expect(row.get_by_role("link", name="Watch")).to_be_visible()
    expect(row).to_contain_text("bob")
    expect(row).to_contain_text("carol")
    expect(page.locator(f"[data-playing-table='{left_idle.table_id}']")).to_have_count(0)

    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, path="test-artifacts/lobby-games-phone.png", full_page=True)


@pytest.mark.parametrize(
    ("clock", "field", "value", "message"),
    [
        ("realtime", "clock_minutes", "-5", "Minutes per player must be a whole number from 1 to 180."),
        ("realtime", "clock_minutes", "0", "Minutes per player must be a whole number from 1 to 180."),
        ("realtime", "clock_increment", "-1", "Seconds added per move must be a whole number from 0 to 600."),
        ("realtime", "clock_increment", "2.5", "Seconds added per move must be a whole number from 0 to 600."),
        ("realtime", "clock_minutes", "", "Minutes per player: enter a whole number from 1 to 180."),
        ("correspondence", "clock_days", "-2", "Days per move must be a whole number from 1 to 30."),
        ("correspondence", "clock_days", "31", "Days per move must be a whole number from 1 to 30."),
    ],
)
def test_the_form_refuses_bad_clock_numbers_in_its_own_words(page, live_daphne, clock, field, value, message):
    sign_up(page, live_daphne.url, "nora")
    page.goto(f"{live_daphne.url}/lobby/")
    page.check(f"input[name=clock_kind][value='{clock}']")
    page.fill(f"input[name={field}]", value)
    page.click("[data-action=create]")

    error = page.get_by_test_id(f"error-{field}")
    expect(error).to_have_text(message)
    expect(page.locator(f"input[name={field}]")).to_be_focused()
    expect(page.locator(f"input[name={field}]")).to_have_attribute("aria-invalid", "true")
    for api_word in ("base_seconds", "increment_seconds", "days_per_move"):
        assert api_word not in page.locator("#create-table").inner_text()
    assert page.url.endswith("/lobby/")
    assert Table.objects.count() == 0


def test_a_good_clock_still_opens_the_table(page, live_daphne):
    sign_up(page, live_daphne.url, "olga")
    page.goto(f"{live_daphne.url}/lobby/")
    page.check("input[name=clock_kind][value='realtime']")
    page.fill("input[name=clock_minutes]", "-3")
    page.click("[data-action=create]")
    expect(page.get_by_test_id("error-clock_minutes")).to_be_visible()

    page.fill("input[name=clock_minutes]", "3")
    page.fill("input[name=clock_increment]", "0")
    page.click("[data-action=create]")

    page.wait_for_url("**/tables/*/")
    table = Table.objects.get()
    assert (table.clock_kind, table.clock_base_seconds, table.clock_increment_seconds) == ("realtime", 180, 0)
