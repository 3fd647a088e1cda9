"""The master search: the strong bot's alpha-beta over the rest of the round, valued by a net.

Within a round classic Azul has no chance (nothing is drawn until the round ends), so the
round is searched exactly as ``search.RoundSearch`` does (iterative deepening, a beam below
the root ordered by the hand-made one-ply value, the clock read at every node).  What
changes is the value of the positions it reaches: the value net's expected final margin for
the bot (2 players: its final score minus the other's; 3-4 players: minus the others' mean,
the others playing together against it).  A leaf past the end of the round is valued in its
*boundary* form, the refill counted back into the bag: the net's value there is its average
over the refills it was trained on, so the bot's own sample of the next draw (the private
seed) never steers its choice.  A finished game is valued by its real scores.

The children of a node one ply above the horizon are evaluated in one batch (one matrix
product for all of them), which is what makes a net affordable at every leaf.
"""

from games.engine.classic.tables import OVER

from ..search import RoundSearch
from .features import boundary_values, features


class MasterSearch(RoundSearch):
    def __init__(self, core, budget: float, net, **options):
        super().__init__(core, budget, **options)
        self.net = net
        self.evaluations = 0

    # ------------------------------------------------------------------ values
    def _values(self, nodes) -> list[float]:
        """The value for ``self.me`` of every node in ``nodes`` (one batch for the net)."""
        me = self.me
        players = self.players
        values = [0.0] * len(nodes)
        rows, columns, slots = [], [], []
        for i, node in enumerate(nodes):
            core = node.core
            if core.phase == OVER:
                scores = core.scores
                values[i] = scores[me] - (sum(scores) - scores[me]) / (players - 1)
                continue
            if core.round != self.round:
                rows.append(features(core, boundary_values(node), boundary=True))
            else:
                rows.append(features(core, node.values))
            columns.append((me - core.current) % players)
            slots.append(i)
        if rows:
            self.evaluations += len(rows)
            out = self.net.evaluate(rows)
            for k, i in enumerate(slots):
                values[i] = float(out[k, columns[k]])
        return values

    def _search_root(self, by_action, order, depth):
        if depth > 1:
            return super()._search_root(by_action, order, depth)
        # Depth 1: every root child is a leaf, valued in one batch.
        self._tick()
        children = [by_action[action] for action in order]
        values = self._values(children)
        self._exhaustive = all(self._is_leaf(child.core) for child in children)
        scored = list(zip(values, order, strict=True))
        best_value, best = max(scored, key=lambda item: (item[0], -order.index(item[1])))
        return best, scored

    def _alphabeta(self, node, depth, alpha, beta) -> float:
        self._tick()
        core = node.core
        if self._is_leaf(core):
            return self._values([node])[0]
        if depth == 0:
            self._exhaustive = False
            return self._values([node])[0]
        if depth > 1:  # above the horizon: the strong search's beam, ordering and cut-offs
            return super()._alphabeta(node, depth, alpha, beta)
        children = []
        for action in core.legal_actions():
            self._tick()
            child = node.child(action)
            if not self._is_leaf(child.core):
                self._exhaustive = False
            children.append(child)
        values = self._values(children)
        return max(values) if core.current == self.me else min(values)
