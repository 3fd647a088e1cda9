"""A state message patches the board in place: what it does not change stays the same DOM node.

The table page draws each state by keyed patching (static/js/shared/patch.js), not by clearing
and rebuilding the board: a node the state does not replace is never detached (no focus lost, no
animation cut, no locator left holding a detached node). A player watches their table while two
moves are played through the API (the opponent's, then their own from another client); the test
marks the board's lasting parts first, records every node removed under the board while the two
state messages arrive, and asserts that none of the marked nodes was removed and each is still
the one its selector finds.
"""

import json
import urllib.request

import pytest
from playwright.sync_api import expect

from accounts.models import User
from accounts.services import api_token_for
from tests.support.games import controller_to_move, fresh, legal_moves, put_game_at, start_game
from tests.support.threads import off_the_browser_thread

from .play_by_clicking import GAME, sign_up

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(180)]

# The parts every state of a round keeps: the frame, the market, the 5 factories and the centre, each
# board with its lines, wall cells and floor, the status line and the log.
LASTING = [
    GAME, ".market", ".market__ring", "[data-factory]", ".centre", "[data-player]",
    "[data-player] .pboard__body", "[data-player] [data-line]", "[data-player] .wall",
    "[data-player] .wall [data-row][data-column]", "[data-player] .floor", "[data-status]",
    ".log__list",
]

MARK = """(selectors) => {
  window.lasting = selectors.map((selector) => [selector, [...document.querySelectorAll(selector)]]);
  window.removed = new Set();
  window.observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.removedNodes) window.removed.add(node);
  });
  window.observer.observe(document.querySelector(".game-host"), { childList: true, subtree: true });
  return window.lasting.map(([selector, nodes]) => [selector, nodes.length]);
}"""

# [selector, index] of each marked node that was removed (or moved) or is no longer the node found.
CHANGED = """() => {
  window.observer.takeRecords().forEach((record) => record.removedNodes.forEach((node) => window.removed.add(node)));
  const changed = [];
  for (const [selector, nodes] of window.lasting) {
    const now = [...document.querySelectorAll(selector)];
    nodes.forEach((node, index) => {
      if (window.removed.has(node) || now[index] !== node) changed.push([selector, index]);
    });
  }
  return changed;
}"""


def play_through_the_api(base_url, game):
    """The player to move plays a move to a pattern line with their API token, as a bot would."""
    game = fresh(game)
    move = next(move for move in legal_moves(game) if move.get("line") != "floor")
    request = urllib.request.Request(
        f"{base_url}/api/v1/games/{game.pk}/moves",
        data=json.dumps({"move": move, "version": game.version}).encode(),
        headers={"Authorization": f"Token {api_token_for(controller_to_move(game))}",
                 "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=20) as answer:
        return json.load(answer)["version"]


def test_two_state_messages_patch_the_board_without_detaching_what_stays(live_daphne, page, make_user):
    sign_up(page, live_daphne.url, "watcher")
    watcher = User.objects.get(username="watcher")
    opponent = make_user("mover")

    def new_game():
        game = start_game(watcher, opponent)
        put_game_at(game, 11, [])
        return game

    game = off_the_browser_thread(new_game)
    page.goto(f"{live_daphne.url}/tables/{game.table_id}/")
    expect(page.locator(f"{GAME}[data-version='0']")).to_be_attached()
    counts = dict(page.evaluate(MARK, LASTING))
    assert counts["[data-factory]"] == 6, counts
    assert counts["[data-player]"] == 2, counts
    assert counts["[data-player] .wall [data-row][data-column]"] == 50, counts

    for expected in (1, 2):
        assert play_through_the_api(live_daphne.url, game) == expected
        expect(page.locator(f"{GAME}[data-version='{expected}']")).to_be_attached()
    expect(page.locator(".log__list li")).to_have_count(2)

    assert page.evaluate(CHANGED) == []
