"""The ``strong`` Duel bot: a two-ply search within a time budget.

Candidates are the legal actions ordered by their one-ply margin (our value minus the
opponent's, ``evaluation.margin``).  Each candidate, best first, is answered by the best
reply of whoever moves next: the opponent picks the reply that minimises our margin, and
when we move again (buying, tiling, the opponent passed) we pick the one that maximises
it.  The search stops when the budget's safety share is used up and keeps the best
candidate fully examined; the first (one-ply best) is always a fallback, so it never
returns late by more than one evaluation.
"""

import time

from games.engine.duel.core import DuelCore
from games.engine.duel.tables import BUYING, DRAFTING, RETURNING

from .evaluation import margin, value

# Phases in which a move changes only the mover's board (and the shared table).
_QUIET = (DRAFTING, BUYING, RETURNING)

# Stop starting new work once this share of the budget is spent.
SAFETY = 0.75


class OutOfTime(Exception):
    pass


class DuelSearch:
    def __init__(self, core: DuelCore, budget: float, *, start: float | None = None,
                 max_candidates: int | None = None):
        self.core = core
        self.deadline = (start if start is not None else time.perf_counter()) + budget * SAFETY
        self.max_candidates = max_candidates
        self.examined = 0

    def _check(self) -> None:
        if time.perf_counter() > self.deadline:
            raise OutOfTime

    def _child(self, core: DuelCore, action: tuple) -> DuelCore:
        child = core.clone()
        child.apply_action(action)
        return child

    def _margin(self, parent: DuelCore, child: DuelCore, me: int, mover: int,
                still: float | None) -> float:
        """``margin(child, me)``; when a drafting move of ``mover`` left the other board, the
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

    def best_action(self, rng) -> tuple:
        core = self.core
        me = core.current
        actions = core.legal_actions()
        if len(actions) == 1:
            return actions[0]
        rng.shuffle(actions)  # random but reproducible order among equals
        ordered = []
        still = self._still(core, me)
        try:
            for action in actions:
                ordered.append((self._margin(core, self._child(core, action), me, me, still),
                                action))
                if len(ordered) % 16 == 0:
                    self._check()
        except OutOfTime:
            pass
        ordered.sort(key=lambda item: -item[0])
        best_value, best = None, ordered[0][1]
        limit = self.max_candidates or len(ordered)
        try:
            for _, action in ordered[:limit]:
                self._check()
                v = self._reply_value(self._child(core, action), me)
                self.examined += 1
                if best_value is None or v > best_value + 1e-9:
                    best_value, best = v, action
        except OutOfTime:
            pass
        return best

    def _reply_value(self, child: DuelCore, me: int) -> float:
        if child.is_over:
            return margin(child, me)
        replies = child.legal_actions()
        mover = child.current
        still = self._still(child, mover)
        best = None
        for k, reply in enumerate(replies):
            if k % 16 == 15:
                self._check()
            v = self._margin(child, self._child(child, reply), me, mover, still)
            if best is None or (v < best if mover != me else v > best):
                best = v
        return best
