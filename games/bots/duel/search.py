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

from .evaluation import margin

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

    def best_action(self, rng) -> tuple:
        core = self.core
        me = core.current
        actions = core.legal_actions()
        if len(actions) == 1:
            return actions[0]
        rng.shuffle(actions)  # random but reproducible order among equals
        ordered = []
        try:
            for action in actions:
                ordered.append((margin(self._child(core, action), me), action))
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
        best = None
        for k, reply in enumerate(replies):
            if k % 16 == 15:
                self._check()
            v = margin(self._child(child, reply), me)
            if best is None or (v < best if mover != me else v > best):
                best = v
        return best
