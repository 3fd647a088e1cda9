"""The board's client-side rules (static/js/azul/rules.js) light up exactly the engine's legal moves.

The module runs in chromium, served straight from static/ through Playwright routing (no server),
and is asked for the legal moves of positions from random engine games, standard and gray wall,
2-4 players, offer and tiling phases. Any difference means the page would offer an illegal move or
hide a legal one.
"""

import json
import random
from pathlib import Path

import pytest

from games.engine import new_game

pytestmark = pytest.mark.requires("browser")

STATIC_DIR = Path(__file__).resolve().parents[2] / "static"
ORIGIN = "http://azul.test"

CLIENT_LEGAL_MOVES = """
async (states) => {
  const rules = await import("/static/js/azul/rules.js");
  return states.map((state) => {
    const board = state.boards[state.current_player];
    if (state.phase === "tiling") {
      const row = rules.pendingTilingRow(board);
      if (row === null) return [];
      return rules.legalColumns(board, row, board.lines[row].color).map((column) => ({ row, column }));
    }
    return rules.tileGroups(state).flatMap(({ source, colour }) =>
      rules.legalTargets(board, colour).map((line) => ({ source, color: colour, line })),
    );
  });
}
"""


def positions():
    """Positions along random games: every variant and player count, tiling phases included."""
    found = []
    for seed in range(12):
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


def test_client_lights_up_exactly_the_engines_legal_moves(page):
    states = positions()
    assert any(state.phase == "tiling" for state in states)
    page.route(f"{ORIGIN}/**", serve_static)
    page.goto(f"{ORIGIN}/")
    public = [state.to_dict(public=True) for state in states]
    client = page.evaluate(CLIENT_LEGAL_MOVES, public)
    for state, data, client_moves in zip(states, public, client, strict=True):
        engine_moves = {move_key(move.to_dict()) for move in state.legal_moves()}
        assert {move_key(move) for move in client_moves} == engine_moves, json.dumps(data)
