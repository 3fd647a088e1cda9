"""Every JSON error path: malformed moves and states name the field; broken states are refused."""

import copy

import pytest

from azul.engine import (
    ClassicMove,
    ClassicState,
    IllegalMove,
    InvalidMove,
    InvalidState,
    new_game,
)
from tests.engine.builders import board, empty_wall, position, standard_wall

TAKE = {"source": 0, "color": "red", "line": 2}


@pytest.mark.parametrize(("data", "message"), [
    ({"source": 0, "color": "purple", "line": 2}, "move.color: unknown colour 'purple'"),
    ({"source": 0, "color": 3, "line": 2}, "move.color: must be a colour name"),
    ({"color": "red", "line": 2}, "move.source: missing key"),
    ({"source": 0, "line": 2}, "move.color: missing key"),
    ({"source": 0, "color": "red"}, "move.line: missing key"),
    ({"source": 0, "color": "red", "line": 2, "player": 1}, "move.player: unexpected key"),
    ({"source": 9, "color": "red", "line": 2}, "move.source: 9 is out of range 0..8"),
    ({"source": -1, "color": "red", "line": 2}, "move.source: -1 is out of range"),
    ({"source": "centre", "color": "red", "line": 2}, "move.source: must be a factory index"),
    ({"source": 1.0, "color": "red", "line": 2}, "move.source: must be an integer"),
    ({"source": True, "color": "red", "line": 2}, "move.source: must be an integer"),
    ({"source": 0, "color": "red", "line": 5}, "move.line: 5 is out of range 0..4"),
    ({"source": 0, "color": "red", "line": "wall"}, "move.line: must be 0..4 or 'floor'"),
    ({"source": 0, "color": "red", "line": None}, "move.line: must be an integer"),
    ({"row": 5, "column": 0}, "move.row: 5 is out of range 0..4"),
    ({"row": 0, "column": "1"}, "move.column: must be an integer"),
    ({"row": 0}, "move.column: missing key"),
    ({"row": 0, "column": 1, "line": 0}, "move.line: unexpected key"),
    ([0, "red", 2], "move: must be an object"),
])
def test_malformed_moves_raise_invalid_move_naming_the_field(data, message):
    with pytest.raises(InvalidMove) as caught:
        ClassicMove.from_dict(data)
    assert message in str(caught.value)
    assert isinstance(caught.value, ValueError)
    assert caught.value.code == "invalid_move"
    state = new_game(2, seed=1)
    before = state.to_dict()
    with pytest.raises(InvalidMove):
        state.apply(data)
    assert state.to_dict() == before


def test_factory_index_beyond_this_games_factories_is_invalid():
    state = new_game(2, seed=1)
    with pytest.raises(InvalidMove, match=r"move.source: 5 is out of range 0..4"):
        state.apply({"source": 5, "color": "red", "line": 0})


def test_apply_refuses_other_types():
    with pytest.raises(InvalidMove, match="move: must be a ClassicMove or an object"):
        new_game(2, seed=1).apply("take red")


@pytest.mark.parametrize(("move", "reason"), [
    ({"source": 1, "color": "red", "line": 0}, "factory 1 is empty"),
    ({"source": 0, "color": "white", "line": 0}, "factory 0 holds no white"),
    ({"source": "center", "color": "red", "line": 0}, "the center holds no red"),
    ({"row": 0, "column": 0}, "no wall tiling is pending"),
])
def test_illegal_moves_give_one_sentence_reasons(move, reason):
    state = ClassicState.from_dict(position(factories=[["red", "blue"]], center=["blue"]))
    before = state.to_dict()
    with pytest.raises(IllegalMove) as caught:
        state.apply(move)
    assert caught.value.reason.startswith(reason)
    assert caught.value.code == "illegal_move"
    assert state.to_dict() == before


def test_empty_center_reason():
    state = ClassicState.from_dict(position(factories=[["red"]]))
    with pytest.raises(IllegalMove, match="the center is empty"):
        state.apply({"source": "center", "color": "red", "line": 0})


def valid():
    return position(factories=[["red", "blue"]], center=["white"],
                    boards=[board(lines={1: ("red", 1)}, wall=standard_wall([(0, 0)]))])


def edited(path, value=None, delete=False):
    data = valid()
    target = data
    for key in path[:-1]:
        target = target[key]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize(("data", "message"), [
    (edited(["factories", 0, 0], "purple"), "factories[0][0]: unknown colour 'purple'"),
    (edited(["center", 0], 7), "center[0]: must be a colour name"),
    (edited(["bag", "pink"], 1), "bag.pink: unknown colour"),
    (edited(["players"], delete=True), "players: missing key"),
    (edited(["boards", 1, "score"], delete=True), "boards[1].score: missing key"),
    (edited(["boards", 0, "lines", 2, "count"], delete=True), "boards[0].lines[2].count: missing key"),
    (edited(["lid", "red"], delete=True), "lid.red: missing key"),
    (edited(["players"], 5), "players: must be 2..4, not 5"),
    (edited(["players"], "2"), "players: must be an integer, not str"),
    (edited(["round"], 0), "round: must be >= 1"),
    (edited(["current_player"], 2), "current_player: must be 0..1, not 2"),
    (edited(["first_player"], -1), "first_player: must be 0..1"),
    (edited(["marker"], 3), "marker: must be 0..1, not 3"),
    (edited(["move_count"], 1.5), "move_count: must be an integer, not float"),
    (edited(["boards", 0, "lines", 2, "count"], 4), "boards[0].lines[2].count: must be 0..3, not 4"),
    (edited(["boards", 0, "lines", 1, "color"], None), "boards[0].lines[1].color: must be a colour name"),
    (edited(["boards", 0, "lines", 0, "color"], "red"), "boards[0].lines[0].color: must be null"),
    (edited(["boards", 0, "score"], -1), "boards[0].score: must be >= 0"),
    (edited(["boards", 0, "wall"], [[None] * 5] * 6), "boards[0].wall: must have 5 rows"),
    (edited(["boards", 0, "floor"], ["pink"]), "boards[0].floor[0]: unknown colour 'pink'"),
    (edited(["boards", 0, "wall", 1, 1], "grey"), "boards[0].wall[1][1]: unknown colour 'grey'"),
    (edited(["boards", 0, "wall", 0], [None] * 4), "boards[0].wall[0]: must have 5 cells"),
    (edited(["boards", 0, "floor"], "red"), "boards[0].floor: must be a list"),
    (edited(["factories"], [[]] * 4), "factories: 2 players need 5 factories, not 4"),
    (edited(["factories", 0], ["red"] * 5), "factories[0]: holds 5 tiles, at most 4"),
    (edited(["boards"], []), "boards: 2 players need 2 boards"),
    (edited(["variant"], "grey"), "variant: must be one of standard, gray"),
    (edited(["phase"], "setup"), "phase: must be one of offer, tiling, over"),
    (edited(["format"], 2), "format: unsupported format 2"),
    (edited(["seed"], "abc"), "seed: must be an integer"),
    (edited(["extra"], 1), "extra: unexpected key"),
    ("not a state", "state: must be an object"),
])
def test_malformed_states_raise_invalid_state_naming_the_field(data, message):
    with pytest.raises(InvalidState) as caught:
        ClassicState.from_dict(data)
    assert message in str(caught.value)
    assert isinstance(caught.value, ValueError)
    assert caught.value.code == "invalid_state"


def rejects(data, message):
    with pytest.raises(InvalidState) as caught:
        ClassicState.from_dict(data)
    assert message in str(caught.value)


def test_tile_counts_other_than_20_per_colour_are_refused():
    data = valid()
    data["bag"]["red"] += 1
    rejects(data, "21 red tiles in the whole game")
    data = valid()
    data["center"].append("black")
    rejects(data, "21 black tiles")


def test_wall_cell_contradicting_r6_is_refused():
    data = valid()
    data["boards"][0]["wall"][0][0] = None
    data["boards"][0]["wall"][0][1] = "blue"
    rejects(data, "boards[0].wall[0][1]: blue cannot be there, the standard wall has yellow")


def test_gray_wall_repeating_a_colour_in_a_row_or_column_is_refused():
    wall = empty_wall()
    wall[0][0] = wall[3][0] = "red"
    rejects(position(variant="gray", factories=[["blue"]], boards=[board(wall=wall)]),
            "boards[0].wall: column 0 holds a colour twice")
    wall = empty_wall()
    wall[2][0] = wall[2][4] = "red"
    rejects(position(variant="gray", factories=[["blue"]], boards=[board(wall=wall)]),
            "boards[0].wall: row 2 holds a colour twice")


def test_colour_on_wall_row_and_its_pattern_line_is_refused():
    data = position(factories=[["red"]], boards=[board(
        wall=standard_wall([(2, 4)]), lines={2: ("red", 1)})])
    assert data["boards"][0]["wall"][2][4] == "red"
    rejects(data, "boards[0].lines[2].color: wall row 2 already holds red")


def test_marker_inconsistent_with_floors_is_refused():
    rejects(position(factories=[["red"]], boards=[board(floor=["first_player"])]),
            "boards[0].floor: holds the first-player marker but marker is center")
    rejects(position(factories=[["red"]], marker=1),
            "boards[1].floor: player 1 holds the marker, so it must be on their floor")
    rejects(position(factories=[["red"]], marker=0,
                     boards=[board(floor=["first_player", "first_player"])]),
            "boards[0].floor[1]: a second first-player marker")
    rejects(position(factories=[["red"]], marker=0, boards=[board(floor=["red"] * 8)]),
            "boards[0].floor: holds 8 items, at most 7")
    # A full floor may leave the marker off (R12).
    ClassicState.from_dict(position(factories=[["red"]], marker=0,
                                 boards=[board(floor=["red"] * 7)]))


def test_phase_must_fit_the_table():
    rejects(position(), "factories: no tiles on the table in the offer phase")
    rejects(position(factories=[["red"]], phase="over"), "tiles left on the table")
    rejects(position(phase="over", boards=[board(floor=["red"])]),
            "boards[0].floor: must be empty once the game is over")
    assert ClassicState.from_dict(position(phase="over", marker=1)).is_over
    rejects(position(phase="tiling", boards=[board(lines={0: ("red", 1)})]),
            "phase: 'tiling' exists only on the gray wall")
    rejects(position(variant="gray", phase="tiling"),
            "boards[0].lines: current player has no complete line")
    wall = empty_wall()
    for r, c in [(1, 0), (2, 1), (3, 2), (4, 3)]:
        wall[r][c] = "red"
    rejects(position(variant="gray", phase="tiling",
                     boards=[board(wall=wall, lines={0: ("red", 1)})]),
            "boards[0].lines[0]: fewer than two legal columns")
    tiling = position(variant="gray", phase="tiling", current=1,
                      boards=[board(lines={0: ("red", 1)}), board(lines={0: ("red", 1)})])
    rejects(tiling, "boards[0]: already tiled this round")
    tiling["boards"][0] = board()
    tiling["bag"]["red"] += 1
    state = ClassicState.from_dict(tiling)
    assert state.phase == "tiling"
    assert len(state.legal_moves()) == 5


def test_from_dict_never_keeps_a_reference_to_the_input():
    data = valid()
    state = ClassicState.from_dict(data)
    snapshot = copy.deepcopy(state.to_dict())
    data["center"].append("red")
    data["boards"][0]["floor"].append("red")
    assert state.to_dict() == snapshot


def test_missing_seed_gets_a_fresh_one():
    data = valid()
    del data["seed"]
    one, two = ClassicState.from_dict(data), ClassicState.from_dict(data)
    assert isinstance(one.seed, int)
    assert one.seed != two.seed
    assert ClassicState.from_dict(valid()).seed == 1


def test_new_game_rejects_bad_arguments():
    with pytest.raises(InvalidState, match="players: must be 2, 3 or 4"):
        new_game(5)
    with pytest.raises(InvalidState, match="variant: must be one of"):
        new_game(2, variant="grey")
    with pytest.raises(InvalidState, match="seed: must be an integer"):
        new_game(2, seed=-3)
    with pytest.raises(InvalidState, match="ruleset: unknown ruleset 'chess'"):
        new_game(2, ruleset="chess")
    assert new_game(2).seed != new_game(2).seed  # fresh seeds from secrets


def test_the_state_dict_has_the_documented_shape():
    data = new_game(2, seed=123456789).to_dict()
    assert list(data) == ["format", "variant", "players", "round", "phase", "current_player",
                          "first_player", "factories", "center", "marker", "bag", "lid",
                          "boards", "seed", "move_count"]
    assert list(data["boards"][0]) == ["score", "lines", "wall", "floor"]
    order = {c: i for i, c in enumerate(["blue", "yellow", "red", "black", "white"])}
    for tiles in data["factories"]:
        assert tiles == sorted(tiles, key=order.get)  # canonical colour order
