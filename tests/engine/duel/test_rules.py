"""Rule tests for Azul Duel, one or more per rule of docs/duel-rules.md (D1-D24).
(Over 400 lines: one or more tests per rule, kept in the rulebook's order.)
"""

from collections import Counter

import pytest

from azul.engine import IllegalMove, InvalidState, move_previews, new_game
from azul.engine.duel import rulings
from azul.engine.duel.core import EMPTY, DuelCore, objective_score
from azul.engine.duel.state import DuelState
from azul.engine.duel.tables import (
    ALL_CHIPS,
    BUYING,
    CHIP_OF_NAME,
    DRAFTING,
    LARGE,
    OPENING,
    OVER,
    PLATES,
    SPECIAL,
    TILING,
    WILD,
    rotate,
)

from .support import (
    check_invariants,
    empty_table,
    give_line,
    opened,
    place_plate,
    set_sun,
    tile_totals,
)

B, Y, R, K, T = range(5)  # blue, yellow, red, black, white (T: turquoise on the plates)


def drafting(seed: int = 1) -> DuelCore:
    """Round 1 drafting with empty domes (plates placed by each test), player 0 to act."""
    core = DuelCore.new(seed)
    core.phase = DRAFTING
    core.current = 0
    return core


def end_drafting(core: DuelCore, colour: int = B, line=5) -> DuelState:
    """Clear the table but one tile, owe no plate, and let the current player take it
    (by default to line 5, where one tile changes nothing this round)."""
    empty_table(core)
    set_sun(core, 0, [colour])
    core.plates_taken = [2, 2]
    move = {"type": "sun", "factory": 0, "color": ["blue", "yellow", "red", "black", "white"][colour],
            "line": line, "moon_order": []}
    return DuelState(core).apply(move)


# ----------------------------------------------------------------- components
def test_d1_sixty_five_tiles_thirteen_per_colour_all_in_play():
    core = DuelCore.new(5)
    assert tile_totals(core) == [13] * 5
    assert sum(core.bag) == 65 - 5 - 4 * 4


def test_d3_board_six_lines_nine_slots_four_broken_spaces():
    board = new_game(2, ruleset="duel", seed=1).to_dict()["boards"][0]
    assert [line["count"] for line in board["lines"]] == [0] * 6
    assert len(board["dome"]) == 3
    assert all(len(row) == 3 for row in board["dome"])
    assert len(board["grid"]) == 6
    assert all(len(row) == 6 for row in board["grid"])
    core = drafting()
    core.broken[0] = [B, B, B]
    core.bag[B] -= 3
    core._break(0, R, 3)  # one more space, then the tower
    assert core.broken[0] == [B, B, B, R]
    assert core.tower[R] == 2
    assert core.line_accepts(0, 5, R)
    assert not any(core.line_count)


def test_d2_d9_factory_suns_chips_and_first_player_tile():
    core = DuelCore.new(9)
    assert [sum(core.suns[f]) for f in range(5)] == [4, 4, 4, 4, 5]
    assert core.moons == [[], [], [], []]
    assert core.large_moon == [0] * 5
    # D9: face down under each small moon.
    assert all(core.chips)
    assert not any(core.chip_up)
    assert core.fp == -1  # D9: the first-player tile lies on the large moon
    assert DuelState(core).to_dict()["first_player_tile"] == "large_moon"


def test_d4_plate_table_and_rotation():
    assert len(PLATES) == 18
    assert PLATES[0] == (Y, K, T, SPECIAL)
    assert PLATES[1] == (WILD, B, T, K)
    assert PLATES[17] == (SPECIAL, Y, B, R)
    assert sum(SPECIAL in p for p in PLATES) == 9
    assert sum(WILD in p for p in PLATES) == 9
    # [TL, TR, BL, BR] turned clockwise once: the bottom-left cell becomes the top-left.
    assert rotate((1, 2, 3, 4), 1) == (3, 1, 4, 2)
    assert rotate((1, 2, 3, 4), 4) == (1, 2, 3, 4)


def test_d5_twenty_chips_two_per_colour_and_every_pair_once():
    counts = Counter(ALL_CHIPS)
    assert len(ALL_CHIPS) == 20
    assert all(counts[1 << c] == 2 for c in range(5))
    pairs = [m for m in counts if bin(m).count("1") == 2]
    assert len(pairs) == 10
    assert all(counts[m] == 1 for m in pairs)


def test_d6_d24_three_distinct_tablets_each_on_one_side():
    sides = Counter()
    for seed in range(60):
        objectives = DuelCore.new(seed).objectives
        assert len({t for t, _ in objectives}) == 3
        sides.update(s for _, s in objectives)
    assert sides["A"]
    assert sides["B"]


# ---------------------------------------------------------------------- setup
def test_d7_start_scores_display_and_stack():
    core = DuelCore.new(3)
    assert core.scores == [5, 5]
    assert len(core.display) == 3
    assert len(core.plate_stack) == 15
    assert sorted(core.display + core.plate_stack) == list(range(18))


def test_d8_large_sun_has_two_colours_when_possible():
    for seed in range(300):
        core = DuelCore.new(seed)
        assert sum(1 for c in core.suns[LARGE] if c) >= 2


def test_d8_single_coloured_large_sun_is_kept_when_impossible_and_takes_first_player_tile():
    core = DuelCore.blank(4)
    core.bag = [0, 0, 13, 0, 0]  # only red can be drawn
    core.tower = [0] * 5
    core.plate_stack = list(range(18))
    core.chip_supply = list(ALL_CHIPS)
    core._refill()
    assert core.suns[LARGE] == [0, 0, 5, 0, 0]
    core.phase, core.current = DRAFTING, 0
    after = DuelState(core).apply({"type": "sun", "factory": 4, "color": "red", "line": 4})
    assert after.to_dict()["first_player_tile"] == 0


def test_d10_opening_second_player_first_then_first_player_display_refilled():
    state = new_game(2, ruleset="duel", seed=11)
    assert state.phase == "opening"
    assert state.current_player == 1
    shown = state.to_dict()["plate_display"]
    stack = state.to_dict()["plate_stack"]
    state = state.apply({"type": "opening_plate", "display": 1, "slot": 4, "rotation": 3})
    data = state.to_dict()
    assert data["boards"][1]["dome"][1][1] == {"plate": shown[1], "rotation": 3}
    assert data["plate_display"] == [shown[0], shown[2], stack[0]]
    assert state.current_player == 0
    assert state.phase == "opening"
    state = state.apply({"type": "opening_plate", "display": 0, "slot": 8, "rotation": 0})
    assert state.phase == "drafting"
    assert state.current_player == 0
    # The opening plates are not part of round 1's quota.
    assert [b["plates_taken"] for b in state.to_dict()["boards"]] == [0, 0]
    with pytest.raises(IllegalMove, match="opening is over"):
        state.apply({"type": "opening_plate", "display": 0, "slot": 7, "rotation": 0})


def test_d10_opening_plate_only_during_opening():
    state = new_game(2, ruleset="duel", seed=11)
    with pytest.raises(IllegalMove, match="opening plate"):
        state.apply({"type": "buy_plate"})
    with pytest.raises(IllegalMove, match="player 1's turn"):
        state.apply({"type": "opening_plate", "display": 0, "slot": 0, "rotation": 0}, player=0)


# ------------------------------------------------------------------ plates D11
def test_d11_take_face_up_plate_free_and_display_not_refilled_during_round():
    core = opened(2)
    shown = core.display[:]
    state = DuelState(core).apply({"type": "take_plate", "display": 2, "slot": 5, "rotation": 1})
    after = state.fast()
    assert after.slots[0][5] == (shown[2], 1)
    assert after.scores == [5, 5]
    assert after.display == shown[:2]
    assert after.plates_taken == [1, 0]
    assert after.current == 1
    with pytest.raises(IllegalMove, match="slot 0 already holds a plate"):
        state.apply({"type": "take_plate", "display": 0, "slot": 0, "rotation": 0})


def test_d11_buy_one_by_one_keep_one_return_others_in_chosen_order():
    core = opened(2)
    stack = core.plate_stack[:]
    state = DuelState(core).apply({"type": "buy_plate"})
    assert state.phase == "buying"
    assert state.scores == [4, 5]
    assert state.current_player == 0
    assert state.to_dict()["revealed_plates"] == stack[:1]
    state = state.apply({"type": "buy_plate"}).apply({"type": "buy_plate"})
    assert state.scores == [2, 5]
    with pytest.raises(IllegalMove, match="keep one of the revealed plates"):
        state.apply({"type": "pass"})
    with pytest.raises(IllegalMove, match="only 3 plates are revealed"):
        state.apply({"type": "keep_plate", "revealed": 3, "slot": 3, "rotation": 0})
    state = state.apply({"type": "keep_plate", "revealed": 1, "slot": 3, "rotation": 2})
    assert state.phase == "returning"
    assert state.current_player == 0
    assert state.pending == {"player": 0, "decision": "return_plate"}
    assert state.to_dict()["revealed_plates"] == [stack[0], stack[2]]
    with pytest.raises(IllegalMove, match="which revealed plate goes under the stack next"):
        state.apply({"type": "buy_plate"})
    with pytest.raises(IllegalMove, match="there is no plate 2"):
        state.apply({"type": "return_plate", "revealed": 2})
    state = state.apply({"type": "return_plate", "revealed": 1})  # stack[2] first, then stack[0]
    after = state.fast()
    assert after.slots[0][3] == (stack[1], 2)
    assert after.plate_stack[-2:] == [stack[2], stack[0]]
    assert after.revealed == []
    assert after.phase == DRAFTING
    assert after.current == 1
    assert after.plates_taken == [1, 0]
    with pytest.raises(IllegalMove, match="no revealed plates wait"):
        state.apply({"type": "return_plate", "revealed": 0})


def test_d11_a_single_unkept_plate_goes_under_the_stack_without_a_decision():
    core = opened(2)
    stack = core.plate_stack[:]
    state = DuelState(core).apply({"type": "buy_plate"}).apply({"type": "buy_plate"})
    state = state.apply({"type": "keep_plate", "revealed": 0, "slot": 8, "rotation": 0})
    assert state.phase == "drafting"
    assert state.fast().plate_stack[-1] == stack[0 + 1]


def test_d11_zero_points_cannot_buy():
    core = opened(2)
    core.scores[0] = 0
    state = DuelState(core)
    assert {"type": "buy_plate"} not in [m.to_dict() for m in state.legal_moves()]
    with pytest.raises(IllegalMove, match="0 points and cannot buy"):
        state.apply({"type": "buy_plate"})
    core = opened(2)
    core.scores[0] = 1
    bought = DuelState(core).apply({"type": "buy_plate"})
    with pytest.raises(IllegalMove, match="cannot buy"):
        bought.apply({"type": "buy_plate"})


def test_d11_free_reveal_with_empty_display_and_zero_points():
    assert rulings.FREE_REVEAL_WHEN_BROKE
    core = opened(2)
    core.scores[0] = 0
    core.plate_stack += core.display
    core.display = []
    state = DuelState(core).apply({"type": "buy_plate"})
    assert state.scores == [0, 5]
    assert state.phase == "buying"
    assert [m.type for m in state.legal_moves()] == ["keep_plate"] * 8 * 4


def test_d11_exactly_two_plates_per_round_none_in_round_five():
    core = opened(2)
    core.plates_taken[0] = 2
    with pytest.raises(IllegalMove, match="already taken 2 plates"):
        DuelState(core).apply({"type": "take_plate", "display": 0, "slot": 4, "rotation": 0})
    core.round = 5
    core.plates_taken[0] = 0
    with pytest.raises(IllegalMove, match="round 5"):
        DuelState(core).apply({"type": "buy_plate"})


# ------------------------------------------------------------------- sun D12
def test_d12_small_sun_rest_stacked_on_moon_in_chosen_order():
    core = drafting()
    empty_table(core)
    set_sun(core, 1, [R, B, Y, B])
    set_sun(core, 2, [K])
    state = DuelState(core)
    orders = {tuple(m.to_dict()["moon_order"]) for m in state.legal_moves()
              if m.to_dict().get("factory") == 1 and m.to_dict()["color"] == "blue"}
    assert orders == {("red", "yellow"), ("yellow", "red")}
    with pytest.raises(IllegalMove, match="moon_order must stack exactly"):
        state.apply({"type": "sun", "factory": 1, "color": "blue", "line": 1,
                     "moon_order": ["red", "red"]})
    after = state.apply({"type": "sun", "factory": 1, "color": "blue", "line": 1,
                         "moon_order": ["yellow", "red"]}).fast()
    assert after.moons[1] == [Y, R]
    assert after.suns[1] == [0] * 5
    assert after.line_count[1] == 2
    assert after.line_colour[1] == B


def test_d12_large_sun_rest_to_large_moon_without_first_player_tile():
    core = drafting()
    empty_table(core)
    set_sun(core, LARGE, [R, R, B, K, K])
    after = DuelState(core).apply({"type": "sun", "factory": 4, "color": "red", "line": 2}).fast()
    assert after.large_moon == [1, 0, 0, 2, 0]
    assert after.fp == -1
    with pytest.raises(Exception, match="moon_order: only for a small factory"):
        DuelState(core).apply({"type": "sun", "factory": 4, "color": "red", "line": 2,
                               "moon_order": []})


# ------------------------------------------------------------------ moon D13
def test_d13_moon_takes_top_tiles_and_large_moon_colour_first_taker_gets_tile():
    core = drafting()
    empty_table(core)
    for f, stack in enumerate([[R, R], [B, R], [R]]):
        for c in stack:
            core.bag[c] -= 1
        core.moons[f] = stack
    core.bag[R] -= 2
    core.bag[B] -= 1
    core.large_moon = [1, 0, 2, 0, 0]
    set_sun(core, 3, [K])
    state = DuelState(core).apply({"type": "moon", "color": "red", "line": 5})
    after = state.fast()
    assert after.line_count[5] == 4  # one from each red top (2) + both reds of the large moon
    assert after.moons[:3] == [[R], [B, R], []]
    assert after.fp == 0
    assert after.current == 1
    after = state.apply({"type": "moon", "color": "blue", "line": 0}).fast()
    assert after.fp == 0  # the second taker from the large moon gets nothing more
    with pytest.raises(IllegalMove, match="no moon shows yellow"):
        state.apply({"type": "moon", "color": "yellow", "line": 0})


# ------------------------------------------------------------------ chips D14
def test_d14_chip_revealed_when_sun_and_moon_empty_then_taken_and_kept():
    core = drafting()
    empty_table(core)
    set_sun(core, 0, [B, B])
    set_sun(core, 1, [K])
    state = DuelState(core)
    with pytest.raises(IllegalMove, match="no revealed chip"):
        state.apply({"type": "chip", "factory": 0})
    state = state.apply({"type": "sun", "factory": 0, "color": "blue", "line": 1,
                         "moon_order": []})
    chip = core.chips[0]
    assert state.fast().chip_up[0]
    state = state.apply({"type": "chip", "factory": 0})
    assert state.fast().bonus[1] == [chip]
    assert state.fast().chips[0] == 0


def test_d14_chips_kept_between_rounds():
    core = drafting()
    core.bonus[0] = [CHIP_OF_NAME["red"]]
    after = end_drafting(core)
    assert after.round == 2
    assert after.fast().bonus[0] == [CHIP_OF_NAME["red"]]


# -------------------------------------------------------------- drafting D15
def test_d15_line_accepts_empty_or_same_colour_overflow_broken_then_tower():
    core = drafting()
    empty_table(core)
    give_line(core, 0, 2, R, 2)
    set_sun(core, LARGE, [B, B, B, B, K])
    set_sun(core, 0, [K])
    state = DuelState(core)
    with pytest.raises(IllegalMove, match="already holds red"):
        state.apply({"type": "sun", "factory": 4, "color": "blue", "line": 2})
    after = state.apply({"type": "sun", "factory": 4, "color": "blue", "line": 0}).fast()
    assert after.line_count[0] == 1
    assert after.broken[0] == [B, B, B]
    core.broken[0] = [Y, Y, Y]
    core.bag[Y] -= 3
    after = DuelState(core).apply({"type": "sun", "factory": 4, "color": "blue",
                                   "line": "broken"}).fast()
    assert after.broken[0] == [Y, Y, Y, B]
    assert after.tower[B] == 3
    # No dome check while drafting: any colour may go to any line.
    assert all(core.line_accepts(0, line, colour) for line in (0, 1, 3, 4, 5) for colour in range(5))


def test_d15_full_line_refused():
    core = drafting()
    give_line(core, 0, 1, Y, 2)
    core.suns[0] = [0, 0, 0, 0, 0]
    empty_table(core)
    set_sun(core, 0, [Y])
    with pytest.raises(IllegalMove, match="pattern line 1 is full"):
        DuelState(core).apply({"type": "sun", "factory": 0, "color": "yellow", "line": 1,
                               "moon_order": []})


# ------------------------------------------------------------------ pass D16
def test_d16_pass_only_without_legal_action_then_other_continues_alone():
    core = drafting()
    empty_table(core)
    core.plates_taken = [2, 0]
    state = DuelState(core)
    assert [m.to_dict() for m in state.legal_moves()] == [{"type": "pass"}]
    assert state.pending == {"player": 0, "decision": "pass", "plates_owed": 0}
    with pytest.raises(IllegalMove, match="must pass"):
        state.apply({"type": "take_plate", "display": 0, "slot": 0, "rotation": 0})
    state = state.apply({"type": "pass"})
    assert state.current_player == 1  # continues alone
    with pytest.raises(IllegalMove, match="may not pass"):
        state.apply({"type": "pass"})
    state = state.apply({"type": "take_plate", "display": 0, "slot": 0, "rotation": 0})
    assert state.current_player == 1
    assert state.phase == "drafting"
    state = state.apply({"type": "take_plate", "display": 0, "slot": 1, "rotation": 0})
    assert state.phase == "over" or state.round == 2  # drafting ended, tiling done


def test_d16_drafting_waits_for_plates_and_discards_untaken_chips():
    core = drafting()
    empty_table(core)
    set_sun(core, 0, [B])
    core.plates_taken = [2, 1]
    gone = len(core.chips_gone)
    state = DuelState(core).apply({"type": "sun", "factory": 0, "color": "blue", "line": 0,
                                   "moon_order": []})
    assert state.phase == "drafting"
    assert state.current_player == 1
    assert state.fast().chip_up[0]
    state = state.apply({"type": "take_plate", "display": 0, "slot": 0, "rotation": 0})
    after = state.fast()
    assert after.round == 2
    assert len(after.chips_gone) == gone + 4  # D16 ruling: discarded


# -------------------------------------------------------------- tiling D17-D20
def test_d17_complete_line_rightmost_tile_to_matching_cell_rest_to_tower():
    core = drafting()
    place_plate(core, 0, 4, 3)  # K S / T R at grid rows 2-3, columns 0-1
    give_line(core, 0, 3, R, 4)
    tower = core.tower[R]
    after = end_drafting(core).fast()
    assert after.grid[0][3 * 6 + 1] == R
    assert after.tower[R] == tower + 3
    assert after.line_count[3] == 0
    assert after.scores[0] == 5 + 1


def test_d17_player_chooses_among_several_fitting_cells_wild_included():
    core = drafting()
    place_plate(core, 0, 16, 0)  # R W / B K: row 0 has red and wild
    give_line(core, 0, 0, R, 1)
    state = end_drafting(core)
    assert state.phase == "tiling"
    assert state.current_player == 0
    assert state.pending == {"player": 0, "decision": "cell", "line": 0}
    assert [m.to_dict() for m in state.legal_moves()] == [
        {"type": "place_tile", "line": 0, "column": 0},
        {"type": "place_tile", "line": 0, "column": 1},
    ]
    with pytest.raises(IllegalMove, match="cannot take red"):
        state.apply({"type": "place_tile", "line": 0, "column": 2})
    with pytest.raises(IllegalMove, match="line 0 is the one being tiled"):
        state.apply({"type": "place_tile", "line": 1, "column": 0})
    after = state.apply({"type": "place_tile", "line": 0, "column": 1}).fast()
    assert after.grid[0][1] == R
    assert after.round == 2


def test_d18_pay_chips_tile_by_tile_two_matching_or_three_any_until_complete():
    core = drafting()
    place_plate(core, 0, 4, 3)  # row 3: T R
    give_line(core, 0, 3, R, 2)  # 2 of 4: two tiles missing
    core.bonus[0] = [CHIP_OF_NAME[n] for n in
                     ("blue", "yellow", "red", "red", "white", "red+black")]
    state = end_drafting(core)
    assert state.pending == {"player": 0, "decision": "chips", "line": 3}
    moves = [m.to_dict() for m in state.legal_moves()]
    assert {"type": "pay_chips", "line": 3, "chips": ["red", "red"]} in moves
    assert {"type": "pay_chips", "line": 3, "chips": ["red", "red+black"]} in moves
    assert {"type": "pay_chips", "line": 3, "chips": ["blue", "yellow", "white"]} in moves
    assert {"type": "skip_chips", "line": 3} in moves
    assert len(moves) == 2 + 14 + 1  # 2 matching pairs, 14 distinct triples, skip
    # The previews say what each payment leaves, for the page to draw (it computes no rule).
    previews = dict(zip((str(m.to_dict()) for m in state.legal_moves()), move_previews(state), strict=True))
    assert previews[str({"type": "pay_chips", "line": 3, "chips": ["red", "red"]})] == {
        "chips_left": ["blue", "yellow", "white", "red+black"], "still_missing": 1}
    assert previews[str({"type": "pay_chips", "line": 3, "chips": ["blue", "yellow", "white"]})] == {
        "chips_left": ["red", "red", "red+black"], "still_missing": 1}
    with pytest.raises(IllegalMove, match="only if both show red"):
        state.apply({"type": "pay_chips", "line": 3, "chips": ["red", "blue"]})
    with pytest.raises(IllegalMove, match="holds no black chip"):
        state.apply({"type": "pay_chips", "line": 3, "chips": ["black", "red"]})
    tower = state.fast().tower[R]
    gone = len(state.fast().chips_gone)
    half = state.apply({"type": "pay_chips", "line": 3, "chips": ["white", "yellow", "blue"]})
    assert half.phase == "tiling"
    assert half.to_dict()["boards"][0]["lines"][3]["chips"] == 1
    assert {"type": "skip_chips", "line": 3} not in [m.to_dict() for m in half.legal_moves()]
    with pytest.raises(IllegalMove, match="partly paid with chips and must be completed"):
        half.apply({"type": "skip_chips", "line": 3})
    after = half.apply({"type": "pay_chips", "line": 3, "chips": ["red", "red+black"]}).fast()
    assert after.grid[0][3 * 6 + 1] == R
    assert after.tower[R] == tower + 1  # 2 real tiles
    assert after.bonus[0] == [CHIP_OF_NAME["red"]]
    assert len(after.chips_gone) == gone + 5  # spent chips are gone


def test_d18_two_matching_chips_per_tile_and_skipping_keeps_the_line():
    core = drafting()
    place_plate(core, 0, 4, 3)
    give_line(core, 0, 3, R, 3)
    core.bonus[0] = [CHIP_OF_NAME["red"], CHIP_OF_NAME["red+black"]]
    state = end_drafting(core)
    moves = [m.to_dict() for m in state.legal_moves()]
    assert moves == [{"type": "pay_chips", "line": 3, "chips": ["red", "red+black"]},
                     {"type": "skip_chips", "line": 3}]
    kept = state.apply({"type": "skip_chips", "line": 3}).fast()
    assert kept.line_count[3] == 3
    assert kept.bonus[0] == core.bonus[0]
    assert kept.round == 2


def test_d18_a_payment_must_leave_the_rest_of_the_line_payable():
    core = drafting()
    place_plate(core, 0, 4, 3)
    give_line(core, 0, 3, R, 2)
    core.bonus[0] = [CHIP_OF_NAME["red"]] * 4
    state = end_drafting(core)
    assert [m.to_dict()["chips"] for m in state.legal_moves() if m.type == "pay_chips"] == [
        ["red", "red"]]
    with pytest.raises(IllegalMove, match="the rest of line 3 could not be paid"):
        state.apply({"type": "pay_chips", "line": 3, "chips": ["red", "red", "red"]})
    core.bonus[0] = [CHIP_OF_NAME["red"]] * 3 + [CHIP_OF_NAME["blue"]]
    assert not core.can_complete_with_chips(0, 3)  # 2 + 3 chips would be needed at least


def test_d18_no_chips_for_an_empty_line_or_without_a_fitting_cell():
    core = drafting()
    core.bonus[0] = [CHIP_OF_NAME["red"]] * 2 + [CHIP_OF_NAME["blue"]] * 2
    # An empty line.
    assert core.chip_options(0, 0) == []
    assert not core.can_complete_with_chips(0, 0)
    give_line(core, 0, 1, R, 1)
    after = end_drafting(core).fast()  # no plate: no fitting cell, so no decision
    assert after.round == 2
    assert after.line_count[1] == 1


def test_d19_line_without_fitting_cell_waits_while_its_plate_row_has_room():
    core = drafting()
    place_plate(core, 0, 0, 0)  # Y K / T S in slot 0
    give_line(core, 0, 2, Y, 3)  # complete, but no plate in plate-row 1 yet
    give_line(core, 0, 1, K, 1)  # row 1 (T S) has no black; plate-row 0 has room
    after = end_drafting(core).fast()
    assert after.line_count[2] == 3
    assert after.line_count[1] == 1
    assert after.scores[0] == 5


@pytest.mark.parametrize("count", [1, 2])
def test_d19_line_without_fitting_cell_broken_once_plate_row_full_complete_or_not(count):
    assert rulings.UNPLACEABLE_RULE_FOR_INCOMPLETE_LINES
    core = drafting()
    for slot in (0, 1, 2):
        place_plate(core, 0, slot, slot)  # row 1 reads T S | T K | B W
    core.bag[B] -= 1
    core.grid[0][11] = B  # the wild cell of row 1 is taken
    give_line(core, 0, 1, Y, count)
    tower = core.tower[Y]
    after = end_drafting(core).fast()
    assert after.line_count[1] == 0
    assert after.scores[0] == 5 - (1, 3)[count - 1]
    assert after.tower[Y] == tower + count  # broken tiles go to the tower after scoring


def special_cell_ready():
    """Drafting, player 0's first plate in the top-left slot (Y K / T S at rows 0-1, columns 0-1;
    special at (1, 1)), row 0 tiled and line 2 holding two whites: tiling it places white at
    (1, 0), and the special cell then fills itself."""
    core = drafting()
    place_plate(core, 0, 0, 0)
    for cell, colour in ((0, Y), (1, K)):
        core.bag[colour] -= 1
        core.grid[0][cell] = colour
    give_line(core, 0, 1, T, 2)
    return core


def test_d20_placement_scores_runs_and_special_fills_automatically():
    after = end_drafting(special_cell_ready()).fast()
    assert after.grid[0][6] == T
    assert after.grid[0][7] == SPECIAL
    # White at (1, 0): vertical run 2 -> 2 points; special in grid row 2 -> 2 points.
    assert after.scores[0] == 5 + 2 + 2


# ----------------------------------------------------------------- D21-D23
@pytest.mark.parametrize("broken", [1, 2, 3, 4])
def test_d21_broken_penalties_and_floor_at_zero(broken):
    core = drafting()
    core.scores = [6, 9]
    core.broken[0] = [B] * broken
    core.bag[B] -= broken
    after = end_drafting(core).fast()
    assert after.scores == [max(0, 6 - (1, 3, 6, 10)[broken - 1]), 9]
    assert after.broken == [[], []]


def test_d21_d22_first_player_tile_costs_two_and_its_holder_starts():
    core = drafting()
    core.fp = 1
    after = end_drafting(core).fast()
    assert after.scores == [5, 3]
    assert after.first == 1
    assert after.current == 1


def test_d22_next_round_refill_chips_and_display():
    core = drafting()
    supply = core.chip_supply[:4]
    after = end_drafting(core).fast()
    assert after.round == 2
    assert after.phase == DRAFTING
    assert [sum(s) for s in after.suns] == [4, 4, 4, 4, 5]
    assert after.chips == supply
    assert not any(after.chip_up)
    assert len(after.display) == 3
    assert after.fp == -1
    assert after.plates_taken == [0, 0]
    check_invariants(after)


def test_d23_after_round_five_objectives_scored_and_game_over():
    core = drafting()
    core.round = 5
    core.objectives = [(1, "A"), (2, "B"), (4, "B")]
    place_plate(core, 0, 0, 0)  # its special cell stays empty: -3 from objective 4B
    core.scores = [10, 7]
    core.fp = 0
    state = end_drafting(core, line="broken")
    assert state.is_over
    assert state.phase == "over"
    # player 0: 10 - 1 broken - 2 first-player tile = 7, objectives 0 + 0 - 3 -> 4.
    assert state.scores == [4, 7]
    result = state.result()
    assert result["winners"] == [1]
    assert result["ranks"] == [2, 1]
    assert result["objectives"][0][2] == {"tablet": 4, "side": "B", "points": -3}
    assert state.legal_moves() == []
    with pytest.raises(IllegalMove, match="the game is over"):
        state.apply({"type": "pass"})


def test_d23_tie_won_by_first_player_tile_holder_else_shared():
    tie = drafting()
    tie.phase, tie.round = OVER, 5
    tie.scores, tie.fp = [8, 8], 1
    assert DuelState(tie).result()["winners"] == [1]
    tie.fp = -1
    assert DuelState(tie).result()["winners"] == [0, 1]
    with pytest.raises(IllegalMove, match="not over"):
        DuelState(drafting()).result()


def test_d23_random_game_lasts_five_rounds():
    state = new_game(2, ruleset="duel", seed=21)
    import random

    rng = random.Random(0)
    rounds = set()
    while not state.is_over:
        rounds.add(state.round)
        state = state.apply(rng.choice(state.legal_moves()))
    assert rounds == {1, 2, 3, 4, 5}
    assert state.round == 5
    assert all(s is not None for b in state.to_dict()["boards"] for row in b["dome"] for s in row)


def _grid(cells: dict) -> list[int]:
    grid = [EMPTY] * 36
    for (r, c), colour in cells.items():
        grid[r * 6 + c] = colour
    return grid


def test_d24_objectives():
    full_row = {(0, c): c % 5 for c in range(6)}
    full_col = {(r, 2): r % 5 for r in range(6)}
    diag = {(i, i): i % 5 for i in range(6)}
    layout = [EMPTY] * 36
    assert objective_score(1, "A", _grid(full_row), layout, []) == 3
    assert objective_score(1, "B", _grid(full_row), layout, []) == 4
    assert objective_score(1, "B", _grid({(0, 0): B, (0, 1): B}), layout, []) == 0
    assert objective_score(2, "A", _grid(full_col), layout, []) == 7
    assert objective_score(2, "B", _grid(full_row), layout, []) == 6
    assert objective_score(2, "B", _grid({(2, 2): B, (5, 3): R}), layout, []) == 1
    assert objective_score(3, "A", _grid(diag), layout, []) == 10
    corners = {(r, c): B for r in (0, 1, 4, 5) for c in (0, 1)}
    assert objective_score(3, "B", _grid(corners), layout, []) == 3 + 8
    wild_layout = [EMPTY] * 36
    wild_layout[0] = wild_layout[7] = WILD
    assert objective_score(4, "A", _grid({(0, 0): R}), wild_layout, []) == 0
    assert objective_score(4, "A", _grid({(0, 0): R, (1, 1): B}), wild_layout, []) == 4
    special_layout = [EMPTY] * 36
    special_layout[3] = special_layout[4] = SPECIAL
    assert objective_score(4, "B", _grid({(0, 3): SPECIAL}), special_layout, []) == -3
    assert rulings.OBJECTIVE_VALUES[(3, "B")] == {"per_top_corner_plate": 3,
                                                  "per_bottom_corner_plate": 8}


def test_new_game_duel_entry_point_checks_arguments():
    assert isinstance(new_game(2, ruleset="duel", seed=1), DuelState)
    with pytest.raises(InvalidState, match="players: Azul Duel is for 2 players"):
        new_game(3, ruleset="duel")
    with pytest.raises(InvalidState, match="variant"):
        new_game(2, ruleset="duel", variant="gray")
    with pytest.raises(InvalidState, match="seed"):
        new_game(2, ruleset="duel", seed=-1)
    with pytest.raises(InvalidState, match="unknown ruleset"):
        new_game(2, ruleset="trio")
    assert DuelCore.new(1).phase == OPENING
    assert OVER != BUYING != TILING


def test_d8_d22_short_supply_leaves_factories_partly_filled_and_reveals_their_chips():
    core = DuelCore.blank(4)
    core.bag = [0, 0, 2, 0, 3]
    core.tower = [0] * 5
    core.plate_stack = list(range(18))
    core.chip_supply = list(ALL_CHIPS)
    core._refill()
    assert sum(core.suns[LARGE]) == 5
    assert sum(sum(core.suns[f]) for f in range(4)) == 0
    assert core.chip_up == [True] * 4  # nothing to take: the chips show at once


def test_d8_redraws_are_limited_when_the_bag_holds_one_colour_over_a_mixed_tower():
    core = DuelCore.blank(4)
    core.bag = [0, 0, 13, 0, 0]
    core.tower = [13, 0, 0, 0, 0]
    core.plate_stack = list(range(18))
    core.chip_supply = list(ALL_CHIPS)
    core._refill()
    assert core.suns[LARGE] == [0, 0, 5, 0, 0]  # kept after MAX_LARGE_REDRAWS
    assert rulings.MAX_LARGE_REDRAWS == 100


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ({"type": "keep_plate", "revealed": 0, "slot": 1, "rotation": 0},
         "no plates have been bought"),
        ({"type": "return_plate", "revealed": 0}, "no revealed plates wait"),
        ({"type": "skip_chips", "line": 0}, "the dome tiling has not started"),
        ({"type": "place_tile", "line": 0, "column": 0}, "the dome tiling has not started"),
        ({"type": "opening_plate", "display": 0, "slot": 1, "rotation": 0}, "opening is over"),
        ({"type": "take_plate", "display": 2, "slot": 1, "rotation": 0},
         "the display holds 2 plates"),
        ({"type": "sun", "factory": 0, "color": "red", "line": 0, "moon_order": []},
         "the sun of factory 0 is empty"),
        ({"type": "sun", "factory": 1, "color": "white", "line": 0, "moon_order": []},
         "the sun of factory 1 holds no white"),
        ({"type": "pass"}, "may not pass"),
    ],
)
def test_refusals_during_drafting_give_their_reason(move, reason):
    core = opened(2)
    core.display.pop()
    empty_table(core)
    set_sun(core, 1, [B, B])
    state = DuelState(core)
    before = state.to_dict()
    with pytest.raises(IllegalMove, match=reason):
        state.apply(move)
    assert state.to_dict() == before


def test_refusals_during_tiling_give_their_reason():
    core = drafting()
    place_plate(core, 0, 16, 0)  # R W / B K
    give_line(core, 0, 0, R, 1)
    state = end_drafting(core)
    for move, reason in (({"type": "pass"}, "must choose the cell for line 0"),
                         ({"type": "skip_chips", "line": 0}, "must choose the cell"),
                         ({"type": "buy_plate"}, "must choose the cell")):
        with pytest.raises(IllegalMove, match=reason):
            state.apply(move)
    core = drafting()
    place_plate(core, 0, 4, 3)
    give_line(core, 0, 3, R, 3)
    core.bonus[0] = [CHIP_OF_NAME["red"], CHIP_OF_NAME["red+black"]]
    state = end_drafting(core)
    with pytest.raises(IllegalMove, match="whether to complete line 3 with chips"):
        state.apply({"type": "place_tile", "line": 3, "column": 1})
    with pytest.raises(IllegalMove, match="line 3 is the one being tiled, not line 2"):
        state.apply({"type": "skip_chips", "line": 2})


def test_state_from_dict_picks_the_ruleset():
    from azul.engine import ClassicState, state_from_dict

    duel = new_game(2, ruleset="duel", seed=2)
    assert state_from_dict(duel.to_dict()) == duel
    classic = new_game(2, seed=2)
    assert isinstance(state_from_dict(classic.to_dict()), ClassicState)
