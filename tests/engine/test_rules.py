"""One or more tests per rule of docs/rules.md, named by its number.
(Over 400 lines: one or more tests per rule, kept in the rulebook's order.)
"""

import random

import pytest

from azul.engine import COLOURS, ClassicMove, ClassicState, IllegalMove, new_game
from tests.engine.builders import board, empty_wall, game, position, standard_wall, tile_totals


def take(state, source, colour, line, player=None):
    return state.apply({"source": source, "color": colour, "line": line}, player=player)


def test_r1_five_colours_in_canonical_order_and_twenty_tiles_each():
    assert COLOURS == ("blue", "yellow", "red", "black", "white")
    data = new_game(2, seed=1).to_dict()
    assert tile_totals(data) == dict.fromkeys(COLOURS, 20)


def test_r2_marker_is_not_a_tile_and_never_reaches_bag_or_lid():
    state = game(center=["red"], factories=[["blue"]], boards=[board(score=5)])
    state = take(state, "center", "red", "floor")
    assert state.to_dict()["boards"][0]["floor"] == ["first_player", "red"]
    state = take(state, 0, "blue", 0)  # ends the round
    data = state.to_dict()
    assert data["lid"]["red"] == 1
    assert sum(data["lid"].values()) == 1
    assert data["marker"] == "center"


@pytest.mark.parametrize(("players", "factories"), [(2, 5), (3, 7), (4, 9)])
def test_r3_factory_count_and_four_tiles_each(players, factories):
    data = new_game(players, seed=3).to_dict()
    assert len(data["factories"]) == factories
    assert all(len(f) == 4 for f in data["factories"])
    assert sum(data["bag"].values()) == 100 - 4 * factories


def test_r4_board_has_five_lines_a_5x5_wall_and_a_floor_of_seven():
    data = new_game(2, seed=3).to_dict()["boards"][0]
    assert [line["count"] for line in data["lines"]] == [0] * 5
    assert len(data["wall"]) == 5
    assert all(len(row) == 5 for row in data["wall"])
    state = game(factories=[["red"] * 4], boards=[board(floor=["black"] * 5)],
                 center=["blue"])
    after = take(state, 0, "red", "floor").to_dict()
    assert after["boards"][0]["floor"] == ["black"] * 5 + ["red"] * 2
    assert after["lid"]["red"] == 2


def test_r5_r12_floor_of_marker_and_four_tiles_costs_8():
    state = game(center=["red"] * 4, boards=[board(score=10)])
    state = take(state, "center", "red", "floor")
    data = state.to_dict()
    assert data["boards"][1]["score"] == 0
    assert data["boards"][0]["score"] == 2
    assert data["boards"][0]["floor"] == []
    assert data["lid"]["red"] == 4


@pytest.mark.parametrize(("items", "cost"), [(1, 1), (2, 2), (3, 4), (4, 6), (5, 8), (6, 11), (7, 14)])
def test_r5_floor_penalties_by_space(items, cost):
    state = game(factories=[["blue"]], current=1,
                 boards=[board(score=20, floor=["black"] * items)])
    state = take(state, 0, "blue", "floor")
    assert state.to_dict()["boards"][0]["score"] == 20 - cost


def test_r6_standard_wall_colours():
    state = game(factories=[["red"]], current=1,
                 boards=[board(lines={0: ("red", 1), 1: ("blue", 2), 4: ("white", 5)})])
    wall = take(state, 0, "red", "floor").to_dict()["boards"][0]["wall"]
    assert wall[0][2] == "red"  # row 0: blue yellow red black white
    assert wall[1][1] == "blue"  # row 1: white blue yellow red black
    assert wall[4][3] == "white"  # row 4: yellow red black white blue


def test_r7_r8_setup():
    state = new_game(3, seed=11)
    data = state.to_dict()
    assert [b["score"] for b in data["boards"]] == [0, 0, 0]
    assert sum(data["bag"].values()) + sum(len(f) for f in data["factories"]) == 100
    assert data["lid"] == dict.fromkeys(COLOURS, 0)
    assert data["marker"] == "center"
    assert data["center"] == []
    assert data["round"] == 1
    assert data["current_player"] == 0
    assert data["first_player"] == 0
    assert data["phase"] == "offer"
    assert data["move_count"] == 0


def test_r9_drawing_is_seeded_and_ignores_the_global_random():
    random.seed(1)
    first = new_game(4, seed=99).to_dict()
    random.seed(2)
    random.random()
    second = new_game(4, seed=99).to_dict()
    assert first == second
    assert new_game(4, seed=100).to_dict()["factories"] != first["factories"]


def test_r10_turns_go_clockwise_and_only_the_current_player_moves():
    state = game(players=3, factories=[["red"], ["blue"], ["black"]], current=1, first=1)
    with pytest.raises(IllegalMove, match="it is player 1's turn"):
        take(state, 0, "red", 0, player=0)
    state = take(state, 0, "red", 0, player=1)
    assert state.current_player == 2
    state = take(state, 1, "blue", 0, player=2)
    assert state.current_player == 0


def test_r11_taking_from_a_factory_moves_the_rest_to_the_center():
    state = game(factories=[["red", "red", "blue", "white"]], center=["blue"])
    data = take(state, 0, "red", 1).to_dict()
    assert data["factories"][0] == []
    assert sorted(data["center"]) == ["blue", "blue", "white"]
    assert data["boards"][0]["lines"][1] == {"color": "red", "count": 2}


def test_r11_taking_from_the_center_takes_only_that_colour():
    state = game(factories=[["black"]], center=["blue", "blue", "white"])
    data = take(state, "center", "blue", 2).to_dict()
    assert data["center"] == ["white"]
    assert data["boards"][0]["lines"][2] == {"color": "blue", "count": 2}


def test_r12_first_from_center_takes_marker_onto_leftmost_free_space():
    state = game(factories=[["black"]], center=["blue"] * 3, boards=[board(floor=["red"])])
    data = take(state, "center", "blue", 1).to_dict()
    assert data["marker"] == 0
    assert data["boards"][0]["floor"] == ["red", "first_player", "blue"]
    # Later takers from the centre do not get it.
    state = take(game(factories=[["black"]], center=["blue", "white"]), "center", "blue", 0)
    data = take(state, "center", "white", 0).to_dict()
    assert data["boards"][1]["floor"] == []
    assert data["marker"] == 0


def test_r12_full_floor_keeps_the_marker_free_and_its_holder_starts_next_round():
    state = game(factories=[["blue"]], center=["red", "red"],
                 boards=[board(score=20, floor=["black"] * 7)])
    state = take(state, "center", "red", 1)
    data = state.to_dict()
    assert data["marker"] == 0
    assert data["boards"][0]["floor"] == ["black"] * 7
    state = take(state, 0, "blue", "floor")
    data = state.to_dict()
    assert data["boards"][0]["score"] == 20 + 1 - 14  # only 7 items charged
    assert data["first_player"] == 0
    assert data["current_player"] == 0


def test_r13a_line_holding_another_colour_or_full_is_refused():
    state = game(factories=[["red", "red"]],
                 boards=[board(lines={2: ("blue", 1), 0: ("yellow", 1)})])
    with pytest.raises(IllegalMove, match="pattern line 2 already holds blue"):
        take(state, 0, "red", 2)
    with pytest.raises(IllegalMove, match="pattern line 0 is full"):
        take(state, 0, "red", 0)


def test_r13b_standard_line_may_not_take_a_colour_its_wall_row_holds():
    state = game(factories=[["red", "red"]], boards=[board(wall=standard_wall([(3, 0)]))])
    assert state.to_dict()["boards"][0]["wall"][3][0] == "red"
    with pytest.raises(IllegalMove, match="wall row 3 already holds red"):
        take(state, 0, "red", 3)
    assert ClassicMove.take(0, "red", 3) not in state.legal_moves()
    assert ClassicMove.take(0, "red", 2) in state.legal_moves()


def test_r13c_gray_line_may_not_take_a_colour_its_wall_row_holds():
    wall = empty_wall()
    wall[1][4] = "red"
    state = game(variant="gray", factories=[["red", "red"]], boards=[board(wall=wall)])
    with pytest.raises(IllegalMove, match="wall row 1 already holds red"):
        take(state, 0, "red", 1)
    assert ClassicMove.take(0, "red", 1) not in state.legal_moves()


def test_r13d_tiles_that_do_not_fit_fall_to_the_floor_and_floor_is_always_legal():
    state = game(factories=[["red"] * 4], center=["blue"], boards=[board(lines={1: ("red", 1)})])
    data = take(state, 0, "red", 1).to_dict()
    assert data["boards"][0]["lines"][1] == {"color": "red", "count": 2}
    assert data["boards"][0]["floor"] == ["red"] * 3
    blocked = game(factories=[["red"]], boards=[board(
        lines={i: ("blue", i) for i in range(1, 5)} | {0: ("black", 1)})])
    assert [m.to_dict() for m in blocked.legal_moves()] == [
        {"source": 0, "color": "red", "line": "floor"}]


def test_r13e_tiles_beyond_a_full_floor_go_to_the_lid():
    state = game(factories=[["red"] * 3], center=["blue"], boards=[board(floor=["black"] * 6)])
    data = take(state, 0, "red", "floor").to_dict()
    assert data["boards"][0]["floor"] == ["black"] * 6 + ["red"]
    assert data["lid"]["red"] == 2


def test_r14_nobody_takes_from_center_so_the_first_player_starts_again():
    state = game(factories=[["blue"] * 4, ["yellow"] * 4, ["red"] * 4], current=1, first=1)
    state = take(state, 0, "blue", 4)
    state = take(state, 1, "yellow", 3)
    state = take(state, 2, "red", "floor")
    data = state.to_dict()
    assert data["round"] == 2
    assert data["marker"] == "center"
    assert data["first_player"] == 1
    assert data["current_player"] == 1
    assert data["boards"][0]["wall"][3][4] == "yellow"


def test_r15_r17_full_line_goes_to_wall_scoring_3_plus_2_is_5():
    # Row 1 holds (1,0) and (1,1); (0,2) sits above: the new tile at (1,2) joins a
    # horizontal run of 3 and a vertical run of 2.
    wall = standard_wall([(1, 0), (1, 1), (0, 2)])
    state = game(factories=[["black"]], current=1,
                 boards=[board(wall=wall, lines={1: ("yellow", 2), 3: ("red", 2)})])
    data = take(state, 0, "black", 0).to_dict()
    mine = data["boards"][0]
    assert mine["wall"][1][2] == "yellow"
    assert mine["score"] == 5
    assert mine["lines"][1] == {"color": None, "count": 0}
    assert mine["lines"][3] == {"color": "red", "count": 2}  # incomplete lines stay
    assert data["lid"]["yellow"] == 1
    assert data["boards"][1]["score"] == 1  # R17: a lone tile scores 1


@pytest.mark.parametrize(("cells", "target", "points"), [
    ([], (2, 2), 1),
    ([(2, 1)], (2, 2), 2),
    ([(1, 2)], (2, 2), 2),
    ([(2, 0), (2, 1), (2, 3)], (2, 2), 4),
    ([(0, 2), (1, 2), (3, 2), (4, 2), (2, 1), (2, 3)], (2, 2), 8),
    ([(2, 0), (1, 2)], (2, 2), 2),  # (2,0) is not contiguous with (2,2)
])
def test_r17_placement_points(cells, target, points):
    r, c = target
    colour = COLOURS[(c - r) % 5]
    state = game(factories=[["black"]], current=1,
                 boards=[board(wall=standard_wall(cells), lines={r: (colour, r + 1)})])
    data = take(state, 0, "black", "floor").to_dict()
    assert data["boards"][0]["score"] == points


def test_r16_gray_player_chooses_among_several_columns():
    state = game(variant="gray", factories=[["black"]], current=1,
                 boards=[board(lines={2: ("red", 3)})])
    state = take(state, 0, "black", "floor")
    assert state.phase == "tiling"
    assert state.current_player == 0
    assert [m.to_dict() for m in state.legal_moves()] == [
        {"row": 2, "column": c} for c in range(5)]
    with pytest.raises(IllegalMove, match="pattern line 2 is the one to place now"):
        state.apply({"row": 1, "column": 0})
    with pytest.raises(IllegalMove, match="must first choose a wall column"):
        take(state, 0, "black", 0)
    state = state.apply({"row": 2, "column": 3})
    data = state.to_dict()
    assert data["boards"][0]["wall"][2][3] == "red"
    assert data["boards"][0]["score"] == 1
    assert data["phase"] == "offer"
    assert data["round"] == 2
    assert data["move_count"] == 2  # the tiling move counts


def test_r16_gray_column_must_not_hold_the_colour_and_single_choice_is_automatic():
    wall = empty_wall()
    for r, c in [(1, 0), (2, 1), (3, 2), (4, 3)]:
        wall[r][c] = "red"
    state = game(variant="gray", factories=[["black"]], current=1,
                 boards=[board(wall=wall, lines={0: ("red", 1)})])
    data = take(state, 0, "black", "floor").to_dict()
    assert data["phase"] == "offer"
    assert data["boards"][0]["wall"][0][4] == "red"


def test_r16_gray_column_holding_the_colour_is_refused():
    wall = empty_wall()
    wall[0][0] = "red"
    state = game(variant="gray", factories=[["black"]], current=1,
                 boards=[board(wall=wall, lines={2: ("red", 3)})])
    state = take(state, 0, "black", "floor")
    with pytest.raises(IllegalMove, match="wall column 0 already holds red"):
        state.apply({"row": 2, "column": 0})
    assert {"row": 2, "column": 0} not in [m.to_dict() for m in state.legal_moves()]


@pytest.mark.parametrize(("floor", "on_floor", "to_lid", "cost"), [(0, 3, 0, 4), (6, 1, 2, 14)])
def test_r16_gray_line_that_fits_nowhere_goes_to_floor(floor, on_floor, to_lid, cost):
    wall = empty_wall()
    for r, c in [(0, 0), (1, 1), (3, 2), (4, 3)]:
        wall[r][c] = "red"
    wall[2][4] = "blue"  # row 2's free columns 0-3 all hold red already
    state = game(variant="gray", factories=[["black"]], current=1,
                 boards=[board(score=20, wall=wall, lines={2: ("red", 3)},
                               floor=["white"] * floor)])
    data = take(state, 0, "black", "floor").to_dict()
    mine = data["boards"][0]
    assert mine["lines"][2] == {"color": None, "count": 0}
    assert mine["score"] == 20 - cost
    assert data["lid"]["red"] == on_floor + to_lid == 3
    assert data["lid"]["white"] == floor


def test_r16_gray_players_choose_in_seat_order_from_the_first_player():
    boards = [board(lines={0: ("red", 1)}) for _ in range(3)]
    state = game(players=3, variant="gray", factories=[["black"]], current=2, first=1,
                 boards=boards)
    state = take(state, 0, "black", "floor")
    order = []
    while state.phase == "tiling":
        order.append(state.current_player)
        state = state.apply(state.legal_moves()[0])
    assert order == [1, 2, 0]
    # The first choosers' floors were scored before the later ones chose (R18 per player).


def test_r18_score_never_below_zero_clamped_after_placement_and_penalty():
    wall = standard_wall([(0, 0), (0, 1)])  # red at (0,2) then scores 3
    state = game(factories=[["black"]], current=1,
                 boards=[board(score=0, wall=wall, lines={0: ("red", 1)},
                               floor=["white", "white"])])
    data = take(state, 0, "black", "floor").to_dict()
    assert data["boards"][0]["score"] == 1  # 0 + 3 - 2, not max(0, 0 - 2) + 3
    assert data["boards"][1]["score"] == 0  # 0 - 1 floored at 0


def test_r19_floor_to_lid_and_marker_holder_starts_next_round():
    state = game(players=3, factories=[["black"]], center=["white"], current=1, first=0)
    state = take(state, "center", "white", "floor")  # player 1 takes the marker
    state = take(state, 0, "black", 0)
    data = state.to_dict()
    assert data["round"] == 2
    assert data["first_player"] == 1
    assert data["current_player"] == 1
    assert data["marker"] == "center"
    assert data["lid"]["white"] == 1
    assert all(b["floor"] == [] for b in data["boards"])


def test_r20_r22_completed_row_ends_the_game_after_everyone_tiles():
    wall = standard_wall([(0, 0), (0, 1), (0, 2), (0, 3)])
    boards = [board(wall=wall, lines={0: ("white", 1)}), board(lines={1: ("blue", 2)})]
    state = game(factories=[["black"]], current=1, boards=boards)
    state = take(state, 0, "black", "floor")
    data = state.to_dict()
    assert state.is_over
    assert data["phase"] == "over"
    assert data["round"] == 1
    assert data["boards"][1]["wall"][1][1] == "blue"  # player 1 tiled too
    assert data["factories"] == [[]] * 5
    assert state.legal_moves() == []
    with pytest.raises(IllegalMove, match="the game is over"):
        state.apply({"source": 0, "color": "red", "line": 0})


def test_r21_refill_empties_lid_into_bag_then_leaves_factories_short():
    # 4 players: columns 0-3 of every wall hold 16 tiles of each colour; 20 tiles remain.
    cells = [(r, c) for r in range(5) for c in range(4)]
    boards = [board(wall=standard_wall(cells)) for _ in range(4)]
    lid = {"blue": 3, "yellow": 2, "red": 3, "black": 4, "white": 4}
    data = position(players=4, center=["blue"], boards=boards, lid=lid)
    assert data["bag"] == {"blue": 0, "yellow": 2, "red": 1, "black": 0, "white": 0}
    state = take(ClassicState.from_dict(data), "center", "blue", "floor")
    after = state.to_dict()
    assert after["round"] == 2
    assert after["phase"] == "offer"
    assert [len(f) for f in after["factories"]] == [4, 4, 4, 4, 4, 0, 0, 0, 0]
    assert after["bag"] == after["lid"] == dict.fromkeys(COLOURS, 0)
    assert tile_totals(after) == dict.fromkeys(COLOURS, 20)
    assert {m.to_dict()["source"] for m in state.legal_moves()} == {0, 1, 2, 3, 4}


def test_r21_refill_draws_depend_on_seed_round_and_counts_only():
    state = game(factories=[["black"]], seed=42)
    one = take(state, 0, "black", "floor").to_dict()
    again = take(ClassicState.from_dict(state.to_dict()), 0, "black", "floor").to_dict()
    assert one == again
    other = take(game(factories=[["black"]], seed=43), 0, "black", "floor").to_dict()
    assert other["factories"] != one["factories"]


def test_ruling_no_tiles_to_draw_or_no_row_possible_ends_the_game():
    # 4 gray walls (cyclic Latin squares, column 4 empty) and incomplete lines hold all
    # 100 tiles but one: after this round bag and lid are empty and nothing can ever move.
    boards = []
    lines_by_player = [
        {4: ("blue", 4)}, {4: ("yellow", 4), 1: ("white", 1)}, {4: ("red", 4)},
        {4: ("black", 4), 3: ("white", 2)},
    ]
    for k in range(4):
        wall = empty_wall()
        for r in range(5):
            for c in range(4):
                wall[r][c] = COLOURS[(c - r + k) % 5]
        boards.append(board(wall=wall, lines=lines_by_player[k]))
    data = position(players=4, variant="gray", center=["white"], boards=boards, current=3)
    assert data["bag"] == dict.fromkeys(COLOURS, 0)
    state = take(ClassicState.from_dict(data), "center", "white", 3)
    assert state.is_over
    assert state.to_dict()["boards"][3]["lines"][3] == {"color": "white", "count": 3}


def test_ruling_gray_walls_where_no_row_can_ever_be_completed_end_the_game():
    rows = ["R B . Y K", "W K B . R", "B . R W Y", "Y W K R .", ". R W K B"]
    names = {"R": "red", "B": "blue", "Y": "yellow", "K": "black", "W": "white", ".": None}
    wall = [[names[cell] for cell in row.split()] for row in rows]
    boards = [board(wall=[row[:] for row in wall]) for _ in range(2)]
    state = game(variant="gray", factories=[["black"]], boards=boards)
    state = take(state, 0, "black", "floor")
    assert state.is_over
    assert state.result()["complete_rows"] == [0, 0]


def test_ruling_needs_every_player_stuck():
    rows = ["R B . Y K", "W K B . R", "B . R W Y", "Y W K R .", ". R W K B"]
    names = {"R": "red", "B": "blue", "Y": "yellow", "K": "black", "W": "white", ".": None}
    wall = [[names[cell] for cell in row.split()] for row in rows]
    state = game(variant="gray", factories=[["black"]], boards=[board(wall=wall), board()])
    state = take(state, 0, "black", "floor")
    assert not state.is_over
    assert state.round == 2


def test_r23_end_bonuses():
    cells = [(0, c) for c in range(4)] + [(r, 4) for r in range(1, 5)]
    cells += [(1, 0), (2, 1), (3, 2), (4, 3)]  # the other whites
    boards = [board(wall=standard_wall(cells), lines={0: ("white", 1)})]
    state = game(factories=[["black"]], current=1, boards=boards)
    state = take(state, 0, "black", "floor")
    result = state.result()
    assert result["bonuses"][0] == {"rows": 1, "columns": 1, "colors": 1, "points": 19}
    assert result["scores"] == [10 + 19, 0]
    assert result["winners"] == [0]
    assert result["ranks"] == [1, 2]


def over_state(scores, full_rows):
    boards = []
    for score, rows in zip(scores, full_rows, strict=True):
        boards.append(board(score=score, wall=standard_wall(
            [(r, c) for r in range(rows) for c in range(5)])))
    return game(players=len(scores), phase="over", boards=boards)


def test_r24_tie_broken_by_complete_rows():
    result = over_state([12, 12, 7], [2, 1, 1]).result()
    assert result["ranks"] == [1, 2, 3]
    assert result["winners"] == [0]
    assert result["complete_rows"] == [2, 1, 1]


def test_r24_still_tied_players_share_the_victory():
    result = over_state([12, 12, 7, 12], [1, 1, 3, 0]).result()
    assert result["ranks"] == [1, 1, 4, 3]
    assert result["winners"] == [0, 1]
    assert over_state([5, 5], [1, 1]).result()["winners"] == [0, 1]


def test_result_before_the_end_is_refused():
    with pytest.raises(IllegalMove, match="not over"):
        new_game(2, seed=1).result()
