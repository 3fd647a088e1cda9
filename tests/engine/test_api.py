"""The public API of azul.engine as docs/engine.md states it."""

import subprocess
import sys

import pytest

from azul.engine import ClassicMove, ClassicState, IllegalMove, InvalidMove, InvalidState, new_game


def test_engine_is_pure_no_django_and_no_global_random():
    code = ("import sys, random; random.seed(0); before = random.random(); random.seed(0);"
            "import azul.engine as e; s = e.new_game(4, seed=1);"
            "s.apply(s.legal_moves()[0]);"
            "assert 'django' not in sys.modules, 'django imported';"
            "assert random.random() == before, 'global random used'")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_apply_returns_a_new_state_and_leaves_the_old_one_alone():
    state = new_game(2, seed=8)
    before = state.to_dict()
    move = state.legal_moves()[0]
    after = state.apply(move)
    assert after is not state
    assert state.to_dict() == before
    assert after.move_count == 1
    assert state.move_count == 0
    assert state.apply(move.to_dict()) == after


def test_errors_have_stable_codes_and_types():
    assert issubclass(InvalidMove, ValueError)
    assert issubclass(InvalidState, ValueError)
    assert not issubclass(IllegalMove, ValueError)
    assert (InvalidMove.code, InvalidState.code, IllegalMove.code) == (
        "invalid_move", "invalid_state", "illegal_move")
    assert IllegalMove("factory 3 is empty").reason == "factory 3 is empty"


def test_player_argument_checks_the_turn():
    state = new_game(3, seed=8)
    move = state.legal_moves()[0]
    with pytest.raises(IllegalMove, match="it is player 0's turn"):
        state.apply(move, player=2)
    with pytest.raises(InvalidMove, match="player: must be an integer"):
        state.apply(move, player="0")
    assert state.apply(move, player=0).current_player == 1


def test_move_round_trips_and_prints():
    for data in ({"source": 2, "color": "red", "line": 3},
                 {"source": "center", "color": "blue", "line": "floor"},
                 {"row": 1, "column": 4}):
        move = ClassicMove.from_dict(data)
        assert move.to_dict() == data
        assert ClassicMove.from_dict(move.to_dict()) is move
    assert str(ClassicMove.take(2, "red", 3)) == "take red from factory 2 to line 3"
    assert ClassicMove.tile(1, 4).is_tiling


def test_fast_path_is_a_mutable_copy():
    state = new_game(2, seed=4)
    core = state.fast()
    core.apply_action(core.legal_actions()[0])
    assert state.move_count == 0
    assert core.move_count == 1
    assert ClassicState.from_fast(core).move_count == 1
    clone = core.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert core.move_count == 1
