"""The classic board lights up exactly the legal moves it is given (payload.legal_moves).

The real board (static/js/classic/board.js) is drawn in chromium, served from static/ through
Playwright routing (no server), for positions of random engine games (standard and gray wall, 2-4
players, offer and tiling phases). Every lit tile group is clicked, then every lit line, floor or
wall column: the moves those clicks make must be the engine's legal moves, all of them. Given only
part of the list, the board lights only that part: it follows the server, not a copy of the rules.
"""

import json
import random
from pathlib import Path

import pytest

from azul.engine import new_game

pytestmark = pytest.mark.requires("browser")

STATIC_DIR = Path(__file__).resolve().parents[2] / "static"
ORIGIN = "http://azul.test"

# For each {state, moves}: draw the board as the player to move, click every lit group and target.
CLICKED_MOVES = """
async (positions) => {
  const { renderGame } = await import("/static/js/classic/board.js");
  const { takeMove, groupCount } = await import("/static/js/classic/choices.js");
  return positions.map(({ state, moves }) => {
    const sent = [];
    let selection = null;
    const root = document.body;
    const draw = () => {
      const me = state.current_player;
      const view = {
        state, moves, seats: [], me, over: false, version: state.move_count, clock: { kind: "none" },
        canOffer: state.phase === "offer", canTile: state.phase === "tiling", selection, log: [],
        presence: [], connection: "open", handlers: {
          pickGroup: (source, colour) => { selection = { source, colour, count: groupCount(state, source, colour) }; },
          pickTarget: (line) => sent.push(takeMove(moves, selection, line)),
          pickColumn: (row, column) => sent.push({ row, column }),
        },
      };
      root.replaceChildren(renderGame(view));
    };
    draw();
    for (const column of root.querySelectorAll("[data-target=column]")) column.click();
    const groups = [...root.querySelectorAll("[data-pick]")].map((el) => [el.dataset.source, el.dataset.colour]);
    for (const [source, colour] of groups) {
      const picked = root.querySelector(`[data-pick][data-source="${source}"][data-colour="${colour}"]`);
      picked.click();
      draw();
      for (const target of root.querySelectorAll("[data-target=line], [data-target=floor]")) target.click();
      selection = null;
      draw();
    }
    return sent;
  });
}
"""


def positions():
    """Positions along random games: every variant and player count, tiling phases included
    (six games: each of the 2 variants x 3 player counts once, about 250 positions)."""
    found = []
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(2 + seed % 3, variant="gray" if seed % 2 else "standard", seed=seed)
        step = 0
        while not state.is_over:
            if state.phase == "tiling" or step % 3 == 0:
                found.append(state)
            moves = state.legal_moves()
            # Prefer pattern lines so walls fill and later rounds (and full rows) are reached.
            lines = [m for m in moves if getattr(m, "line", None) != "floor"]
            state = state.apply(rng.choice(lines or moves))
            step += 1
    return found


def serve_static(route):
    path = route.request.url.removeprefix(ORIGIN)
    if path.startswith("/static/"):
        route.fulfill(path=str(STATIC_DIR / path.removeprefix("/static/")), content_type="text/javascript")
    else:
        route.fulfill(body="<!doctype html><title>rules</title>", content_type="text/html")


def move_key(move):
    return json.dumps(move, sort_keys=True)


def test_the_board_lights_up_exactly_the_legal_moves_it_is_given(page):
    states = positions()
    assert any(state.phase == "tiling" for state in states)
    page.route(f"{ORIGIN}/**", serve_static)
    page.goto(f"{ORIGIN}/")
    given = [
        {"state": state.to_dict(public=True), "moves": [m.to_dict() for m in state.legal_moves()]}
        for state in states
    ]
    clicked = page.evaluate(CLICKED_MOVES, given)
    for position, sent in zip(given, clicked, strict=True):
        assert None not in sent, json.dumps(position["state"])
        assert sorted(map(move_key, sent)) == sorted(map(move_key, position["moves"])), json.dumps(
            position["state"]
        )


def test_the_board_lights_up_only_what_the_server_lists(page):
    """Half of the legal moves given: exactly that half is clickable (no rule of its own)."""
    states = list(positions()[:40])
    page.route(f"{ORIGIN}/**", serve_static)
    page.goto(f"{ORIGIN}/")
    given = []
    for state in states:
        moves = [m.to_dict() for m in state.legal_moves()]
        given.append({"state": state.to_dict(public=True), "moves": moves[::2]})
    clicked = page.evaluate(CLICKED_MOVES, given)
    for position, sent in zip(given, clicked, strict=True):
        assert sorted(map(move_key, sent)) == sorted(map(move_key, position["moves"]))
