"""What the search (``azul.bots.search``) needs of Azul Duel: nodes, their values, the beam.

A node is a position with both players' ``evaluation.value``.  A quiet move (drafting, buying,
returning a plate) changes only the mover's board and the shared table, so when it leaves the
round and the first-player tile as they were, the child reuses the other player's value: it
halves the cost of a search step.

``DuelEvaluator`` (the ``strong`` bot and the judge) ranks outcomes by the margin, the
player's value minus the opponent's: the opponent minimises what the bot maximises.  A
finished game or a position in the next round is a leaf (its tiling scored exactly); inner
nodes keep their ``BEAM`` best children.  Duel positions are wide (a hundred moves and more)
and costly, so deepening stops at ``deepen`` of the budget (an iteration costs several times
the last) and all work at ``share``, a wide margin for a busy machine.
"""

from functools import cache
from typing import Self

from azul.engine.duel.core import DuelCore
from azul.engine.duel.tables import BUYING, DRAFTING, RETURNING

from ..search import Evaluator
from .evaluation import HAND, Weights, value

# Phases in which a move changes only the mover's board (and the shared table).
_QUIET = (DRAFTING, BUYING, RETURNING)
BEAM = 8
MAX_DEPTH = 16


class DuelNode:
    __slots__ = ("core", "values")
    core: DuelCore
    values: list[float]  # each player's ``evaluation.value``
    weights: tuple[Weights, ...] = HAND  # of ``value``; a subclass values positions with others

    def __init__(self, core: DuelCore, values: list[float]) -> None:
        self.core = core
        self.values = values

    @classmethod
    def evaluate(cls, core: DuelCore) -> Self:
        weights = cls.weights
        return cls(core, [value(core, 0, weights), value(core, 1, weights)])

    def child(self, action: int) -> Self:
        parent = self.core
        core = parent.clone()
        core.apply_action(action)
        if (parent.phase in _QUIET and core.phase in _QUIET and core.round == parent.round
                and core.fp == parent.fp):
            mover = parent.current
            values = self.values[:]
            values[mover] = value(core, mover, self.weights)
            return self.__class__(core, values)
        return self.evaluate(core)


@cache
def node_class(weights: tuple[Weights, ...]) -> type[DuelNode]:
    """A ``DuelNode`` class valuing positions with ``weights`` (one per weight set)."""
    if weights == HAND:
        return DuelNode
    return type("WeightedDuelNode", (DuelNode,), {"__slots__": (), "weights": weights})


class DuelEvaluator(Evaluator[DuelCore, DuelNode]):
    share = 0.6
    deepen = 0.15
    max_depth = MAX_DEPTH
    node_class: type[DuelNode] = DuelNode
    round: int  # the round being searched (set by ``root``)

    def root(self, core: DuelCore) -> DuelNode:
        self.round = core.round
        return self.node_class.evaluate(core)

    def child(self, node: DuelNode, action: int) -> DuelNode:
        return node.child(action)

    def is_leaf(self, node: DuelNode) -> bool:
        core = node.core
        return core.is_over or core.round != self.round

    def key(self, node: DuelNode, player: int) -> float:
        values = node.values
        return values[player] - values[1 - player]

    def beam(self, node: DuelNode) -> int | None:
        return BEAM
