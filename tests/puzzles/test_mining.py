"""The mining rule (azul.puzzles) on hand-built positions: the known best move is found, ambiguous,
forced and marginal positions are rejected, the deeper search must agree, near-duplicates share a
key, and only the public state counts. Themes are computed from the position."""

import random

from azul.engine import state_from_dict
from azul.puzzles import CHECK_GAP, MINING_GAP, canonical_key, check_puzzle, find_puzzle, rank_moves, themes_of
from azul.puzzles.mining import public_seed
from tests.puzzles import positions


def move_in(state, text):
    return next(move for move in state.legal_moves() if str(move) == text)


def test_the_miner_finds_the_known_best_move():
    state = positions.clear_best()
    found = find_puzzle(state)
    assert found is not None
    assert str(found.solution) == "take black from factory 0 to line 4"
    assert found.gap >= MINING_GAP
    assert found.check_gap >= CHECK_GAP
    assert found.value - found.alternative_value >= CHECK_GAP


def test_two_equal_best_moves_are_no_puzzle():
    state = positions.twin_factories()
    ranked = rank_moves(state, rng=random.Random(public_seed(state, "mine")), nodes=2000)
    assert ranked.gap == 0  # the same take from either factory
    assert find_puzzle(state) is None


def test_a_forced_move_is_no_puzzle():
    state = positions.one_move_left()
    assert len(state.legal_moves()) == 1
    assert find_puzzle(state) is None


def test_a_gap_below_the_margin_is_no_puzzle():
    found = find_puzzle(positions.clear_best())
    assert find_puzzle(positions.clear_best(), gap=found.gap + 0.01) is None
    assert find_puzzle(positions.clear_best(), check_gap=found.check_gap + 0.01) is None


def test_the_deeper_search_must_name_the_same_move():
    state = positions.clear_best()
    wrong = move_in(state, "take red from factory 1 to the floor")
    assert check_puzzle(state, wrong) is None
    assert check_puzzle(state, move_in(state, "take black from factory 0 to line 4")) is not None


def test_near_duplicates_share_a_key():
    state = positions.clear_best()
    public = state.to_dict(public=True)
    moved = {**public, "factories": [public["factories"][1], public["factories"][0], *public["factories"][2:]],
             "boards": [{**board, "score": board["score"] + 7} for board in public["boards"]], "round": 3}
    assert canonical_key(state_from_dict(moved)) == canonical_key(state)
    assert canonical_key(positions.twin_factories()) != canonical_key(state)


def test_only_the_public_state_is_searched():
    """A state with a seed (the bag's order) and its public form get the same verdict."""
    state = positions.clear_best()
    public = state_from_dict(state.to_dict(public=True))
    assert find_puzzle(state) == find_puzzle(public)


def test_themes_are_computed_from_the_position():
    state = positions.column_and_colour()
    solution = move_in(state, "take black from factory 0 to line 4")
    alternative = move_in(state, "take red from factory 0 to the floor")
    assert themes_of(state, solution, alternative) == ["avoid_floor", "complete_column", "complete_colour",
                                                       "last_round"]
    # The same take to the floor completes nothing.
    floored = move_in(state, "take black from factory 0 to the floor")
    assert "complete_column" not in themes_of(state, floored, solution)

    state = positions.marker_to_take()
    solution = move_in(state, "take blue from the center to line 2")
    assert "take_marker" in themes_of(state, solution, move_in(state, "take white from factory 0 to line 3"))
    assert "leave_marker" in themes_of(state, move_in(state, "take white from factory 0 to line 3"), solution)

    state = positions.clear_best()
    found = find_puzzle(state)
    assert themes_of(state, found.solution, found.alternative) == ["avoid_floor"]
