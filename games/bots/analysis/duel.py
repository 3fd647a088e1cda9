"""The Duel judge: the strong Duel bot's search (``games.bots.duel.search``), bounded by positions.

That search already scores positions by the mover's margin in points (``evaluation.margin``),
so the judge reuses it as it is; it only keeps the value of every root move of the deepest
iteration that finished, and searches the move played again at that depth with a full window
(the root's values after the best one are only bounds).  The clock never stops it: the time
budget is set out of reach, ``max_nodes`` bounds the work.
"""

from ..duel.search import MAX_DEPTH, DuelSearch, OutOfTime

UNBOUNDED_SECONDS = 10.0**9
INF = float("inf")


class DuelJudge(DuelSearch):
    def __init__(self, core, rng, nodes: int):
        private = core.clone()
        private.determinize(rng)  # never the hidden truth: a guess consistent with the public view
        super().__init__(private, UNBOUNDED_SECONDS, max_nodes=nodes)
        self.rng = rng
        self.forced = False

    def _may_deepen(self) -> bool:
        return self.nodes <= self.soft_nodes

    def judge(self, played: tuple) -> tuple[tuple, float, float]:
        core = self.core
        me = core.current
        actions = core.legal_actions()
        children = {}
        still = self._still(core, me)
        for action in actions:
            self.nodes += 1  # the root's moves are always all scored
            child = core.clone()
            child.apply_action(action)
            children[action] = [self._margin(core, child, me, me, still), child]
        if len(actions) == 1:
            self.forced = True
            value = children[played][0]
            return played, value, value
        index = {action: k for k, action in enumerate(actions)}  # ties: the engine's order
        order = sorted(actions, key=lambda action: (-children[action][0], index[action]))
        values = {action: children[action][0] for action in actions}
        self.depth = 1
        depth = 2
        while depth <= MAX_DEPTH and self._may_deepen():
            self._horizon = False
            results = []
            alpha = -INF
            try:
                for action in order:
                    v0, child = children[action]
                    v = v0 if self._leaf(child) else self._search(child, depth - 1, alpha, INF, me)
                    results.append((v, action))
                    alpha = max(alpha, v)
            except OutOfTime:
                break
            results.sort(key=lambda item: (-item[0], index[item[1]]))
            values = {action: v for v, action in results}
            order = [action for _v, action in results]
            self.depth = depth
            if not self._horizon:
                break  # every line reached the end of the round
            depth += 1
        best = order[0]
        if played == best:
            return best, values[best], values[best]
        self.max_nodes = None
        v0, child = children[played]
        played_value = v0 if self._leaf(child) or self.depth == 1 else self._search(
            child, self.depth - 1, -INF, INF, me)
        if played_value > values[best]:
            return played, played_value, played_value
        return best, values[best], played_value
