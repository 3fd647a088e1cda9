"""The judge (azul.bots.analysis) on the engine alone: obvious grades, hidden information, bounds."""

import copy
import random

import pytest

from azul import bots
from azul.bots.analysis import GRADES, grade_of, judge_move
from azul.engine import ClassicMove, ClassicState, DuelState, new_game
from tests.engine.builders import board, position, standard_wall

SMALL = 3_000  # positions per decision: enough for these positions, quick in tests


def row_completing_position(seed=1):
    """Player 0's bottom row misses only its blue cell; the centre holds five blue tiles.

    Taking them to line 5 completes the row (placement, +2 row bonus); dumping them on the
    floor costs every floor space there is."""
    wall = standard_wall([(4, c) for c in range(4)])
    return position(
        boards=[board(score=20, wall=wall), board(score=20)],
        factories=[["red", "red", "yellow", "black"], ["white", "white", "yellow", "black"]],
        center=["blue"] * 5, seed=seed,
    )


def test_completing_a_row_is_good_and_dumping_the_tiles_on_the_floor_is_a_blunder():
    state = ClassicState.from_dict(row_completing_position())
    complete = ClassicMove.take("center", "blue", 4)
    dump = ClassicMove.take("center", "blue", "floor")
    good = judge_move(state, complete, rng=random.Random(7), nodes=SMALL)
    bad = judge_move(state, dump, rng=random.Random(7), nodes=SMALL)
    assert good.grade == "good"
    assert good.loss == 0
    assert good.best == complete
    assert bad.grade == "blunder", bad
    assert bad.loss >= 8, bad
    assert bad.best == complete
    assert bad.best_margin == good.best_margin
    assert bad.played_margin < bad.best_margin - 8


def test_the_grades_follow_the_documented_thresholds():
    assert [grade_of(x) for x in (0, 1.49, 1.5, 3.99, 4, 7.99, 8, 30)] == [
        "good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    assert dict(GRADES) == {"blunder": 8.0, "mistake": 4.0, "inaccuracy": 1.5, "good": 0.0}


def played_positions(state, count, seed):
    """(state, move played) along a game the greedy bot plays."""
    rng = random.Random(seed)
    out = []
    while not state.is_over and len(out) < count:
        move = bots.choose_move(state, "greedy", rng=rng)
        out.append((state, move))
        state = state.apply(move)
    return out


def test_a_different_seed_with_the_same_public_view_gives_the_same_grades_classic():
    for state, move in played_positions(new_game(2, seed=11), 12, seed=3)[::3]:
        other = state.to_dict()
        other["seed"] = other["seed"] + 12345  # the bag's future differs, the view does not
        twin = ClassicState.from_dict(other)
        assert twin.to_dict(public=True) == state.to_dict(public=True)
        assert judge_move(state, move, rng=random.Random(5), nodes=SMALL) == judge_move(
            twin, move, rng=random.Random(5), nodes=SMALL)


def test_a_different_hidden_duel_state_with_the_same_public_view_gives_the_same_grades():
    for state, move in played_positions(new_game(2, seed=4, ruleset="duel"), 9, seed=2)[::4]:
        data = state.to_dict()
        other = copy.deepcopy(data)
        other["seed"] = data["seed"] + 1
        other["plate_stack"] = list(reversed(data["plate_stack"]))
        hidden = [f for f in other["factories"] if "chip" in f and not f["chip"]["face_up"]
                  and f["chip"]["colors"]]
        if hidden and other["chip_supply"]:  # a face-down chip swapped with one of the supply
            hidden[0]["chip"]["colors"], other["chip_supply"][0] = (
                other["chip_supply"][0], hidden[0]["chip"]["colors"])
        twin = DuelState.from_dict(other)
        assert twin.to_dict() != data
        assert twin.to_dict(public=True) == state.to_dict(public=True)
        assert judge_move(state, move, rng=random.Random(5), nodes=SMALL) == judge_move(
            twin, move, rng=random.Random(5), nodes=SMALL)


@pytest.mark.parametrize(("ruleset", "players", "variant"), [
    ("classic", 2, "standard"), ("classic", 3, "gray"), ("classic", 4, "standard"),
    ("duel", 2, "standard")])
def test_every_judgement_is_consistent_and_reproducible(ruleset, players, variant):
    game = new_game(players, variant=variant, seed=21, ruleset=ruleset)
    for state, move in played_positions(game, 40, seed=9)[::5]:
        first = judge_move(state, move, rng=random.Random(1), nodes=SMALL)
        assert first == judge_move(state, move, rng=random.Random(1), nodes=SMALL)
        assert first.best in state.legal_moves()
        assert first.loss == max(0.0, round(first.best_margin - first.played_margin, 2))
        assert first.grade == grade_of(first.loss)
        assert first.nodes <= SMALL * 2  # the bound plus the move played searched again


def test_bad_input_is_refused():
    state = new_game(2, seed=1)
    with pytest.raises(ValueError, match="not a legal move"):
        judge_move(state, ClassicMove.tile(0, 0), rng=random.Random(), nodes=SMALL)
    with pytest.raises(ValueError, match="nodes"):
        judge_move(state, state.legal_moves()[0], rng=random.Random(), nodes=0)
    with pytest.raises(TypeError, match="ClassicState"):
        judge_move(state.to_dict(), state.legal_moves()[0], rng=random.Random())
