"""The ``strong`` Duel bot: iterative-deepening alpha-beta over the rest of the round.

Positions are scored by our margin (our value minus the opponent's, ``evaluation``): we
maximise it, the opponent minimises it, and whoever moves twice in a row (buying, tiling,
the other passed) moves twice.  The search never looks past the end of the current round
(the next round's draw is unknown): a position in a later round, or the end of the game,
is a leaf whose tiling has been scored exactly.

- Depth 1 scores every legal action; it orders the root and is the fallback answer.
- Each later iteration searches one ply deeper, the root's candidates in the order of the
  previous iteration.  Inside the tree a node tries only its ``BEAM`` best children by
  their static margin; the last ply takes the best static reply with alpha-beta cut-offs.
- It stops deepening once the whole round fits in the horizon, at ``DEEPEN`` of the
  budget (an iteration costs several times the last one), and it stops all work at
  ``SAFETY`` of the budget, keeping the best root candidate of the deepest iteration (a
  partial iteration counts: its candidates are searched best first).

``max_nodes`` bounds the work instead of (or as well as) the clock: with it the answer does
not depend on the machine's speed or load (the arena's ``--nodes`` for comparisons).
"""

import time

from games.engine.duel.core import DuelCore
from games.engine.duel.tables import BUYING, DRAFTING, RETURNING

from .evaluation import margin, value

# Phases in which a move changes only the mover's board (and the shared table).
_QUIET = (DRAFTING, BUYING, RETURNING)

# Stop all work once this share of the budget is spent (the rest is margin for a busy
# machine: a process kept waiting a few hundred ms must still answer within budget + 10%).
SAFETY = 0.6
# Start no deeper iteration once this share of the budget (or of max_nodes) is spent.
DEEPEN = 0.15
# Children searched below an inner node, best static margin (for its mover) first.
BEAM = 8
MAX_DEPTH = 16
# How often (in nodes) the clock is read.
CLOCK_EVERY = 16

INF = float("inf")


class OutOfTime(Exception):
    pass


class DuelSearch:
    def __init__(self, core: DuelCore, budget: float, *, start: float | None = None,
                 max_candidates: int | None = None, max_nodes: int | None = None):
        self.core = core
        start = start if start is not None else time.perf_counter()
        self.deadline = start + budget * SAFETY
        self.soft_deadline = start + budget * DEEPEN
        self.max_candidates = max_candidates
        self.max_nodes = max_nodes
        self.soft_nodes = None if max_nodes is None else int(max_nodes * DEEPEN / SAFETY)
        self.nodes = 0
        self.depth = 0  # deepest iteration completed (or partly searched)
        self.examined = 0  # root candidates searched in the deepest iteration
        self.round = core.round
        self._horizon = False

    # ------------------------------------------------------------------ limits
    def _tick(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfTime
        if self.nodes % CLOCK_EVERY == 0 and time.perf_counter() > self.deadline:
            raise OutOfTime

    def _may_deepen(self) -> bool:
        if self.soft_nodes is not None and self.nodes > self.soft_nodes:
            return False
        return time.perf_counter() <= self.soft_deadline

    # -------------------------------------------------------------- evaluation
    def _leaf(self, child: DuelCore) -> bool:
        return child.is_over or child.round != self.round

    def _margin(self, parent: DuelCore, child: DuelCore, me: int, mover: int,
                still: float | None) -> float:
        """``margin(child, me)``; when a quiet move of ``mover`` left the other board, the
        round and the first-player tile as they were, the other player's value ``still``
        (computed once on ``parent``) is reused: it halves the cost of a search step."""
        if (still is not None and child.phase in _QUIET and child.round == parent.round
                and child.fp == parent.fp):
            if mover == me:
                return value(child, me) - still
            return still - value(child, mover)
        return margin(child, me)

    @staticmethod
    def _still(core: DuelCore, mover: int) -> float | None:
        """The value of the player who is not moving, if the position is a quiet one."""
        return value(core, 1 - mover) if core.phase in _QUIET else None

    def _children(self, node: DuelCore, me: int, actions: list) -> list:
        """[static margin, action, child] for every action of ``node`` in ``actions``."""
        mover = node.current
        still = self._still(node, mover)
        out = []
        for action in actions:
            self._tick()
            child = node.clone()
            child.apply_action(action)
            out.append([self._margin(node, child, me, mover, still), action, child])
        return out

    # ------------------------------------------------------------------ search
    def best_action(self, rng) -> tuple:
        core = self.core
        me = core.current
        actions = core.legal_actions()
        if len(actions) == 1:
            return actions[0]
        rng.shuffle(actions)  # random but reproducible order among equals
        still = self._still(core, me)
        scored = []
        try:
            for action in actions:
                self._tick()
                child = core.clone()
                child.apply_action(action)
                scored.append([self._margin(core, child, me, me, still), action, child])
        except OutOfTime:
            if not scored:
                return actions[0]
        scored.sort(key=lambda item: -item[0])  # stable: ties keep the shuffled order
        self.depth, self.examined = 1, len(scored)
        if self.max_candidates:
            scored = scored[:self.max_candidates]
        best = scored[0][1]
        depth = 2
        while depth <= MAX_DEPTH and self._may_deepen():
            self._horizon = False
            results = []
            alpha = -INF
            try:
                for entry in scored:
                    child = entry[2]
                    if self._leaf(child):
                        v = entry[0]
                    else:
                        v = self._search(child, depth - 1, alpha, INF, me)
                    results.append([v, entry[1], child])
                    if v > alpha:
                        alpha = v
            except OutOfTime:
                if results:
                    self.depth, self.examined = depth, len(results)
                    best = max(results, key=lambda item: item[0])[1]
                break
            # Fail-soft: the best value is exact, the others are upper bounds; fine to order.
            results.sort(key=lambda item: -item[0])
            scored = results
            best = scored[0][1]
            self.depth, self.examined = depth, len(scored)
            if not self._horizon:
                break  # every line reached the end of the round: deeper changes nothing
            depth += 1
        return best

    def _search(self, node: DuelCore, depth: int, alpha: float, beta: float, me: int) -> float:
        """Alpha-beta value (our margin) of a position inside the round, ``depth`` plies."""
        mover = node.current
        maximise = mover == me
        actions = node.legal_actions()
        if not actions:  # no decision left (never expected inside a round): score it as it is
            return margin(node, me)
        if depth == 1:
            self._horizon = True
            still = self._still(node, mover)
            best = -INF if maximise else INF
            for action in actions:
                self._tick()
                child = node.clone()
                child.apply_action(action)
                v = self._margin(node, child, me, mover, still)
                if maximise:
                    if v > best:
                        best = v
                        if best >= beta:
                            return best
                elif v < best:
                    best = v
                    if best <= alpha:
                        return best
            return best
        children = self._children(node, me, actions)
        children.sort(key=(lambda item: -item[0]) if maximise else (lambda item: item[0]))
        best = -INF if maximise else INF
        for v0, _, child in children[:BEAM]:
            v = v0 if self._leaf(child) else self._search(child, depth - 1, alpha, beta, me)
            if maximise:
                if v > best:
                    best = v
                    if best > alpha:
                        alpha = best
                    if alpha >= beta:
                        break
            elif v < best:
                best = v
                if best < beta:
                    beta = best
                if alpha >= beta:
                    break
        return best
