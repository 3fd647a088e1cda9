"""What the search (``azul.bots.search``) needs of classic Azul: nodes, their values, the beam.

- Nodes are ``position.StrongNode``: a position with every player's projected value under the
  strong bot's weights, updated incrementally while the round's offer goes on.
- ``StrongEvaluator`` (the ``strong`` bot) ranks outcomes by ``evaluation.advantage``: a lead
  that saturates when the bot is well ahead (2 players), or its value against the best other
  (3-4 players, searched "paranoid": the others play together against it).
- ``PointsEvaluator`` (the judge of game analysis) ranks them by the margin in points: the
  player's value minus the best other's, a finished game by its real scores.
- A finished game or a position in the next round is a leaf; inner nodes keep their ``BEAM``
  best children until few tiles are left on the table, where the round's forced takes decide
  the floors and every move is searched.
"""

from azul.engine.classic.core import ClassicCore
from azul.engine.classic.tables import OVER

from ..search import Evaluator
from .evaluation import advantage
from .position import StrongNode

# Children kept below the root, by player count (3-4 players: the paranoid tree is wider).
BEAM = {2: 10, 3: 6, 4: 6}
# With this few tiles left in the round, every move is searched (no beam).
FULL_WIDTH_TILES = 8


class StrongEvaluator(Evaluator[ClassicCore, StrongNode]):
    share = 0.8
    round: int  # the round being searched (set by ``root``)
    beam_width: int

    def root(self, core: ClassicCore) -> StrongNode:
        self.round = core.round
        self.beam_width = BEAM[core.players]
        return StrongNode.evaluate(core)

    def child(self, node: StrongNode, action: int) -> StrongNode:
        return node.child(action)

    def is_leaf(self, node: StrongNode) -> bool:
        core = node.core
        return core.phase == OVER or core.round != self.round

    def key(self, node: StrongNode, player: int) -> float:
        return advantage(node.values, player)

    def beam(self, node: StrongNode) -> int | None:
        return self.beam_width if node.core.table > FULL_WIDTH_TILES else None


class PointsEvaluator(StrongEvaluator):
    def key(self, node: StrongNode, player: int) -> float:
        return points_margin(node, player)


def points_margin(node: StrongNode, player: int) -> float:
    """``player``'s projected value minus the best other's (a finished game: real scores)."""
    core = node.core
    values = core.scores if core.phase == OVER else node.values
    return values[player] - max(v for p, v in enumerate(values) if p != player)
