"""The one alpha-beta driver (azul.bots.search) on both rulesets and its evaluators."""

import collections
import random

import pytest

from azul import bots
from azul.bots.classic import PointsEvaluator, StrongEvaluator
from azul.bots.duel import DuelEvaluator
from azul.bots.search import AlphaBeta
from azul.engine import ClassicCore, DuelCore
from azul.engine.duel.tables import DRAFTING


def _played(core, moves: int, seed: int):
    rng = random.Random(seed)
    for _ in range(moves):
        core.apply_action(bots.choose_action(core, "greedy", rng=rng))
    return core


@pytest.mark.parametrize(("core", "evaluator"), [
    (lambda: _played(ClassicCore.new(2, False, 3), 3, 1), StrongEvaluator),
    (lambda: _played(ClassicCore.new(4, True, 5), 6, 2), StrongEvaluator),
    (lambda: _played(DuelCore.new(4), 9, 3), DuelEvaluator),
])
def test_one_search_serves_every_ruleset_deterministic_within_its_node_cap(core, evaluator):
    position = core()
    answers = set()
    for _ in range(2):
        search = AlphaBeta(evaluator(), position.clone(), max_nodes=1500)
        answers.add(search.best_action(random.Random(5).shuffle))
        assert search.nodes <= 1501
        assert search.depth >= 2
    assert len(answers) == 1
    assert answers.pop() in position.legal_actions()


def test_a_round_searched_to_its_end_stops_deepening():
    """Few moves left in the round: every line reaches the tiling, so no deeper iteration runs."""
    core = ClassicCore.new(2, False, 9)
    rng = random.Random(4)
    while len(core.legal_actions()) > 4:
        core.apply_action(bots.choose_action(core, "greedy", rng=rng))
    assert core.round == 1
    search = AlphaBeta(StrongEvaluator(), core.clone(), max_nodes=1_000_000)
    outcome = search.run()
    assert outcome.depth < 12
    assert search.nodes < 100_000
    assert outcome.best in core.legal_actions()


def test_the_points_judge_values_a_finished_game_by_its_real_scores():
    """No bot's win bonus in a judge's margin: the score difference, exactly."""
    core = ClassicCore.new(2, False, 2)
    rng = random.Random(1)
    while not core.is_over:
        core.apply_action(bots.choose_action(core, "greedy", rng=rng))
    evaluator = PointsEvaluator()
    node = evaluator.root(core)
    assert evaluator.is_leaf(node)
    assert evaluator.value(node, 0) == core.scores[0] - core.scores[1]
    assert evaluator.value(node, 1) == core.scores[1] - core.scores[0]


class _CountingEvaluator(StrongEvaluator):
    """StrongEvaluator that keeps two children an inner node and counts, per parent, the
    children it values."""

    def __init__(self, beam_last_ply):
        self.beam_last_ply = beam_last_ply
        self.parents = {}  # id(child) -> id(its parent)
        self.valued = collections.Counter()  # id(parent) -> children valued

    def beam(self, node):
        return 2

    def child(self, node, action):
        made = super().child(node, action)
        self.parents[id(made)] = id(node)
        return made

    def value(self, node, me):
        self.valued[self.parents.get(id(node))] += 1
        return super().value(node, me)


def test_a_costly_value_is_spent_on_the_beam_one_ply_above_the_horizon():
    """beam_last_ply (the master judge: a net per value, a node budget): one ply above the
    horizon the children are cut to the beam before they are valued; without it every child
    there may be valued."""
    position = _played(ClassicCore.new(2, False, 3), 2, 1)
    most = {}
    for beamed in (False, True):
        evaluator = _CountingEvaluator(beamed)
        search = AlphaBeta(evaluator, position.clone(), max_depth=2)
        search.run()
        root = id(search.root)
        most[beamed] = max(count for parent, count in evaluator.valued.items() if parent != root)
    assert most[True] <= 2 < most[False]


class _KillerDuelEvaluator(DuelEvaluator):
    """Duel's hand-made evaluator with killer moves on or off (the master's Duel search has
    them, ``strong``'s has not) and, optionally, no beam: every child searched."""

    def __init__(self, killers, beam=DuelEvaluator.beam):
        self.killers = killers
        self._beam = beam

    def beam(self, node):
        return self._beam(self, node) if self._beam else None


def test_killer_moves_change_no_value_of_a_full_width_search_only_its_cost():
    """Without a beam alpha-beta's answer does not depend on the order children are tried in:
    the killers (a move that cut off at a sibling, tried first) give the same best move and
    value at the same depth, for fewer positions."""
    position = DuelCore.new(8)
    rng = random.Random(4)
    while position.phase != DRAFTING or len(position.legal_actions()) > 30:
        position.apply_action(bots.choose_action(position, "greedy", rng=rng))
    assert len(position.legal_actions()) > 10
    outcomes, nodes = {}, {}
    for killers in (False, True):
        search = AlphaBeta(_KillerDuelEvaluator(killers, beam=None), position.clone(), max_depth=3)
        outcomes[killers] = search.run()
        nodes[killers] = search.nodes
    assert outcomes[True].depth == outcomes[False].depth == 3
    assert outcomes[True].scored[0] == outcomes[False].scored[0]
    assert nodes[True] < nodes[False]


def test_killer_moves_reach_a_depth_in_a_wide_duel_position_for_far_fewer_positions():
    """Over a hundred moves at the root: a refutation shared by sibling lines is searched
    first, before the other children are made, so three plies cost well under half the
    positions (why the Duel master, which has them, searches a ply deeper in the same time)."""
    position = DuelCore.new(3)
    assert len(position.legal_actions()) > 100
    nodes, answers = {}, {}
    for killers in (False, True):
        search = AlphaBeta(_KillerDuelEvaluator(killers), position.clone(), max_depth=3)
        answers[killers] = search.run()
        nodes[killers] = search.nodes
    assert answers[True].depth == answers[False].depth == 3
    assert answers[True].best in position.legal_actions()
    assert nodes[True] < 0.6 * nodes[False]


class _DeepeningDuelEvaluator(DuelEvaluator):
    deepen = share = 1.0  # a deeper iteration starts whenever positions are left


class _WholeIterationsDuelEvaluator(_DeepeningDuelEvaluator):
    partial = False


def test_a_partial_iteration_is_played_only_where_the_evaluator_wants_it():
    """Cut short in its third iteration, the search answers with the move that iteration
    found best so far (the default), or with the second iteration's (``partial`` off)."""
    position = DuelCore.new(3)
    assert len(position.legal_actions()) > 100
    # Enough positions for the first two iterations of this position, not the third.
    full = AlphaBeta(_DeepeningDuelEvaluator(), position.clone(), max_depth=2)
    full.run()
    answers = {}
    for evaluator in (_DeepeningDuelEvaluator(), _WholeIterationsDuelEvaluator()):
        search = AlphaBeta(evaluator, position.clone(), max_nodes=full.nodes * 3, max_depth=3)
        answers[evaluator.partial] = (search.run(), search.depth)
    (partial, partial_depth), (whole, whole_depth) = answers[True], answers[False]
    assert partial.depth == whole.depth == 2  # the last whole iteration
    assert partial_depth == 3
    assert whole_depth == 2
    assert whole.best == whole.scored[0][1]
