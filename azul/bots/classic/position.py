"""A position under search together with the per-player projections that evaluate it."""

from typing import Self

from azul.engine.classic.core import ClassicCore
from azul.engine.classic.tables import OFFER

from .evaluation import (
    GREEDY,
    STRONG,
    Wall,
    Weights,
    forced_waste,
    project,
    project_wall,
    rounds_left,
    tiles_on_table,
    wall_value,
)


class Node:
    """A position with the per-player projections that evaluate it.

    During the factory offer a move changes only the mover's board, so a child reuses its
    parent's projections (``base``) of the other players; ``values`` then subtract every
    player's expected forced waste, which depends on what is left on the table.
    """

    __slots__ = ("core", "walls", "base", "values", "future")
    core: ClassicCore
    walls: list[Wall] | None  # each player's ``project_wall``; None outside the offer
    base: list[float]  # each player's value before the forced waste
    values: list[float]
    future: int  # rounds left after this one
    weights: Weights = GREEDY  # the evaluation's weights (``StrongNode``: the strong bot's)

    def __init__(self, core: ClassicCore, walls: list[Wall] | None, base: list[float],
                 future: int = 0) -> None:
        self.core = core
        self.walls = walls
        self.base = base
        self.future = future
        if walls is None:
            self.values = base
        else:
            on_table = tiles_on_table(core)
            share = self.weights.forced_share
            self.values = [base[p] - forced_waste(core, p, on_table, share)
                           for p in range(core.players)]

    @classmethod
    def evaluate(cls, core: ClassicCore) -> Self:
        if core.phase != OFFER:
            return cls(core, None, project(core, cls.weights))
        walls = [project_wall(core, p) for p in range(core.players)]
        future = rounds_left(walls, core.round)
        weights = cls.weights
        return cls(core, walls, [wall_value(wall, future, weights) for wall in walls], future)

    def child(self, action: int) -> Self:
        parent = self.core
        core = parent.clone()
        core.apply_action(action)
        if self.walls is None or core.phase != OFFER or core.round != parent.round:
            return self.evaluate(core)
        mover = parent.current
        wall = project_wall(core, mover)
        walls = self.walls[:]
        walls[mover] = wall
        future = rounds_left(walls, core.round)
        weights = self.weights
        if future == self.future:
            base = self.base[:]
            base[mover] = wall_value(wall, future, weights)
        else:
            base = [wall_value(w, future, weights) for w in walls]
        return type(self)(core, walls, base, future)


class StrongNode(Node):
    """A node evaluated with the strong bot's weights."""

    __slots__ = ()
    weights = STRONG
