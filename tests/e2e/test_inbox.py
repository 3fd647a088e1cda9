"""The notifications inbox in chromium, played by clicking: alice follows bob and invites him to
her table from its waiting room; bob's header count goes to 1 live (over /ws/me/), he opens the
inbox from the header, reads the invitation in his language, opens it (the table's page, the line
read, the count back to 0); "Mark all as read" clears what is left. Screenshots at two sizes."""

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games import services as game_services
from notifications import inbox
from tests.support.browser import screenshot
from tests.support.threads import off_the_browser_thread

from .play_by_clicking import sign_up

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(180)]

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "inbox"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def user(name):
    return get_user_model().objects.get(username=name)


@pytest.mark.requires("redis")  # the invitation, sent in this process, reaches the page through Redis
def test_an_invitation_reaches_the_inbox_live_and_is_read_by_clicking(live_daphne, contexts):
    base = live_daphne.url
    alice, bob = contexts(LAPTOP), contexts(PHONE)
    sign_up(alice, base, "alice38")
    sign_up(bob, base, "bob38")
    bob.get_by_test_id("language-fr").click()
    expect(bob.locator("html")).to_have_attribute("lang", "fr")
    alice.goto(f"{base}/u/bob38/")
    alice.get_by_test_id("follow").click()
    expect(alice.get_by_test_id("unfollow")).to_be_visible()

    bob.goto(f"{base}/lobby/")
    expect(bob.get_by_test_id("inbox-count")).to_have_text("0")
    bob.wait_for_function("() => document.querySelector('[data-your-turn-badge]') !== null")
    table = off_the_browser_thread(game_services.create_table, user("alice38"), players=3)
    alice.goto(f"{base}/tables/{table.pk}/")
    friend = alice.locator("[data-friend=bob38]")
    expect(friend).to_contain_text("online")
    friend.get_by_role("button", name="Invite bob38").click()
    expect(friend.get_by_test_id("invited")).to_be_visible()

    expect(bob.get_by_test_id("inbox-count")).to_have_text("1")  # live, no reload
    bob.get_by_test_id("nav-notifications").click()
    line = bob.get_by_test_id("inbox-line")
    expect(line).to_have_count(1)
    expect(line).to_contain_text(f"alice38 vous invite à la table {table.pk}.")
    expect(line).to_have_attribute("data-read", "false")
    SHOTS.mkdir(parents=True, exist_ok=True)
    screenshot(bob, path=str(SHOTS / "inbox-fr-phone.png"), full_page=True)
    bob.set_viewport_size(LAPTOP)
    screenshot(bob, path=str(SHOTS / "inbox-fr-laptop.png"), full_page=True)
    line.get_by_test_id("inbox-open").click()
    bob.wait_for_url(f"**/tables/{table.pk}/")
    expect(bob.get_by_test_id("inbox-count")).to_have_text("0")

    off_the_browser_thread(inbox.notify, user("bob38").pk, "league_news",
                           {"event": "fixture_started", "league": "Spring cup", "game": 1})
    expect(bob.get_by_test_id("inbox-count")).to_have_text("1")
    bob.get_by_test_id("nav-notifications").click()
    expect(bob.get_by_test_id("inbox-line").first).to_contain_text("Spring cup")
    bob.get_by_test_id("language-en").click()
    expect(bob.get_by_test_id("inbox-line").first).to_contain_text(
        "Your fixture in Spring cup has started.")
    bob.set_viewport_size(PHONE)
    screenshot(bob, path=str(SHOTS / "inbox-en-phone.png"), full_page=True)
    bob.set_viewport_size(LAPTOP)
    screenshot(bob, path=str(SHOTS / "inbox-en-laptop.png"), full_page=True)
    bob.get_by_test_id("inbox-read-all").click()
    expect(bob.locator("[data-testid=inbox-line][data-read=false]")).to_have_count(0)
    expect(bob.get_by_test_id("inbox-count")).to_have_text("0")
