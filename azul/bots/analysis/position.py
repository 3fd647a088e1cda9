"""The analysis board's evaluation of one position: what the judge thinks, with no move to judge.

``evaluate_position(state, rng=..., nodes=...)`` searches the position with the judge's search
(``LEVEL``'s evaluator, as ``judge_move``) and returns the best move found, the mover's expected
final-score margin after it, each root move's value (best first; only the first is exact), the
judge's best line within the round, and every player's expected final points (the strong
evaluation's projection at the line's end sets their level, the judge's margin the mover's gap to
the others; a line that ends the game: its real scores).

- **Bounded work.** ``nodes`` positions in all: half for the root search, the rest shared by the
  line's later plies (``LINE_PLIES`` at most). The root's children are always made, so a request
  costs at most ``nodes`` positions plus one per legal move, whatever the position.
- **Only public information.** As ``judge_move``: the state is taken in its public form and what
  is hidden (the bag's order and seed; Duel's plate stack and face-down chips) is a guess drawn
  from ``rng``. Two states with the same public view and the same ``rng`` get the same answer.
Pure library: no Django, no I/O.
"""

import random
from dataclasses import dataclass
from typing import cast

from azul.engine import REGISTRY, ClassicCore, ClassicMove, DuelCore, DuelMove, ruleset_of

from ..classic.position import StrongNode
from ..duel.evaluation import value as duel_value
from ..gc_pause import collector_paused
from ..kits import RulesetState, kit_of
from ..search import AlphaBeta
from . import DEFAULT_NODES, JUDGES, LEVEL

# Plies of the best line at most (the line also stops at the round's end and the game's).
LINE_PLIES = 6
# Root moves listed with their values, best first.
CANDIDATES = 5


@dataclass(frozen=True)
class PositionEvaluation:
    """The judge's view of one position (margins for the mover, in points)."""

    mover: int | None  # None once the game is over
    best: ClassicMove | DuelMove | None
    margin: float | None  # the mover's expected final margin after ``best``
    candidates: list[tuple[ClassicMove | DuelMove, float]]  # root moves, best first
    line: list[ClassicMove | DuelMove]  # the best line within the round, ``best`` first
    expected: list[float]  # every player's expected final points (see ``_expected``)
    depth: int  # plies of the root search
    nodes: int  # positions searched in all


def _projected(core: ClassicCore | DuelCore) -> list[float]:
    """Every player's projected final points by the strong evaluation (classic: each wall's
    value; Duel: each player's value); a finished game's real scores."""
    if core.is_over:
        return [float(s) for s in core.scores]
    if kit_of(core, "core").ruleset == "classic":  # the kit tells the rulesets apart
        return [float(v) for v in StrongNode.evaluate(cast(ClassicCore, core)).values]
    return [duel_value(cast(DuelCore, core), p) for p in range(2)]


def _expected(projected: list[float], mover: int, margin: float) -> list[float]:
    """Every player's expected final points: the strong projection's level, the judge's margin
    between them. The judge values the mover's final score minus the others' mean (two players:
    minus the other's), so the mover is set that far above the others' mean; with two players
    both move by half of it, keeping their sum."""
    others = [v for p, v in enumerate(projected) if p != mover]
    mean = sum(others) / len(others)
    if len(projected) == 2:
        middle = (projected[mover] + mean) / 2
        expected = [middle - margin / 2] * 2
        expected[mover] = middle + margin / 2
    else:
        expected = list(projected)
        expected[mover] = mean + margin
    return [round(v, 2) for v in expected]


def evaluate_position(state: RulesetState, *, rng: random.Random,
                      nodes: int = DEFAULT_NODES) -> PositionEvaluation:
    """The judge's evaluation of ``state`` for the player to move (see the module's docstring)."""
    if isinstance(nodes, bool) or not isinstance(nodes, int) or nodes <= 0:
        raise ValueError(f"nodes must be a positive number of positions, not {nodes!r}")
    move_type = REGISTRY[kit_of(state, "state").ruleset].move_type
    core = ruleset_of(state).state_type.from_dict(state.to_dict(public=True)).fast()
    if core.is_over:
        return PositionEvaluation(None, None, None, [], [], _projected(core), 0, 0)
    core.determinize(rng)  # never the game's hidden state: any refill is the judge's sample
    mover, start_round = core.current, core.round
    with collector_paused():
        root = AlphaBeta(JUDGES[LEVEL](kit_of(core, "core"), core), core, max_nodes=max(1, nodes // 2))
        outcome = root.run(whole_root=True)
        spent = root.nodes
        scored = [(root.exact_value(outcome.best, 0), outcome.best)] if outcome.forced else outcome.scored
        best_value, best = scored[0]
        line = [best]
        position = root.children[best].core.clone()
        # The rest of the budget, shared by the line's later plies (each search stops one
        # position past its share).
        per_ply = max(1, (nodes - nodes // 2) // (LINE_PLIES - 1) - 1)
        while len(line) < LINE_PLIES and not position.is_over and position.round == start_round:
            search = AlphaBeta(JUDGES[LEVEL](kit_of(position, "core"), position), position,
                               max_nodes=per_ply)
            action = search.run().best
            spent += search.nodes
            line.append(action)
            position = search.children[action].core.clone()
    return PositionEvaluation(
        mover=mover, best=move_type.from_action(best), margin=round(best_value, 2),
        candidates=[(move_type.from_action(a), round(v, 2)) for v, a in scored[:CANDIDATES]],
        line=[move_type.from_action(a) for a in line],
        expected=_projected(position) if position.is_over else _expected(_projected(position), mover, best_value),
        depth=root.depth, nodes=spent)


__all__ = ["CANDIDATES", "LINE_PLIES", "PositionEvaluation", "evaluate_position"]
