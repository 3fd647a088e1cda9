"""Property tests over many random Duel games: invariants DI1-DI5, legal moves accepted,
illegal ones rejected with the state unchanged, JSON round trips continuing identically."""

import copy
import json
import random

import pytest

from azul.engine import IllegalMove, InvalidMove, new_game
from azul.engine.duel.core import DuelCore
from azul.engine.duel.moves import DuelMove
from azul.engine.duel.state import DuelState

from .support import check_invariants, random_game

FAST_GAMES = 1200  # fast path, invariants after every move
PUBLIC_GAMES = 40  # public API, with illegal moves and JSON round trips


def test_di1_di3_di4_random_games_on_the_fast_path():
    """DI1 (tiles, special tiles, plates, chips), DI3 (ends after round 5), DI4 (scores)."""
    moves = 0
    for seed in range(FAST_GAMES):
        core = DuelCore.new(seed)
        rng = random.Random(seed)
        check_invariants(core)
        while not core.is_over:
            legal = core.legal_actions()
            assert legal, "a game never gets stuck"
            assert len(set(legal)) == len(legal), "legal moves are distinct"
            core.apply_action(legal[int(rng.random() * len(legal))])
            check_invariants(core)
            moves += 1
            assert core.move_count < 400
        assert core.round == 5
        assert all(s is not None for slots in core.slots for s in slots), "9 plates each"
    assert moves > FAST_GAMES * 50


def _mutations(move: dict, rng: random.Random) -> list[dict]:
    """Well-formed moves near ``move`` that are often illegal."""
    out = [{"type": "pass"}, {"type": "buy_plate"}, {"type": "chip", "factory": rng.randrange(4)},
           {"type": "moon", "color": rng.choice(["blue", "red", "white"]), "line": rng.randrange(6)},
           {"type": "place_tile", "line": rng.randrange(6), "column": rng.randrange(6)},
           {"type": "skip_chips", "line": rng.randrange(6)},
           {"type": "take_plate", "display": rng.randrange(3), "slot": rng.randrange(9),
            "rotation": 0}]
    for key in ("line", "slot", "display", "factory", "column"):
        if key in move and isinstance(move[key], int) and move["type"] != "sun":
            changed = dict(move)
            changed[key] = (move[key] + 1) % (4 if key == "factory" else 3 if key == "display"
                                              else 6 if key in ("line", "column") else 9)
            out.append(changed)
    if move.get("moon_order"):
        changed = dict(move)
        changed["moon_order"] = move["moon_order"][1:]
        out.append(changed)
    return out


def test_di2_di5_public_api_legal_accepted_illegal_rejected_json_round_trip():
    for seed in range(PUBLIC_GAMES):
        state = new_game(2, ruleset="duel", seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            before = state.to_dict()
            legal = state.legal_moves()
            legal_set = set(legal)
            for wrong in _mutations(rng.choice(legal).to_dict(), rng):
                move = DuelMove.from_dict(wrong)
                if move in legal_set:
                    continue
                with pytest.raises(IllegalMove) as refused:
                    state.apply(wrong)
                assert refused.value.reason
                assert "\n" not in refused.value.reason
                assert state.to_dict() == before  # DI2: unchanged
            other = 1 - state.current_player
            with pytest.raises(IllegalMove, match="turn"):
                state.apply(legal[0], player=other)
            move = rng.choice(legal)
            nxt = state.apply(move.to_dict(), player=state.current_player)
            assert state.to_dict() == before  # apply returns a new state
            # DI5: a state decoded from its JSON continues exactly as the original.
            copy = DuelState.from_dict(json.loads(json.dumps(before)))
            assert copy.to_dict() == before
            assert copy.apply(move).to_dict() == nxt.to_dict()
            state = nxt
        assert state.result()["winners"]


def test_di5_same_seed_same_moves_same_states():
    first = random_game(77)
    second = random_game(77)
    assert DuelState(first).to_dict() == DuelState(second).to_dict()
    assert DuelState(random_game(78)).to_dict() != DuelState(first).to_dict()


def test_public_json_hides_hidden_information_and_decodes_consistently():
    rng = random.Random(5)
    for seed in range(40):
        state = new_game(2, ruleset="duel", seed=seed)
        while not state.is_over:
            public = state.to_dict(public=True)
            assert "seed" not in public
            assert isinstance(public["plate_stack"], int)
            assert isinstance(public["chip_supply"], int)
            for factory in public["factories"][:4]:
                chip = factory["chip"]
                if chip is not None and not chip["face_up"]:
                    assert chip["colors"] is None
            guessed = DuelState.from_dict(public)
            # Everything shown stays as shown; the hidden parts are a consistent guess.
            assert guessed.to_dict(public=True) == public
            assert set(guessed.legal_moves()) == set(state.legal_moves())
            check_invariants(guessed.fast())
            state = state.apply(rng.choice(state.legal_moves()))


def test_move_json_round_trip_for_every_kind():
    seen = set()
    for seed in range(40):
        core = random_game_moves(seed, seen)
        assert core.is_over
    assert seen >= {"opening_plate", "take_plate", "buy_plate", "keep_plate", "sun", "moon",
                    "chip", "pay_chips", "skip_chips", "place_tile", "pass"}


def random_game_moves(seed: int, seen: set) -> DuelCore:
    core = DuelCore.new(seed)
    rng = random.Random(seed)
    while not core.is_over:
        for action in core.legal_actions():
            move = DuelMove.from_action(action)
            assert DuelMove.from_dict(json.loads(json.dumps(move.to_dict()))) == move
            seen.add(move.type)
        legal = core.legal_actions()
        core.apply_action(legal[int(rng.random() * len(legal))])
    return core


def test_malformed_moves_never_change_the_state():
    state = new_game(2, ruleset="duel", seed=3)
    before = state.to_dict()
    for bad in ({}, {"type": "fly"}, {"type": "sun", "factory": 9, "color": "red", "line": 0},
                "move", {"type": "moon", "color": "pink", "line": 0}):
        with pytest.raises(InvalidMove):
            state.apply(bad)
    assert state.to_dict() == before


def _fields(core: DuelCore) -> dict:
    return {name: copy.deepcopy(getattr(core, name)) for name in DuelCore.__slots__}


def test_a_clone_played_on_never_changes_its_parent():
    """A search clones a position for each move it tries, and clones share what no move of a
    round's drafting changes until a move needs its own copy (copy-on-write). No move may
    reach into its parent: a few moves tried on clones of every position, one of them played
    on to the end of its round (wall tiling, chips, plates), leave the parent as it was."""
    for seed in range(60):
        core = DuelCore.new(seed)
        rng = random.Random(seed)
        while not core.is_over:
            before = _fields(core)
            legal = core.legal_actions()
            for k, action in enumerate(rng.sample(legal, min(4, len(legal)))):
                child = core.clone()
                child.apply_action(action)
                if k == 0:  # and on, past the round's tiling, on a clone of the clone
                    played = _fields(child)
                    grandchild = child.clone()
                    start = grandchild.round
                    while not grandchild.is_over and grandchild.round == start:
                        moves = grandchild.legal_actions()
                        grandchild.apply_action(moves[int(rng.random() * len(moves))])
                    assert _fields(child) == played, (seed, core.move_count, action)
                assert _fields(core) == before, (seed, core.move_count, action)
            core.apply_action(legal[int(rng.random() * len(legal))])
