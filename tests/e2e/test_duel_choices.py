"""The Duel board's clicks (static/js/duel/choices.js) reach exactly the legal moves it is given.

The module runs in chromium, served from static/ through Playwright routing (no server). For
positions of random Azul Duel games (opening, drafting, buying, returning, chips and cell
decisions), every path of clicks the board offers (a first click, then its slot and rotation, line
or moon order) is followed; the moves they send must be the engine's legal moves, all of them:
otherwise a legal move would be unreachable, or a click would send something else.
"""

import json
import random

import pytest

from azul.engine import new_game

from .test_classic_choices import ORIGIN, move_key, serve_static

pytestmark = pytest.mark.requires("browser")

CLICKABLE_MOVES = """
async (movesPerPosition) => {
  const c = await import("/static/js/duel/choices.js");
  return movesPerPosition.map((moves) => {
    const sent = [];
    const entries = c.entryChoices(moves);
    const followLines = (selection) => {
      for (const line of c.lineChoices(moves, selection)) sent.push(...c.orderChoices(moves, selection, line));
    };
    for (const [from, indices] of [["display", entries.display], ["revealed", entries.revealed]]) {
      for (const index of indices) {
        const selection = { kind: "plate", from, index };
        for (const [slot, rotations] of c.slotChoices(moves, selection)) {
          for (const rotation of rotations) sent.push(c.plateMove(moves, selection, slot, rotation));
        }
      }
    }
    for (const index of entries.returnable) sent.push({ type: "return_plate", revealed: index });
    for (const key of entries.sun) {
      const [factory, color] = key.split(":");
      followLines({ kind: "sun", factory: Number(factory), color });
    }
    for (const color of entries.moon) followLines({ kind: "moon", color });
    for (const factory of entries.chips) sent.push({ type: "chip", factory });
    for (const key of entries.cells) {
      const [line, column] = key.split(":").map(Number);
      sent.push(c.cellMove(moves, line, column));
    }
    sent.push(...entries.buttons);
    return sent;
  });
}
"""


def positions():
    found = []
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(2, ruleset="duel", seed=seed)
        while not state.is_over:
            if state.phase != "drafting" or state.move_count % 4 == 0:
                found.append(state)
            moves = state.legal_moves()
            # Buy again and take chips more often than chance would, so returns and chip
            # payments come up.
            keen = [m for m in moves if m.type in ("buy_plate", "chip", "pay_chips")]
            state = state.apply(rng.choice(keen if keen and rng.random() < 0.6 else moves))
    return found


def test_the_duel_board_offers_exactly_the_legal_moves(page):
    states = positions()
    decisions = {state.pending["decision"] for state in states}
    expected = {"opening_plate", "action", "keep_or_buy_plate", "return_plate", "chips", "cell"}
    assert expected <= decisions, decisions
    page.route(f"{ORIGIN}/**", serve_static)
    page.goto(f"{ORIGIN}/")
    legal = [[move.to_dict() for move in state.legal_moves()] for state in states]
    clicked = page.evaluate(CLICKABLE_MOVES, legal)
    for state, moves, sent in zip(states, legal, clicked, strict=True):
        keys = [move_key(move) for move in sent]
        assert len(keys) == len(set(keys)), f"a move is offered twice at {state!r}"
        assert set(keys) == {move_key(move) for move in moves}, json.dumps(state.to_dict(public=True))
