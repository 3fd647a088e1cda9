"""The ``strong`` level: a time-bounded search of the rest of the current round.

Within a round Azul has no chance at all: the factories are known and nothing is drawn
until the round is over.  So the bot searches the round's remaining moves exactly and
evaluates the positions it reaches with the projected values of ``evaluation`` (at the end
of the round that value is the real score after tiling plus estimates of the future).
The bag's order is never looked at: the caller replaces the game's seed by one drawn from
the bot's own random source, so a refill met inside the search is a sample, and the
search stops at the end of the round anyway.

- 2 players: alpha-beta on ``evaluation.advantage`` (my value and a lead that saturates when
  I am well ahead; a player may move twice in a row in the gray wall's tiling phase, so
  each node checks whose turn it is).  Positions are valued with the strong bot's own
  weights (``evaluation.STRONG`` through ``position.StrongNode``).
- 3-4 players: the same alpha-beta, the others playing together against the bot
  ("paranoid"), with a narrower beam.  Max-n (each player maximising its own advantage) and
  a cheap opponent model (the others answering with their own best move) both measured
  weaker in the arena (docs/bots.md), so they are not kept.
- Iterative deepening; below the root only the best ``beam`` children (ordered by the
  mover's one-ply value) are searched, until few tiles are left in the round.  The clock is read at every node: the search stops
  at its share of ``budget`` and answers with the deepest fully searched ply, or the best
  of the root moves the ply in progress finished (it searches the previous best first).
"""

import time

from .evaluation import advantage
from .position import StrongNode


class OutOfTime(Exception):
    pass


# Share of the budget the search may use (the rest covers setup, answering and a late clock).
BUDGET_SHARE = 0.8
MAX_DEPTH = 40
# With this few tiles left in the round, every move is searched (no beam): the end of a
# round, where forced takes decide the floors, is searched exactly.
FULL_WIDTH_TILES = 8


class RoundSearch:
    def __init__(self, core, budget: float, *, max_depth: int = MAX_DEPTH, start=None):
        self.root = StrongNode.evaluate(core)
        self.me = core.current
        self.round = core.round
        self.players = core.players
        self.start = time.perf_counter() if start is None else start
        self.deadline = self.start + budget * BUDGET_SHARE
        self.max_depth = max_depth
        self.beam = 10 if self.players == 2 else 6
        self.nodes = 0
        self.completed_depth = 0
        self._exhaustive = True

    # ---------------------------------------------------------------- driving
    def best_action(self) -> int:
        # Even the root's children are generated against the clock: with 9 factories they
        # alone can outlast a small budget; on time-out the best of those seen is played.
        children = self._children(self.root, stop_in_time=True)
        if len(children) == 1:
            return children[0][1]
        order = [action for _key, action, _child in children]
        by_action = {action: child for _key, action, child in children}
        best = order[0]
        for depth in range(1, self.max_depth + 1):
            try:
                best, scored = self._search_root(by_action, order, depth)
            except OutOfTime as partial:
                # The ply in progress searched the previous best first: a move that beat it
                # before time ran out is better founded; otherwise keep the previous best.
                if partial.args and partial.args[0] is not None:
                    best = partial.args[0]
                break
            rest = sorted((item for item in scored if item[1] != best), key=_by_score)
            order = [best] + [action for _value, action in rest]
            self.completed_depth = depth
            if self._exhaustive:
                break
        return best

    def _search_root(self, by_action, order, depth):
        """(best action, [(value, action)]) of a search to ``depth``.

        With alpha-beta the values after the first are only bounds (a move that cannot beat
        the best so far returns at most alpha), so the best is the move that last raised alpha.
        """
        scored = []
        self._exhaustive = True
        alpha = float("-inf")
        best = None
        for action in order:
            child = by_action[action]
            try:
                value = self._alphabeta(child, depth - 1, alpha, float("inf"))
            except OutOfTime:
                raise OutOfTime(best) from None
            scored.append((value, action))
            if value > alpha:
                alpha, best = value, action
        return best, scored

    # ----------------------------------------------------------------- search
    def _tick(self):
        self.nodes += 1
        if time.perf_counter() > self.deadline:
            raise OutOfTime()

    def _is_leaf(self, core) -> bool:
        return core.phase == 2 or core.round != self.round

    def _children(self, node, *, stop_in_time=False):
        """(ordering key, action, child) for every legal action, best for the mover first.

        Evaluating a child is the costly step, so the clock is read before each one; with
        ``stop_in_time`` a time-out ends the list (never empty) instead of the search.
        """
        mover = node.core.current
        children = []
        for action in node.core.legal_actions():
            try:
                self._tick()
            except OutOfTime:
                if not stop_in_time:
                    raise
                if children:
                    break
                # The clock ran out before the first child (a tiny budget on a loaded
                # machine): the root still needs one move to answer with.
            child = node.child(action)
            children.append((-advantage(child.values, mover), action, child))
        children.sort(key=_by_key)
        return children

    def _alphabeta(self, node, depth, alpha, beta) -> float:
        """Value for ``self.me`` (2 players) of ``node``; fail-hard alpha-beta."""
        self._tick()
        core = node.core
        if self._is_leaf(core):
            return advantage(node.values, self.me)
        if depth == 0:
            self._exhaustive = False
            return advantage(node.values, self.me)
        maximising = core.current == self.me
        if depth == 1:
            # The children are the leaves: evaluate them all, no ordering needed.
            best = float("-inf") if maximising else float("inf")
            for action in core.legal_actions():
                self._tick()
                child = node.child(action)
                if not self._is_leaf(child.core):
                    self._exhaustive = False
                value = advantage(child.values, self.me)
                if maximising:
                    if value > best:
                        best = value
                        if best >= beta:
                            return best
                elif value < best:
                    best = value
                    if best <= alpha:
                        return best
            return best
        children = self._children(node)
        if len(children) > self.beam and core.table > FULL_WIDTH_TILES:
            children = children[: self.beam]
            self._exhaustive = False
        if maximising:
            best = float("-inf")
            for _key, _action, child in children:
                value = self._alphabeta(child, depth - 1, alpha, beta)
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            return best
        best = float("inf")
        for _key, _action, child in children:
            value = self._alphabeta(child, depth - 1, alpha, beta)
            if value < best:
                best = value
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
        return best

def _by_key(child):
    return child[0], child[1]  # best for the mover first; the action int breaks ties


def _by_score(scored):
    return -scored[0], scored[1]
