"""The ``greedy`` Duel bot: one ply, each legal action scored by ``evaluation.value``.

A purchase is judged by the best plate it could then keep (one more ply of the buyer's own
decision), since buying alone only costs a point; a chip payment is followed to the
completed line (the next payments chosen greedily).
"""

import random

from azul.engine.duel.actions import ACTIONS
from azul.engine.duel.core import DuelCore
from azul.engine.duel.tables import BUYING, TILING

from .evaluation import value


def action_value(core: DuelCore, action: int, p: int) -> float:
    child = core.clone()
    child.apply_action(action)
    parts = ACTIONS[action]
    while (parts[0] == "pay_chips" and child.phase == TILING and child.current == p
           and child.tiling_line == parts[1] and child.line_chips[p * 6 + parts[1]]):
        payments = child.legal_actions()
        if not payments or ACTIONS[payments[0]][0] != "pay_chips":
            break
        child.apply_action(payments[0])  # the line must be completed; any payment will do
    if child.phase == BUYING and child.current == p:
        best: float | None = None
        for keep in child.legal_actions():
            if ACTIONS[keep][0] != "keep_plate":
                continue
            grandchild = child.clone()
            grandchild.apply_action(keep)
            v = value(grandchild, p)
            if best is None or v > best:
                best = v
        if best is not None:
            return best
    return value(child, p)


def greedy_action(core: DuelCore, rng: random.Random) -> int:
    p = core.current
    actions = core.legal_actions()
    if len(actions) == 1:
        return actions[0]
    best: list[int] = []
    best_value: float | None = None
    for action in actions:
        v = action_value(core, action, p)
        if best_value is None or v > best_value + 1e-9:
            best, best_value = [action], v
        elif v > best_value - 1e-9:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)
