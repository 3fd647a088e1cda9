"""The engine's account of a classic move: its scoring events and previews (azul.engine).

Hand-made positions pin the exact events (runs across and down, floor penalties, end bonuses);
random games check that the events always add up to the score the rules gave, and that each
preview says what the move then does.
"""

import random

import pytest

from azul.engine import ClassicState, apply_scored, move_previews, new_game

from .builders import board, position, standard_wall
from .scoring_checks import events_add_up


def end_of_round_position():
    """Player 0 takes the centre's last tile; player 0 then tiles two lines, player 1 only a floor."""
    wall = standard_wall([(2, 0), (2, 1), (1, 2), (3, 2)])
    me = board(score=10, lines={0: ("white", 1), 2: ("blue", 3)}, wall=wall, floor=["red", "red"])
    other = board(score=0, floor=["first_player"])
    return ClassicState.from_dict(position(center=["yellow"], boards=[me, other], marker=1))


def test_the_tiling_a_move_triggers_is_told_event_by_event():
    state = end_of_round_position()
    after, account = apply_scored(state, {"source": "center", "color": "yellow", "line": "floor"})
    assert after == state.apply({"source": "center", "color": "yellow", "line": "floor"})
    assert account["taken"] == 1
    assert account["scoring"] == [
        {"type": "wall", "player": 0, "row": 0, "column": 4, "color": "white", "tiles": 1,
         "across": 1, "down": 1, "points": 1, "score": 11},
        {"type": "wall", "player": 0, "row": 2, "column": 2, "color": "blue", "tiles": 3,
         "across": 3, "down": 3, "points": 6, "score": 17},
        {"type": "floor", "player": 0, "items": 3, "penalty": -4, "points": -4, "score": 13},
        # R18: the score never goes below 0, so the -1 costs nothing here.
        {"type": "floor", "player": 1, "items": 1, "penalty": -1, "points": 0, "score": 0},
    ]
    assert after.scores == [13, 0]
    before = account["before_tiling"]
    assert before["round"] == 1
    assert before["boards"][0]["lines"][2] == {"color": "blue", "count": 3}
    assert before["boards"][0]["floor"] == ["red", "red", "yellow"]


def test_a_move_that_tiles_nothing_has_no_events():
    state = new_game(2, seed=3)
    move = state.legal_moves()[0]
    after, account = apply_scored(state, move)
    assert after == state.apply(move)
    assert account == {"taken": 1, "scoring": [], "before_tiling": None}


def test_end_bonuses_are_itemised_after_the_last_tiling():
    # Row 0 completes (white at column 4); column 4 and the colour white are complete with it.
    cells = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 4), (2, 4), (3, 4), (4, 4),
             (1, 0), (2, 1), (3, 2), (4, 3)]
    me = board(score=20, lines={0: ("white", 1)}, wall=standard_wall(cells))
    state = ClassicState.from_dict(position(center=["red"], boards=[me, board()]))
    after, account = apply_scored(state, {"source": "center", "color": "red", "line": "floor"})
    assert after.is_over
    bonuses = [event for event in account["scoring"] if event["type"] == "bonus"]
    assert [(e["player"], e["kind"], e["index"], e["points"]) for e in bonuses] == [
        (0, "row", 0, 2), (0, "column", 4, 7), (0, "color", "white", 10),
    ]
    assert bonuses[-1]["score"] == after.scores[0] == after.result()["scores"][0]


def test_a_gray_wall_line_with_no_column_is_told_moving_to_the_floor():
    wall = [[None] * 5 for _ in range(5)]
    wall[1][0] = "red"  # column 0, row 0's only free cell, holds red already
    for column in range(1, 5):
        wall[0][column] = ["blue", "yellow", "black", "white"][column - 1]
    me = board(lines={0: ("red", 1)}, wall=wall)
    state = ClassicState.from_dict(position(variant="gray", center=["blue"], boards=[me, board()]))
    _, account = apply_scored(state, {"source": "center", "color": "blue", "line": "floor"})
    assert account["scoring"][0] == {"type": "line_to_floor", "player": 0, "row": 0, "color": "red",
                                     "tiles": 1, "points": 0, "score": 0}


def random_positions(games=24):
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(2 + seed % 3, variant="gray" if seed % 2 else "standard", seed=seed)
        while not state.is_over:
            yield state
            moves = state.legal_moves()
            lines = [m for m in moves if getattr(m, "line", None) != "floor"]
            state = state.apply(rng.choice(lines if lines and rng.random() < 0.8 else moves))


def test_events_always_add_up_to_the_score_the_rules_gave():
    assert events_add_up(random_positions()) == {"wall", "floor", "bonus", "line_to_floor"}


def test_every_preview_says_what_its_move_then_does():
    completions = 0
    for state in random_positions(12):
        moves = state.legal_moves()
        previews = move_previews(state)
        assert len(previews) == len(moves)
        player = state.current_player
        for move, preview in zip(moves, previews, strict=True):
            after, account = apply_scored(state, move)
            if move.row is not None:  # a gray-wall column: the points of that placement
                first = next(e for e in account["scoring"] if e["type"] == "wall")
                assert preview["points"] == [first["points"]] * 2
                continue
            assert preview["taken"] == account["taken"]
            marker = move.source == "center" and state.to_dict()["marker"] == "center"
            assert preview["to_line"] + preview["to_floor"] + preview["to_lid"] == preview["taken"] + marker
            assert preview["first_player"] is marker
            if account["before_tiling"] is None:  # the round goes on: the board shows it
                floor = after.to_dict()["boards"][player]["floor"]
                assert len(floor) - len(state.to_dict()["boards"][player]["floor"]) == preview["to_floor"]
            elif preview["completes"] and state.variant == "standard":
                # The move ends the round: the line is tiled at once, for the previewed points.
                tiled = [e for e in account["scoring"]
                         if e["type"] == "wall" and e["player"] == player and e["row"] == move.line]
                assert [tiled[0]["points"]] * 2 == preview["points"]
                completions += 1
    assert completions > 10


def test_a_preview_names_the_floor_penalty_and_the_completion():
    state = end_of_round_position()
    previews = dict(zip((str(m) for m in state.legal_moves()), move_previews(state), strict=True))
    assert previews["take yellow from the center to the floor"] == {
        "taken": 1, "to_line": 0, "to_floor": 1, "to_lid": 0, "penalty": -2,
        "completes": False, "points": None, "first_player": False,
    }
    # Line 1 of a fresh board: 2 blue from factory 0 complete it, 1 point alone on the wall.
    fresh = ClassicState.from_dict(position(factories=[["blue", "blue", "red", "red"]]))
    previews = dict(zip((str(m) for m in fresh.legal_moves()), move_previews(fresh), strict=True))
    assert previews["take blue from factory 0 to line 1"] == {
        "taken": 2, "to_line": 2, "to_floor": 0, "to_lid": 0, "penalty": 0, "completes": True,
        "points": [1, 1], "first_player": False,
    }
    assert previews["take blue from factory 0 to line 0"]["to_floor"] == 1
    assert previews["take blue from factory 0 to line 0"]["penalty"] == -1


@pytest.mark.parametrize("players", [2, 4])
def test_previews_are_empty_once_the_game_is_over(players):
    state = new_game(players, seed=5)
    rng = random.Random(5)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    assert state.legal_moves() == []
    assert move_previews(state) == []
