"""The ``greedy`` level: one ply, scored by the projected end-of-round value.

For each legal move the bot looks at the position right after it: its own projected value
(points this round, penalties avoided, lines completed or advanced, tiles wasted to the
floor, bonus progress — see ``evaluation``), minus a share of the best gain the next player
can then make, so colours it denies to them count too.
"""

import random

from azul.engine.classic.core import ClassicCore

from .position import Node

# How much the next player's best reply weighs against our own gain.
DENIAL_WEIGHT = 0.3


def greedy_action(core: ClassicCore, rng: random.Random) -> int:
    """The best legal action of the player to move in ``core`` (not mutated)."""
    me = core.current
    actions = core.legal_actions()
    if len(actions) == 1:
        return actions[0]
    root = Node.evaluate(core)
    best: list[int] = []
    best_value: float | None = None
    for action in actions:
        child = root.child(action)
        value = child.values[me]
        after = child.core
        if after.round == core.round and not after.is_over and after.current != me:
            value -= DENIAL_WEIGHT * _best_gain(child)
        if best_value is None or value > best_value + 1e-9:
            best, best_value = [action], value
        elif value > best_value - 1e-9:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)


def _best_gain(node: Node) -> float:
    """How much the player to move can raise their own projected value in one move."""
    p = node.core.current
    before = node.values[p]
    best = 0.0
    for action in node.core.legal_actions():
        gain = node.child(action).values[p] - before
        if gain > best:
            best = gain
    return best
