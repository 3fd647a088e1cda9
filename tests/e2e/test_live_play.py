"""Issue 4 in a real browser: two people create, join and play a whole game by clicking.

Three browser contexts share one live daphne: the creator (desktop size), the joiner (phone size)
and an anonymous spectator. Every move is made by clicking what the page lights up, and each move
must reach the other pages over the WebSocket without a reload.
"""

import json
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.support.browser import screenshot
from tests.support.games import near_a_round_end, put_game_at

from .play_by_clicking import (
    GAME,
    is_over,
    join_and_start,
    open_table,
    play_one_move,
    sign_up,
    version_of,
    wait_for_turn_or_end,
)

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(240)]

ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}




@pytest.mark.long  # starts first: tests/conftest.py
def test_two_people_play_a_whole_game_by_clicking(live_daphne, contexts):
    base = live_daphne.url
    alice, bob, watcher = contexts(DESKTOP), contexts(PHONE), contexts(DESKTOP)
    sign_up(alice, base, "alice4")
    # A display name full of markup must show as text everywhere, never as HTML.
    bob_name = "<b>Bob</b> & <i>co</i>"
    sign_up(bob, base, "bob4", display_name=bob_name)

    # Bob waits in the lobby; Alice's new table must appear there without a reload.
    bob.goto(f"{base}/lobby/")
    expect(bob.locator("#lobby-status")).to_have_text("live")
    alice_sockets = []  # the sockets of the document alice's page shows now
    alice.on("websocket", lambda socket: alice_sockets.append(socket))
    alice.on("framenavigated", lambda frame: frame == alice.main_frame and alice_sockets.clear())
    table_id = open_table(alice, base, players=2, clock="realtime", rated=True)
    row = bob.locator(f"[data-table='{table_id}']")
    expect(row).to_be_visible()
    row.locator("[data-action=join]").click()
    bob.wait_for_url(f"**/tables/{table_id}/")

    # Alice's waiting room shows Bob live, then she starts and both pages turn into the board.
    expect(alice.locator("[data-seat='1'] .seat__name")).to_have_text(bob_name)
    assert alice.locator("[data-seat='1'] .seat__name b").count() == 0
    alice.click("[data-action=start]")
    expect(alice.locator(GAME)).to_be_visible()
    expect(bob.locator(GAME)).to_be_visible()

    watcher.goto(f"{base}/tables/{table_id}/")
    expect(watcher.locator(GAME)).to_be_visible()
    expect(watcher.locator(".pboard__name").filter(has_text=bob_name)).to_have_count(1)
    assert watcher.locator(".pboard__name b, .pboard__name i").count() == 0
    expect(watcher.locator(".status")).to_contain_text("spectating")

    rng = random.Random(4)
    players = [alice, bob]
    screenshot_taken = False
    moves = 0
    while (mover := wait_for_turn_or_end(players)) is not None:
        before = version_of(mover)
        play_one_move(mover, rng)
        moves += 1
        # The move reaches every page, the mover's included, by broadcast alone.
        for page in (alice, bob, watcher):
            expect(page.locator(GAME)).not_to_have_attribute("data-version", str(before))
        # The spectator can never move: nothing on its page is clickable.
        assert watcher.locator("[data-pick], [data-target]").count() == 0
        if not screenshot_taken and version_of(alice) >= 12 and not is_over(alice):
            ARTIFACTS_DIR.mkdir(exist_ok=True)
            screenshot(alice, path=str(ARTIFACTS_DIR / "mid-game-board.png"), full_page=True)
            screenshot(bob, path=str(ARTIFACTS_DIR / "mid-game-board-phone.png"), full_page=True)
            screenshot_taken = True

    assert moves >= 20, "a whole game takes more than a handful of moves"
    assert screenshot_taken
    final_version = str(version_of(alice))
    for page in (alice, bob, watcher):
        endscreen = page.locator("[data-endscreen]")
        expect(endscreen).to_be_visible()
        expect(page.locator(GAME)).to_have_attribute("data-version", final_version)
        expect(endscreen.locator("[data-final-for]")).to_have_count(2)
        expect(endscreen.locator("[data-commitment-check]")).to_contain_text("✓ Fair bag")
        expect(endscreen.locator("[data-replay-link]")).to_have_attribute(
            "href", re.compile(r"^/games/\d+/replay$"))
    winner_row = alice.locator("[data-endscreen] tr.is-winner").first
    expect(winner_row).to_be_visible()
    screenshot(alice, path=str(ARTIFACTS_DIR / "end-screen.png"), full_page=True)
    # The page that was the waiting room holds one game socket, from the start to the end screen,
    # and the waiting room's lobby feed is closed.
    still_open = [socket.url for socket in alice_sockets if not socket.is_closed()]
    assert sum("/ws/games/" in url for url in still_open) == 1, still_open
    assert not any("/ws/lobby/" in url for url in still_open), still_open


def every_board_has_a_full_line(state) -> bool:
    """Tiles are being taken, and every player's board has a full pattern line."""
    return state.phase == "offer" and all(
        any(line["count"] == row + 1 for row, line in enumerate(board["lines"]))
        for board in state.to_dict()["boards"])


def test_gray_wall_asks_each_player_for_the_column(live_daphne, contexts):
    base = live_daphne.url
    carol, dave = contexts(PHONE), contexts(PHONE)
    sign_up(carol, base, "carol4")
    sign_up(dave, base, "dave4")
    table_id = open_table(carol, base, players=2, variant="gray")
    join_and_start(carol, dave, base, table_id, "dave4")
    for page in (carol, dave):
        expect(page.locator(".wall--gray").first).to_be_visible()

    # The game is set a turn before the first round's end, each player's board with a full line
    # (so each is asked for a column), then played by clicking until each has been asked; a whole
    # game by clicking is test_two_people_play_a_whole_game_by_clicking's.
    game = Game.objects.get(table_id=table_id)
    put_game_at(game, *near_a_round_end(game, 0, turns=1, ready=every_board_has_a_full_line))
    for page in (carol, dave):
        page.reload()
        expect(page.locator(".wall--gray").first).to_be_visible()
    rng = random.Random(7)
    asked = set()
    while len(asked) < 2 and (mover := wait_for_turn_or_end([carol, dave])) is not None:
        before = version_of(mover)
        columns = mover.locator("[data-target=column]")
        if columns.count():
            if not asked:
                ARTIFACTS_DIR.mkdir(exist_ok=True)
                screenshot(mover, path=str(ARTIFACTS_DIR / "gray-wall-column-choice.png"), full_page=True)
            asked.add("carol" if mover is carol else "dave")
            row = columns.first.get_attribute("data-row")
            # Only cells of the pending row light up, and never an occupied one (R16).
            assert mover.locator(f"[data-target=column]:not([data-row='{row}'])").count() == 0
            assert mover.locator("[data-target=column].tile").count() == 0
        play_one_move(mover, rng)
        for page in (carol, dave):
            expect(page.locator(GAME)).not_to_have_attribute("data-version", str(before))

    assert asked == {"carol", "dave"}, "a gray-wall game asks each player for columns"
    # The columns chosen show on both pages: each player's wall, tile for tile (each page draws
    # its own board first, so the walls are matched by player). Read once both pages show the
    # same move and neither is still playing a round's tiling step by step (its Skip clicked in
    # the page, where it is shown: this test is not about the sequence).
    for page in (carol, dave):
        page.evaluate("() => document.querySelector('[data-skip]')?.click()")
        expect(page.locator("[data-scoring-sequence]")).to_have_count(0, timeout=15_000)
    expect(dave.locator(GAME)).to_have_attribute("data-version", str(version_of(carol)))
    walls = [page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('[data-player]')]
        .filter((board) => board.querySelector('.wall--gray'))
        .map((board) => [board.dataset.player, board.querySelectorAll('.wall--gray .tile').length]))""")
             for page in (carol, dave)]
    assert walls[0] == walls[1], walls
    assert sum(walls[0].values()) > 0, walls


def test_a_refused_move_shows_the_servers_reason_then_the_page_catches_up(live_daphne, contexts):
    base = live_daphne.url
    erin, frank = contexts(DESKTOP), contexts(DESKTOP)
    sign_up(erin, base, "erin4")
    sign_up(frank, base, "frank4")
    table_id = open_table(erin, base, players=2)
    join_and_start(erin, frank, base, table_id, "frank4")
    mover = wait_for_turn_or_end([erin, frank])
    other = frank if mover is erin else erin

    # A second tab of the player to move whose WebSocket holds back states on demand: it keeps
    # showing the old position while the first tab moves, like a slow network would.
    held, hold, sockets = [], {"on": False}, []

    def route(socket):
        sockets.append(socket)
        server = socket.connect_to_server()

        def from_server(message):
            if hold["on"] and json.loads(message).get("type") == "state":
                held.append(message)
            else:
                socket.send(message)

        server.on_message(from_server)

    stale = mover.context.new_page()
    stale.route_web_socket("**/ws/games/**", route)
    stale.goto(f"{base}/tables/{table_id}/")
    expect(stale.locator(GAME)).to_have_attribute("data-my-turn", "true")

    hold["on"] = True
    play_one_move(mover, random.Random(1))
    expect(other.locator(GAME)).to_have_attribute("data-version", "1")
    expect(stale.locator(GAME)).to_have_attribute("data-version", "0")

    play_one_move(stale, random.Random(2))
    error = stale.locator("[data-error]")
    expect(error).to_be_visible()
    assert error.inner_text().strip(), "the server's reason is shown"

    hold["on"] = False
    for message in held:
        sockets[-1].send(message)
    expect(stale.locator(GAME)).to_have_attribute("data-version", "1")
    expect(stale.locator(GAME)).to_have_attribute("data-my-turn", "false")

    # A dropped connection comes back by itself and resyncs.
    sockets[-1].close()
    for _ in range(200):
        if len(sockets) == 2:
            break
        stale.wait_for_timeout(50)
    assert len(sockets) == 2, "the page opened a new WebSocket"
    expect(stale.locator(".status__conn")).to_have_text("live")
    expect(stale.locator(GAME)).to_have_attribute("data-version", "1")

    # Resigning ends a two-player game for everyone: the opponent wins.
    stale.once("dialog", lambda dialog: dialog.accept())
    stale.click("text=Resign")
    for page in (mover, other, stale):
        expect(page.locator("[data-endscreen]")).to_contain_text("resign")
    expect(other.locator("[data-endscreen] tr.is-winner")).to_have_count(1)


def test_four_players_each_see_nine_factories_and_every_move(live_daphne, contexts):
    base = live_daphne.url
    pages = [contexts(PHONE if index % 2 else DESKTOP) for index in range(4)]
    for index, page in enumerate(pages):
        sign_up(page, base, f"four{index}")
    table_id = open_table(pages[0], base, players=4, variant="gray", clock="correspondence")
    for seat, page in enumerate(pages[1:], start=1):
        page.goto(f"{base}/tables/{table_id}/")
        page.click(f"[data-seat='{seat}'] [data-action=join]")
        expect(page.locator(f"[data-seat='{seat}'] .badge--you")).to_be_visible()
    pages[0].click("[data-action=start]")
    for page in pages:
        expect(page.locator("[data-factory]:not([data-factory=center])")).to_have_count(9)
        expect(page.locator(".pboard")).to_have_count(4)
        # Correspondence: the player to move has a running clock measured in days.
        expect(page.locator(".clock.is-running")).to_contain_text("d")

    rng = random.Random(11)
    for _ in range(4):
        mover = wait_for_turn_or_end(pages)
        before = version_of(mover)
        play_one_move(mover, rng)
        for page in pages:
            expect(page.locator(GAME)).to_have_attribute("data-version", str(before + 1))
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    screenshot(pages[1], path=str(ARTIFACTS_DIR / "four-players-phone.png"), full_page=True)
