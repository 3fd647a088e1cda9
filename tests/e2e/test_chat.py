"""Table chat and friends in a real browser (#15).

Two players chat live during a game (one at laptop size, one at phone size) while a spectator
talks in the other channel and sees only it; a message full of markup and a link shows as plain
text; muting hides the muted player's messages, old and new; the replay shows both channels
with their move numbers, read-only. A followed player invited from the waiting room hears the
invitation live in the lobby and is seated by accepting it.
"""

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games import services as game_services
from social.services import friends
from tests.support.browser import screenshot
from tests.support.threads import off_the_browser_thread
from tests.support.waiting import wait_until

from .play_by_clicking import GAME, sign_up

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(240)]

ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}




def user(name):
    return get_user_model().objects.get(username=name)


def send(page, text):
    page.get_by_test_id("chat-input").fill(text)
    page.get_by_test_id("chat-input").press("Enter")  # the keyboard is enough


def texts(page):
    return page.locator("[data-testid=chat-messages] [data-testid=chat-text]")


def test_players_chat_live_a_spectator_has_their_own_channel_and_muting_hides(live_daphne, contexts):
    base = live_daphne.url
    alice, bob, carol = contexts(LAPTOP), contexts(PHONE), contexts(LAPTOP)
    for page, name in ((alice, "alice15"), (bob, "bob15"), (carol, "carol15")):
        sign_up(page, base, name)
    table = off_the_browser_thread(game_services.create_table, user("alice15"), players=2)
    off_the_browser_thread(game_services.join_table, table.pk, user("bob15"))
    game = off_the_browser_thread(game_services.start_table, table.pk, user("alice15"))
    for page in (alice, bob, carol):
        page.goto(f"{base}/tables/{table.pk}/")
        expect(page.locator(GAME)).to_be_visible()
    expect(alice.get_by_test_id("chat-channel")).to_contain_text("players")
    expect(carol.get_by_test_id("chat-channel")).to_contain_text("spectators")

    send(alice, "good luck!")
    expect(texts(bob)).to_have_text(["good luck!"])
    expect(texts(alice)).to_have_text(["good luck!"])
    send(carol, "go bob")
    expect(texts(carol)).to_have_text(["go bob"])
    markup = "<b>bold</b> <img src=x> see https://example.com"
    send(bob, markup)
    expect(texts(alice)).to_have_text(["good luck!", markup])
    messages = alice.get_by_test_id("chat-messages")
    assert messages.locator("b, img, a").count() == 0  # text only: no markup, no link
    # The spectator's channel never reached the players, nor theirs the spectator.
    expect(texts(carol)).to_have_text(["go bob"])
    assert "go bob" not in bob.get_by_test_id("chat-messages").inner_text()
    assert "go bob" not in messages.inner_text()

    ARTIFACTS_DIR.mkdir(exist_ok=True)
    screenshot(alice, path=str(ARTIFACTS_DIR / "chat-laptop.png"), full_page=True)
    screenshot(bob, path=str(ARTIFACTS_DIR / "chat-phone.png"), full_page=True)

    # Alice mutes Bob from his message: his lines go, and his next one never shows for her.
    alice.locator("[data-author=bob15] [data-mute]").first.click()
    expect(alice.get_by_test_id("chat-notice")).to_contain_text("muted")
    expect(texts(alice)).to_have_text(["good luck!"])
    send(bob, "can you hear me?")
    expect(texts(bob)).to_have_text(["good luck!", markup, "can you hear me?"])
    send(alice, "quiet here")
    expect(texts(bob)).to_have_text(["good luck!", markup, "can you hear me?", "quiet here"])
    expect(texts(alice)).to_have_text(["good luck!", "quiet here"])
    alice.reload()
    expect(texts(alice)).to_have_text(["good luck!", "quiet here"])  # in the history too

    # The replay shows both channels with their move numbers, read-only, still without Bob for Alice.
    off_the_browser_thread(game_services.resign, game.pk, user("bob15"))
    carol.goto(f"{base}/games/{game.pk}/replay")
    expect(texts(carol)).to_have_count(5)
    expect(carol.locator("[data-testid=chat-panel] .chat-ply").first).to_have_text("move 0")
    assert carol.get_by_test_id("chat-input").count() == 0
    alice.goto(f"{base}/games/{game.pk}/replay")
    expect(texts(alice)).to_have_text(["good luck!", "go bob", "quiet here"])
    screenshot(alice, path=str(ARTIFACTS_DIR / "chat-replay-laptop.png"), full_page=True)


def test_an_invited_friend_hears_it_in_the_lobby_and_is_seated(live_daphne, contexts):
    base = live_daphne.url
    alice, bob = contexts(LAPTOP), contexts(PHONE)
    sign_up(alice, base, "alice16")
    sign_up(bob, base, "bob16")
    alice.goto(f"{base}/u/bob16/")
    alice.get_by_test_id("follow").click()
    expect(alice.get_by_test_id("unfollow")).to_be_visible()

    bob.goto(f"{base}/lobby/")
    expect(bob.locator("#lobby-status")).to_have_text("live")
    # The page says "live" once its socket opens; the socket's presence entry is written just
    # after (the endpoint's join hooks): the table page reads it when drawn.
    wait_until(lambda: "bob16" in off_the_browser_thread(friends.online_usernames), timeout=10,
               what="bob16's lobby socket in the online presence")
    table = off_the_browser_thread(game_services.create_table, user("alice16"), players=3)
    alice.goto(f"{base}/tables/{table.pk}/")
    friend = alice.locator("[data-friend=bob16]")
    expect(friend).to_contain_text("online")  # his lobby socket is open
    friend.get_by_role("button", name="Invite bob16").click()
    expect(friend.get_by_test_id("invited")).to_be_visible()

    invitation = bob.locator("[data-testid=invitations] [data-invitation]")
    expect(invitation).to_contain_text("alice16 invites you to table")
    screenshot(bob, path=str(ARTIFACTS_DIR / "invitation-phone.png"), full_page=True)
    invitation.get_by_test_id("accept-invitation").click()
    bob.wait_for_url(f"**/tables/{table.pk}/")
    expect(alice.locator("[data-seat='1'] .seat__name")).to_have_text("bob16")
