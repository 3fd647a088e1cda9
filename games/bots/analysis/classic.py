"""The classic judge: the strong bot's round search, bounded by positions and scored in points.

The strong bot (``games.bots.search``) ranks outcomes by ``advantage``, a saturating lead made
to win games; a judge must say how many points a move cost, so this search maximises the
mover's margin instead: its projected value minus the best other player's (``position.StrongNode``
values, the strong bot's weights; a finished game counts its real scores, without the win
bonus).  As in the bot, 3-4 players are searched "paranoid" (the others play together against
the mover), inner nodes keep the ``beam`` best children until few tiles are left, and nothing
is searched past the end of the round (no refill is ever drawn: the bag's future cannot matter).

Iterative deepening over every root move, bounded by ``nodes``: the answer is the deepest
iteration that finished.  The root keeps alpha-beta's window, so only the best move's value is
exact; the move played is then searched again at that depth with a full window.
"""


from ..position import StrongNode
from ..search import FULL_WIDTH_TILES, MAX_DEPTH

OVER = 3  # ClassicCore.phase once the game is over
TILING = 2  # the gray wall's tiling phase: the end of the round's decisions


class OutOfNodes(Exception):
    pass


def margin(node, me: int) -> float:
    core = node.core
    values = core.scores if core.phase == OVER else node.values
    mine = values[me]
    return mine - max(v for p, v in enumerate(values) if p != me)


class ClassicJudge:
    def __init__(self, core, rng, nodes: int):
        core = core.clone()
        core.determinize(rng)  # never the game's seed: any refill is a sample
        self.root = StrongNode.evaluate(core)
        self.me = core.current
        self.round = core.round
        self.beam = 10 if core.players == 2 else 6
        self.limit = nodes
        self.nodes = 0
        self.depth = 0
        self.forced = False
        self._exhaustive = True

    def judge(self, played: int) -> tuple[int, float, float]:
        """(best action, its margin, the margin of ``played``)."""
        children = self._children(self.root)
        by_action = {action: child for _key, action, child in children}
        if len(children) == 1:
            self.forced = True
            value = self._value(children[0][2], 0)
            return played, value, value
        order = [action for _key, action, _child in children]
        values = {action: self._leaf_value(by_action[action]) for action in order}
        self.depth = 1
        exhaustive = all(self._is_leaf(child.core) for child in by_action.values())
        depth = 2
        while not exhaustive and depth <= MAX_DEPTH:
            try:
                scored, exhaustive = self._search_root(by_action, order, depth)
            except OutOfNodes:
                break
            values = dict((action, value) for value, action in scored)
            order = [action for _value, action in sorted(scored, key=_by_score)]
            self.depth = depth
            depth += 1
        best = order[0]
        best_value = values[best]
        if played == best:
            return best, best_value, best_value
        # The played move's value from the last iteration may be a bound: search it exactly
        # at the same depth (one root child costs less than the iteration that finished).
        self.limit = None
        played_value = self._value(by_action[played], self.depth - 1)
        if played_value > best_value:  # equal moves, ordered differently: the played one is best
            return played, played_value, played_value
        return best, best_value, played_value

    # ------------------------------------------------------------------ search
    def _tick(self):
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfNodes()

    def _is_leaf(self, core) -> bool:
        return core.phase >= TILING or core.round != self.round

    def _leaf_value(self, node) -> float:
        return margin(node, self.me)

    def _children(self, node):
        """(key, action, child) for every legal action, best for the mover first (ties: action)."""
        mover = node.core.current
        children = []
        for action in node.core.legal_actions():
            self.nodes += 1  # counted, never refused: a position always gets its children
            child = node.child(action)
            children.append((-margin(child, mover), action, child))
        children.sort(key=lambda item: (item[0], item[1]))
        return children

    def _search_root(self, by_action, order, depth):
        scored = []
        self._exhaustive = True
        alpha = float("-inf")
        for action in order:
            value = self._alphabeta(by_action[action], depth - 1, alpha, float("inf"))
            scored.append((value, action))
            alpha = max(alpha, value)
        return scored, self._exhaustive

    def _value(self, node, depth) -> float:
        return self._alphabeta(node, depth, float("-inf"), float("inf"))

    def _alphabeta(self, node, depth, alpha, beta) -> float:
        """Margin for ``self.me`` of ``node`` searched ``depth`` plies; fail-hard alpha-beta."""
        self._tick()
        core = node.core
        if self._is_leaf(core):
            return self._leaf_value(node)
        if depth == 0:
            self._exhaustive = False
            return self._leaf_value(node)
        maximising = core.current == self.me
        children = self._children(node)
        if len(children) > self.beam and core.table > FULL_WIDTH_TILES:
            children = children[: self.beam]
            self._exhaustive = False
        if not maximising:
            # The others answer with their own best move for the mover's margin: worst first.
            children.sort(key=lambda item: (margin(item[2], self.me), item[1]))
        best = float("-inf") if maximising else float("inf")
        for _key, _action, child in children:
            value = self._alphabeta(child, depth - 1, alpha, beta)
            if maximising:
                if value > best:
                    best = value
                    alpha = max(alpha, best)
            elif value < best:
                best = value
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best


def _by_score(scored):
    return -scored[0], scored[1]
