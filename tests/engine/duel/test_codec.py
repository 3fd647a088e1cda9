"""The Duel JSON formats: every refusal of a malformed move or state names its field."""

import copy

import pytest

from azul.engine import InvalidMove, InvalidState, new_game
from azul.engine.duel.moves import DuelMove
from azul.engine.duel.state import DuelState


@pytest.fixture(scope="module")
def drafting_state() -> dict:
    state = new_game(2, ruleset="duel", seed=8)
    state = state.apply({"type": "opening_plate", "display": 0, "slot": 4, "rotation": 0})
    state = state.apply({"type": "opening_plate", "display": 0, "slot": 4, "rotation": 1})
    return state.to_dict()


def test_state_round_trip_and_documented_shape(drafting_state):
    data = drafting_state
    assert data["ruleset"] == "duel"
    assert data["format"] == 1
    assert data["phase"] == "drafting"
    assert data["pending"] == {"player": 0, "decision": "action", "plates_owed": 2}
    board = data["boards"][1]
    assert board["dome"][1][1]["rotation"] == 0
    assert len(board["layout"]) == 6
    assert DuelState.from_dict(data).to_dict() == data
    assert DuelState.from_dict(data) == DuelState.from_dict(copy.deepcopy(data))


def _broken(data: dict, path: str, value) -> dict:
    data = copy.deepcopy(data)
    keys = path.split(".")
    target = data
    for key in keys[:-1]:
        target = target[int(key)] if isinstance(target, list) else target[key]
    last = keys[-1]
    if value is KeyError:
        del target[last]
    elif isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("format", 2, "format: unsupported"),
        ("ruleset", "classic", "ruleset: must be 'duel'"),
        ("players", 3, "players: must be 2..2"),
        ("round", 6, "round: must be 1..5"),
        ("phase", "offer", "phase: must be one of"),
        ("current_player", "0", "current_player: must be an integer"),
        ("first_player_tile", "center", "first_player_tile: must be an integer"),
        ("seed", -3, "seed: must be >= 0"),
        ("move_count", KeyError, "move_count: missing key"),
        ("extra", 1, "extra: unexpected key"),
        ("bag.blue", 12, "bag: 14 blue tiles in the whole game, the rules have 13"),
        ("bag.pink", 1, "bag.pink: unknown colour"),
        ("tower", [], "tower: must be an object"),
        ("factories", [], "factories: Duel has 5 factories"),
        ("factories.0.sun", ["red"] * 5, "factories[0].sun: holds 5 tiles"),
        ("factories.0.moon", ["red"], "factories[0].moon: holds tiles while its sun"),
        ("factories.0.chip.face_up", True, "factories[0].chip.face_up: a chip is face up exactly"),
        ("factories.0.chip.colors", "pink", "factories[0].chip.colors: unknown chip"),
        ("factories.1.chip.colors", None, "chip_supply: a full state shows every face-down"),
        ("factories.4.chip", None, "factories[4].chip: unexpected key"),
        ("plate_display", [0, 0], "plate_display[1]: plate 0 is also in plate_display[0]"),
        ("plate_stack", [], "plate_stack: plate"),
        ("plate_stack", 3, "plate_stack: 3 face-down plates"),
        ("revealed_plates", ["x"], "revealed_plates[0]: must be an integer"),
        ("chip_supply", [], "chip_supply: the chips do not add up"),
        ("chip_supply", 2, "chip_supply: 2 chips"),
        ("chips_gone", ["red"] * 3, "chips_gone: more red chips"),
        ("objectives", [], "objectives: a game uses 3"),
        ("objectives.0.side", "C", "objectives[0].side: must be 'A' or 'B'"),
        ("objectives.0.tablet", 9, "objectives[0].tablet: must be 1..4"),
        ("boards", [], "boards: Duel has 2 boards"),
        ("boards.0.score", -1, "boards[0].score: must be >= 0"),
        ("boards.0.passed", 1, "boards[0].passed: must be true or false"),
        ("boards.0.plates_taken", 3, "boards[0].plates_taken: must be 0..2"),
        ("boards.0.dome.0.0", {"plate": 99, "rotation": 0}, "boards[0].dome[0][0].plate"),
        ("boards.0.dome.0", [None], "boards[0].dome[0]: must have 3 slots"),
        ("boards.0.grid.0.0", "red", "boards[0].grid[0][0]: a tile on a cell without a plate"),
        ("boards.0.grid", [], "boards[0].grid: must have 6 rows"),
        ("boards.0.layout", [], "boards[0].layout: does not match"),
        ("boards.0.lines.2.count", 4, "boards[0].lines[2].count: must be 0..3"),
        ("boards.0.lines.2.color", "red", "boards[0].lines[2].color: must be null"),
        ("boards.0.lines.0", {"color": None}, "boards[0].lines[0].count: missing key"),
        ("boards.0.broken", ["red"] * 5, "boards[0].broken: holds 5 tiles"),
        ("boards.0.chips", ["gold"], "boards[0].chips[0]: unknown chip"),
        ("tiling_line", 6, "tiling_line: must be 0..5"),
        ("pending", {"player": 1}, "pending: does not match"),
        ("tiling_line", 2, "tiling_line: must be 0 outside the tiling phase"),
    ],
)
def test_invalid_state_names_the_field(drafting_state, path, value, message):
    with pytest.raises(InvalidState, match=message.replace("[", r"\[").replace("]", r"\]")):
        DuelState.from_dict(_broken(drafting_state, path, value))


def test_invalid_state_phase_checks(drafting_state):
    for phase, message in (("opening", "opening plates"), ("buying", "buying needs"),
                           ("tiling", "must be empty"), ("over", "must be empty")):
        with pytest.raises(InvalidState, match=message):
            DuelState.from_dict(_without_pending(drafting_state, phase))
    data = _without_pending(drafting_state, "drafting")
    data["boards"][0]["passed"] = True
    with pytest.raises(InvalidState, match="current_player: has passed"):
        DuelState.from_dict(data)
    data = _without_pending(drafting_state, "drafting")
    data["boards"][0]["plates_taken"] = 1
    with pytest.raises(InvalidState, match=r"boards\[0\].dome: holds 1 plates, 2 expected"):
        DuelState.from_dict(data)
    with pytest.raises(InvalidState, match="state: must be an object"):
        DuelState.from_dict([])


def _without_pending(data: dict, phase: str) -> dict:
    data = copy.deepcopy(data)
    data["phase"] = phase
    del data["pending"]
    return data


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ([], "move: must be an object"),
        ({}, "move.type: missing key"),
        ({"type": "jump"}, "move.type: must be one of"),
        ({"type": "pass", "line": 0}, "move.line: unexpected key"),
        ({"type": "take_plate", "display": 0, "slot": 0}, "move.rotation: missing key"),
        ({"type": "take_plate", "display": 3, "slot": 0, "rotation": 0}, "move.display: 3 is out"),
        ({"type": "take_plate", "display": 0, "slot": 9, "rotation": 0}, "move.slot: 9 is out"),
        ({"type": "opening_plate", "display": 0, "slot": 0, "rotation": True},
         "move.rotation: must be an integer"),
        ({"type": "keep_plate", "revealed": 0, "slot": 0, "rotation": 0, "return_order": []},
         "move.return_order: unexpected key"),
        ({"type": "return_plate", "revealed": -1}, "move.revealed: -1 is out"),
        ({"type": "sun", "factory": 0, "color": "red", "line": 0}, "move.moon_order: missing key"),
        ({"type": "sun", "factory": 4, "color": "red", "line": 0, "moon_order": []},
         "move.moon_order: only for a small factory"),
        ({"type": "sun", "factory": 0, "color": "red", "line": "floor", "moon_order": []},
         "move.line: must be 0..5 or 'broken'"),
        ({"type": "sun", "factory": 0, "color": "red", "line": 0, "moon_order": "red"},
         "move.moon_order: must be a list"),
        ({"type": "sun", "factory": 0, "color": "red", "line": 0, "moon_order": ["red"] * 4},
         "move.moon_order: at most 3"),
        ({"type": "sun", "factory": 0, "color": "red", "line": 0, "moon_order": [1]},
         r"move.moon_order\[0\]: must be a colour name"),
        ({"type": "moon", "color": "green", "line": 0}, "move.color: unknown colour"),
        ({"type": "moon", "color": "red", "line": 6}, "move.line: 6 is out"),
        ({"type": "chip", "factory": 4}, "move.factory: 4 is out"),
        ({"type": "pay_chips", "line": 0, "chips": "red"}, "move.chips: must be a list"),
        ({"type": "pay_chips", "line": 0, "chips": ["red"]}, "move.chips: one tile costs 2 or 3"),
        ({"type": "pay_chips", "line": 0, "chips": ["red+blue", "red"]},
         r"move.chips\[0\]: unknown chip"),
        ({"type": "place_tile", "line": 0, "column": 6}, "move.column: 6 is out"),
        ({"type": "skip_chips"}, "move.line: missing key"),
    ],
)
def test_invalid_move_names_the_field(move, message):
    with pytest.raises(InvalidMove, match=message):
        DuelMove.from_dict(move)


def test_move_dict_forms():
    move = DuelMove.from_dict({"type": "pay_chips", "line": 2,
                               "chips": ["red", "blue+red", "blue"]})
    assert move.to_dict()["chips"] == ["blue", "red", "blue+red"]  # canonical order
    assert DuelMove.from_dict({"type": "sun", "factory": 4, "color": "red", "line": "broken"}
                              ).to_dict() == {"type": "sun", "factory": 4, "color": "red",
                                              "line": "broken"}
    assert str(DuelMove.from_dict({"type": "pass"})) == "pass"
    with pytest.raises(InvalidMove, match="move: must be a DuelMove or an object"):
        new_game(2, ruleset="duel", seed=1).apply(3)


def test_fuzzed_states_are_refused_cleanly_or_play_on():
    """One leaf of a real state replaced by a random value: from_dict raises InvalidState or
    gives a state whose moves apply and whose JSON decodes again."""
    import json
    import random

    from azul.engine.errors import IllegalMove

    rng = random.Random(1)
    states = []
    for seed in range(12):
        state = new_game(2, ruleset="duel", seed=seed)
        while not state.is_over:
            if rng.random() < 0.1:
                states.append(state.to_dict(public=rng.random() < 0.3))
            state = state.apply(rng.choice(state.legal_moves()))
        states.append(state.to_dict())
    values = [None, -1, 0, 1, 5, 17, 999, "x", "red", "blue+red", "special", "wild", [], {},
              True, 2.5, ["red"], {"plate": 1, "rotation": 0}]

    def leaves(obj, path=()):
        items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(
            obj, list) else ()
        for key, value in items:
            yield path + (key,)
            yield from leaves(value, path + (key,))

    accepted = 0
    for _ in range(3000):
        data = json.loads(json.dumps(rng.choice(states)))
        path = rng.choice(list(leaves(data)))
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = rng.choice(values)
        try:
            state = DuelState.from_dict(data)
        except InvalidState:
            continue
        accepted += 1
        if state.is_over:
            assert state.result()["winners"]
            continue
        after = state.apply(rng.choice(state.legal_moves()))
        assert DuelState.from_dict(after.to_dict()) == after
        with pytest.raises((IllegalMove, InvalidMove)):
            state.apply({"type": "place_tile", "line": 9, "column": 0})
    assert accepted > 30  # harmless changes (a score, a move count...) still load
