"""The engine's account of an Azul Duel move: its scoring events and previews.

A hand-made tiling pins a placement, the special cell filling itself and the penalties; random
games check that events always add up to the score and that previews say what the move does.
"""

import random

from azul.engine import apply_scored, move_previews, new_game
from azul.engine.duel.state import DuelState

from ..scoring_checks import events_add_up
from .support import empty_table, set_sun
from .test_rules import B, special_cell_ready


def test_a_placement_the_special_cell_and_the_penalties_are_told_in_order():
    core = special_cell_ready()
    core.broken[0] = [B]
    core.bag[B] -= 1
    empty_table(core)
    set_sun(core, 0, [B])
    core.plates_taken = [2, 2]
    state = DuelState(core)
    move = {"type": "sun", "factory": 0, "color": "blue", "line": 5, "moon_order": []}
    after, account = apply_scored(state, move)
    assert after == state.apply(move)
    assert account["taken"] == 1
    events = [e for e in account["scoring"] if e["player"] == 0]
    assert events == [
        {"type": "wall", "player": 0, "row": 1, "column": 0, "color": "white", "tiles": 2,
         "chips": 0, "across": 1, "down": 2, "points": 2, "score": 7},
        # D20: the special cell fills itself and scores its grid row number (row 2).
        {"type": "special", "player": 0, "row": 1, "column": 1, "points": 2, "score": 9},
        {"type": "floor", "player": 0, "items": 1, "first_player": False, "points": -1, "score": 8},
    ]
    assert account["before_tiling"]["boards"][0]["lines"][1]["count"] == 2


def random_positions(games=6):
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(2, ruleset="duel", seed=seed)
        while not state.is_over:
            yield state
            state = state.apply(rng.choice(state.legal_moves()))


def test_events_always_add_up_to_the_score_the_rules_gave():
    seen = events_add_up(random_positions())
    assert {"wall", "floor", "objective", "plate_bought", "line_to_floor"} <= seen


def test_every_preview_says_what_its_move_then_does():
    placements = 0
    for state in random_positions(4):
        player = state.current_player
        for move, preview in zip(state.legal_moves(), move_previews(state), strict=True):
            if preview is None:
                assert move.type not in ("sun", "moon", "place_tile")
                continue
            after, account = apply_scored(state, move)
            if move.type == "pay_chips":
                board, line = after.to_dict()["boards"][player], move.to_dict()["line"]
                assert sorted(preview["chips_left"]) == sorted(board["chips"])
                if after.to_dict()["pending"] == {"player": player, "decision": "chips", "line": line}:
                    assert preview["still_missing"] > 0
                continue
            if move.type == "place_tile":
                first, *rest = account["scoring"]
                special = rest[0]["points"] if rest and rest[0]["type"] == "special" else 0
                assert preview["points"] == [first["points"] + special] * 2
                placements += 1
                continue
            assert preview["taken"] == account["taken"]
            if after.round == state.round and after.phase == "drafting":
                broken = [len(s.to_dict()["boards"][player]["broken"]) for s in (state, after)]
                assert broken[1] - broken[0] == preview["to_floor"]
                holder = [s.to_dict()["first_player_tile"] for s in (state, after)]
                assert (holder[0] != holder[1]) == preview["first_player"]
    assert placements > 5
