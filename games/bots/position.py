"""A position under search together with the per-player projections that evaluate it."""

from games.engine.classic.tables import OFFER

from .evaluation import project, project_wall, rounds_left, wall_value


class Node:
    """A position with the per-player projections that evaluate it.

    During the factory offer a move changes only the mover's board, so a child reuses its
    parent's projections of the other players.
    """

    __slots__ = ("core", "walls", "values", "future")

    def __init__(self, core, walls=None, values=None, future=0):
        self.core = core
        self.walls = walls
        self.values = values
        self.future = future

    @classmethod
    def evaluate(cls, core):
        if core.phase != OFFER:
            return cls(core, None, project(core))
        walls = [project_wall(core, p) for p in range(core.players)]
        future = rounds_left(walls, core.round)
        return cls(core, walls, [wall_value(wall, future) for wall in walls], future)

    def child(self, action: int) -> "Node":
        parent = self.core
        core = parent.clone()
        core.apply_action(action)
        if self.walls is None or core.phase != OFFER or core.round != parent.round:
            return Node.evaluate(core)
        mover = parent.current
        wall = project_wall(core, mover)
        walls = self.walls[:]
        walls[mover] = wall
        future = rounds_left(walls, core.round)
        if future == self.future:
            values = self.values[:]
            values[mover] = wall_value(wall, future)
        else:
            values = [wall_value(w, future) for w in walls]
        return Node(core, walls, values, future)
