"""Playing together end to end in a real browser (#15), one story in one game.

Two players open and start a table by clicking, chat live in the players' channel while a
spectator talks in the spectators' channel and sees only it; the first player mutes the second,
whose next line then shows on his own page but not on hers; the game ends by a resignation, a
rematch is offered and accepted, both pages move to the new game and its playing order is
rotated. Each player and the spectator have their own browser context (own cookies, own socket).
"""

import pytest
from playwright.sync_api import expect

from games.models import Game

from .play_by_clicking import GAME, join_and_start, open_table, sign_up
from .test_chat import send, texts
from .test_together import order_of, table_id_of

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(240)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}




def shown(page):
    return page.get_by_test_id("chat-messages").inner_text()


def test_two_players_chat_mute_a_spectator_talks_apart_and_a_rematch_rotates_the_seats(live_daphne, contexts):
    base = live_daphne.url
    ada, ben, cleo = contexts(LAPTOP, 15_000), contexts(PHONE, 15_000), contexts(LAPTOP, 15_000)
    for page, name in ((ada, "ada15"), (ben, "ben15"), (cleo, "cleo15")):
        sign_up(page, base, name)

    # Ada opens a table for two from the lobby, Ben joins it from its page, Ada starts.
    table_id = open_table(ada, base, players=2)
    join_and_start(ada, ben, base, table_id, "ben15")
    for page in (ada, ben):
        expect(page.locator(GAME)).to_be_visible()
    first_game = Game.objects.get(table_id=table_id)
    assert first_game.status == "playing"
    cleo.goto(f"{base}/tables/{table_id}/")
    expect(cleo.locator(GAME)).to_be_visible()
    for page in (ada, ben):
        expect(page.get_by_test_id("chat-channel")).to_contain_text("players")
    expect(cleo.get_by_test_id("chat-channel")).to_contain_text("spectators")

    # Both players talk; each sees the other's line live, without reloading.
    send(ada, "good luck, Ben")
    expect(texts(ben)).to_have_text(["good luck, Ben"])
    send(ben, "you too, Ada")
    expect(texts(ada)).to_have_text(["good luck, Ben", "you too, Ada"])
    expect(texts(ben)).to_have_text(["good luck, Ben", "you too, Ada"])

    # The spectator talks in her own channel: she sees only it, the players never see it.
    expect(texts(cleo)).to_have_count(0)
    send(cleo, "go Ada!")
    expect(texts(cleo)).to_have_text(["go Ada!"])
    send(ada, "thanks for watching?")  # a players' line after hers: the sockets are all live
    expect(texts(ben)).to_have_text(["good luck, Ben", "you too, Ada", "thanks for watching?"])
    expect(texts(cleo)).to_have_text(["go Ada!"])
    for page in (ada, ben):
        assert "go Ada!" not in shown(page)
    assert "good luck" not in shown(cleo)
    assert "you too" not in shown(cleo)

    # Ada mutes Ben from his line: his next one shows on his page, never on hers.
    ada.locator("[data-author=ben15] [data-mute]").first.click()
    expect(ada.get_by_test_id("chat-notice")).to_contain_text("muted")
    expect(texts(ada)).to_have_text(["good luck, Ben", "thanks for watching?"])
    send(ben, "can you hear me?")
    expect(texts(ben)).to_have_text(
        ["good luck, Ben", "you too, Ada", "thanks for watching?", "can you hear me?"])
    send(ada, "quiet now")  # once this reached her page, Ben's earlier line had its chance
    expect(texts(ben)).to_have_text(
        ["good luck, Ben", "you too, Ada", "thanks for watching?", "can you hear me?", "quiet now"])
    expect(texts(ada)).to_have_text(["good luck, Ben", "thanks for watching?", "quiet now"])
    assert "can you hear me?" not in shown(ada)
    expect(texts(cleo)).to_have_text(["go Ada!"])

    # Ben resigns by clicking; every page shows the end screen.
    ben.once("dialog", lambda dialog: dialog.accept())
    ben.get_by_role("button", name="Resign").click()
    for page in (ada, ben, cleo):
        expect(page.locator("[data-endscreen]")).to_be_visible()
    first_game.refresh_from_db()
    assert first_game.status != "playing"

    # Ada offers a rematch, Ben accepts it on his page, both pages move to the new game.
    ada.get_by_test_id("rematch-offer").click()
    expect(ada.get_by_test_id("rematch-cancel")).to_be_visible()
    expect(ben.locator("#rematch-panel")).to_contain_text("ada15 offers a rematch")
    ben.get_by_test_id("rematch-accept").click()
    for page in (ada, ben):
        page.wait_for_url(lambda url: f"/tables/{table_id}/" not in url)
    assert table_id_of(ada) == table_id_of(ben) != table_id
    for page in (ada, ben):
        expect(page.locator(GAME)).to_be_visible()
        expect(page.locator("[data-endscreen]")).to_have_count(0)
    new_game = Game.objects.get(table_id=table_id_of(ada))
    assert new_game.status == "playing"
    assert new_game.pk != first_game.pk

    # The playing order rotated: whoever played first now plays second.
    # (The first game's order was drawn at its start, so compare with it rather than assume it.)
    old_order = order_of(first_game.pk)
    assert sorted(old_order) == [0, 1]
    assert set(old_order.values()) == {"ada15", "ben15"}
    assert order_of(new_game.pk) == {0: old_order[1], 1: old_order[0]}
