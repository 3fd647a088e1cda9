"""Duel bots: legal moves only, within the time budget, blind to hidden information."""

import random

import pytest

from azul.bots import LEVELS, choose_action, choose_move
from azul.bots.duel import DuelEvaluator
from azul.bots.duel.position import MAX_DEPTH
from azul.bots.search import AlphaBeta
from azul.engine import new_game
from azul.engine.duel.core import DuelCore
from azul.engine.duel.state import DuelState
from azul.engine.duel.tables import DRAFTING
from tests.support.thinking import (
    assert_stopped_in_time,
    search_on_a_ticking_clock,
    think_on_a_ticking_clock,
)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_whole_game_with_legal_moves(level):
    state = new_game(2, ruleset="duel", seed=4)
    rng = random.Random(0)
    while not state.is_over:
        move = choose_move(state, level, budget=0.05, rng=rng)
        state = state.apply(move)  # raises if the bot chose an illegal move
    assert state.result()["winners"]


def test_greedy_beats_random():
    wins = 0
    for seed in range(4):
        core = DuelCore.new(seed)
        levels = ("greedy", "random") if seed % 2 == 0 else ("random", "greedy")
        rngs = [random.Random(seed), random.Random(seed + 100)]
        while not core.is_over:
            p = core.current
            core.apply_action(choose_action(core, levels[p], budget=0.05, rng=rngs[p]))
        greedy = levels.index("greedy")
        wins += core.scores[greedy] > core.scores[1 - greedy]
    assert wins >= 3


def test_strong_answers_with_a_legal_move_even_with_a_tiny_budget():
    """Its time use is measured by bench/duel_arena.py (max think per move), not timed here."""
    core = DuelCore.new(6)
    rng = random.Random(1)
    for _ in range(12):
        action = choose_action(core, "strong", budget=0.001, rng=rng)
        assert action in core.legal_actions()
        core.apply_action(action)


def test_bots_do_not_see_hidden_information():
    """Two states equal in public view but with different hidden parts get the same answer."""
    state = new_game(2, ruleset="duel", seed=12)
    for move in ({"type": "opening_plate", "display": 0, "slot": 4, "rotation": 0},
                 {"type": "opening_plate", "display": 0, "slot": 4, "rotation": 0}):
        state = state.apply(move)
    other = state.fast()
    other.plate_stack.reverse()
    other.chip_supply.reverse()
    other.seed += 1
    other_state = DuelState(other)
    assert other_state.to_dict(public=True) == state.to_dict(public=True)
    for level in ("greedy", "strong"):
        a = choose_move(state, level, budget=5.0, rng=random.Random(3), max_nodes=3000)
        b = choose_move(other_state, level, budget=5.0, rng=random.Random(3), max_nodes=3000)
        assert a == b


def _late_in_round(seed: int, left: int) -> DuelCore:
    """A drafting position of round 2 played by greedy bots, ``left`` actions or fewer."""
    core = DuelCore.new(seed)
    rng = random.Random(seed)
    while core.round < 2 or len(core.legal_actions()) > left or core.phase != DRAFTING:
        core.apply_action(choose_action(core, "greedy", rng=rng))
    return core


def test_strong_with_a_node_cap_is_deterministic_and_keeps_to_the_cap():
    core = _late_in_round(5, 40)
    answers = set()
    for _ in range(2):
        search = AlphaBeta(DuelEvaluator(), core.clone(), budget=60.0, max_nodes=2000)
        answers.add(search.best_action(random.Random(7).shuffle))
        assert search.nodes <= 2001
        assert search.depth >= 2
    assert len(answers) == 1
    assert answers.pop() in core.legal_actions()


def test_strong_searches_to_the_end_of_the_round_when_it_is_near():
    """Few actions left: it deepens past two plies and stops once every line ends the round."""
    core = _late_in_round(9, 6)
    assert core.plates_taken == [2, 2]  # nothing but tiles left to draft
    search = AlphaBeta(DuelEvaluator(), core.clone(), budget=60.0, max_nodes=100_000)
    assert search.best_action(random.Random(1).shuffle) in core.legal_actions()
    assert 2 < search.depth < MAX_DEPTH
    assert search.nodes < search.soft_nodes


def test_strong_keeps_to_its_budget():
    """A wide position (over a hundred actions), on a clock that moves at each reading
    (tests/support/thinking.py): the search stops at its share of the budget, not timed."""
    core = DuelCore.new(3)
    assert len(core.legal_actions()) > 100
    action, clock = think_on_a_ticking_clock(core, "strong", budget=0.3, nodes=3000,
                                             rng=random.Random(2))
    assert action in core.legal_actions()
    assert_stopped_in_time(clock, budget=0.3, evaluator=DuelEvaluator())
    search, clock = search_on_a_ticking_clock(DuelEvaluator(), core, budget=0.3, nodes=3000)
    assert len(clock.readings) > search.nodes  # one at every node, and between iterations
    assert_stopped_in_time(clock, budget=0.3, evaluator=search.evaluator)


def test_bad_arguments():
    state = new_game(2, ruleset="duel", seed=1)
    with pytest.raises(ValueError, match="unknown bot level"):
        choose_move(state, "genius", rng=random.Random())
    with pytest.raises(ValueError, match="budget"):
        choose_move(state, "greedy", budget=0, rng=random.Random())
    with pytest.raises(TypeError, match="DuelState"):
        choose_move(state.to_dict(), "greedy", rng=random.Random())


def test_the_site_wide_entry_point_dispatches_duel_states_to_the_duel_bots():
    from azul import bots

    state = new_game(2, ruleset="duel", seed=9)
    for level in bots.LEVELS:
        move = bots.choose_move(state, level, budget=0.05, rng=random.Random(2))
        assert move in state.legal_moves()
