"""One alpha-beta search for every ruleset: the ``strong`` and ``master`` bots and the judge.

Within a round Azul (classic and Duel) has no chance: the offer is on the table and nothing
is drawn until the round is over.  So the search plays the current round's remaining
decisions exactly, and values what it reaches with its ruleset's **evaluator**; a position in
a later round or a finished game is a leaf (the next refill is unknown: the evaluator values
it as it stands, or as an average over refills).  What a ruleset supplies (``Evaluator``):
positions with their per-player values, how a node is valued for the searching player, how
children are ordered and how many an inner node keeps, and its share of the time budget.

- Iterative deepening.  Depth 1 values every root move; each later iteration searches the
  root moves in the previous one's order, one ply deeper, with fail-soft alpha-beta (the
  player to move at a node maximises the searching player's value if it is that player,
  minimises it otherwise: "paranoid" at 3-4 players).  Below the root a node keeps only the
  ``beam`` best children for its mover by the evaluator's cheap ``key``.
- Killer moves (an evaluator's ``killers``: the Duel master's).  At each ply the two moves
  that last cut off a sibling are searched first, before the node's other children are made:
  a reply that refutes one line often refutes its siblings, and making a wide node's children
  is most of a search's cost.  Without a beam the answer is the same, only cheaper; with one,
  a killer outside the beam is searched as well.  ``strong`` keeps the search its documented
  strength was measured with.
- Deepening stops once no line met the horizon (the whole round is searched: deeper changes
  nothing), at ``max_depth``, or when ``deepen`` of the budget is spent; all work stops at
  ``share`` of it, and the answer is the best root move of the deepest iteration, a partial
  one included (it searches the previous best first, so a move that beat it is better founded).
- Limits: wall-clock ``budget`` (the clock is read at every node) and/or ``max_nodes``
  positions (answers that do not depend on the machine's speed or load: the arena's
  ``--nodes``, the judge, tests).  The clock is ``time.perf_counter`` unless a ``clock`` is
  given: the budget tests pass one that advances per reading, so they count in readings what
  the search would spend in seconds, with no timing of their own.
"""

import time
from collections.abc import Callable, Iterator
from typing import Generic, Protocol, TypeVar

from azul.engine.common.core_protocol import Core

INF = float("inf")
MAX_DEPTH = 40


class OutOfBudget(Exception):
    """The search's time or node budget is spent."""


class SearchNode(Protocol):
    """What the search reads of a node: its position."""

    @property
    def core(self) -> Core: ...


CoreT = TypeVar("CoreT", bound=Core)
NodeT = TypeVar("NodeT", bound=SearchNode)
# (-key, index, action, node): a child, sorted best first for its mover, then in the
# engine's (or the shuffled) order.
Child = tuple[float, int, int, NodeT]


class Evaluator(Generic[CoreT, NodeT]):
    """What a ruleset gives the search (the defaults are for hand-made evaluations).

    A node is any object with ``core`` (a ``Core``: azul/engine/common/core_protocol.py);
    the evaluator makes nodes (``root`` from its ruleset's core, ``child``) and values them.
    """

    share = 0.8  # all work stops at this share of the budget (the rest: answering, a late clock)
    deepen = 1.0  # no deeper iteration starts past this share of the budget (or of max_nodes)
    max_depth = MAX_DEPTH
    batched = False  # True: a node's horizon children are valued in one ``values`` call (nets)
    # True: one ply above the horizon too, the children are ordered by ``key`` and cut to the
    # beam before they are valued, one by one with cut-offs (a costly value under a node budget:
    # the judge's net). False: every child is valued (cheap values, or a batch under a clock).
    beam_last_ply = False
    # True: at each ply the two moves that last caused a cut-off there (killers) are searched
    # first, before the node's other children are even made, so a refutation shared by
    # sibling lines costs one child instead of a whole expansion.
    killers = False
    # True: a partial iteration's best root move is played; False: the last whole iteration's.
    partial = True

    def root(self, core: CoreT) -> NodeT:
        raise NotImplementedError

    def child(self, node: NodeT, action: int) -> NodeT:
        raise NotImplementedError

    def is_leaf(self, node: NodeT) -> bool:
        """A finished game or a position past the round being searched."""
        raise NotImplementedError

    def key(self, node: NodeT, player: int) -> float:
        """The cheap value of ``node`` for ``player``: orders and prunes the children."""
        raise NotImplementedError

    def value(self, node: NodeT, me: int) -> float:
        """What ``node`` is worth to ``me``, the searching player, where the search stops."""
        return self.key(node, me)

    def values(self, nodes: list[NodeT], me: int) -> list[float]:
        return [self.value(node, me) for node in nodes]

    def beam(self, node: NodeT) -> int | None:
        """How many children (best first) an inner node keeps; None: all."""
        return None


class Outcome:
    """The result of ``AlphaBeta.run``."""

    __slots__ = ("best", "scored", "depth", "forced")

    def __init__(self, best: int, scored: list[tuple[float, int]], depth: int,
                 forced: bool) -> None:
        self.best = best  # the move to play (from a partial iteration too)
        self.scored = scored  # [(value, action)] of the deepest complete iteration, best first
        self.depth = depth  # plies of that iteration
        self.forced = forced  # only one legal move


class AlphaBeta(Generic[CoreT, NodeT]):
    def __init__(self, evaluator: Evaluator[CoreT, NodeT], core: CoreT, *,
                 budget: float | None = None, start: float | None = None,
                 max_nodes: int | None = None, max_depth: int | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.evaluator = evaluator
        self.me = core.current
        self.root = evaluator.root(core)
        self._clock = clock  # seconds, as time.perf_counter (``start`` is on the same clock)
        now = clock() if start is None else start
        self.deadline = INF if budget is None else now + budget * evaluator.share
        self.soft_deadline = INF if budget is None else now + budget * evaluator.deepen
        self.max_nodes = max_nodes
        self.soft_nodes: float | None = (None if max_nodes is None
                           else max_nodes * evaluator.deepen / evaluator.share)
        self.max_depth = max_depth or evaluator.max_depth
        self.nodes = 0
        self.depth = 0  # plies of the deepest iteration reached (complete or partial)
        self.children: dict[int, NodeT] = {}  # root action -> its node
        self._iteration = 1  # plies of the iteration being searched (a node's ply: this - depth)
        self._killers: dict[int, list[int]] = {}  # ply -> the last two moves that cut off there
        self._horizon = False  # some line was cut at the horizon (a deeper search may differ)

    # ---------------------------------------------------------------- limits
    def _tick(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfBudget
        if self._clock() > self.deadline:
            raise OutOfBudget

    def _may_deepen(self) -> bool:
        if self.soft_nodes is not None and self.nodes > self.soft_nodes:
            return False
        return self._clock() <= self.soft_deadline

    # --------------------------------------------------------------- driving
    def best_action(self, shuffle: Callable[[list[int]], None] | None = None) -> int:
        return self.run(shuffle).best

    def run(self, shuffle: Callable[[list[int]], None] | None = None, *,
            whole_root: bool = False) -> Outcome:
        """Search within the limits.  ``shuffle`` (e.g. ``rng.shuffle``) breaks ties among
        equal root moves at random instead of by the engine's order; ``whole_root``: every root
        move is valued even past the limits (the judge needs them all)."""
        evaluator, me = self.evaluator, self.me
        actions = self.root.core.legal_actions()
        if shuffle is not None:
            shuffle(actions)
        roots = self._root_children(actions, whole_root)
        self.children = {action: node for _key, _index, action, node in roots}
        if len(actions) == 1:
            return Outcome(actions[0], [], 0, True)
        order = [action for _key, _index, action, _node in roots]
        nodes = [node for _key, _index, _action, node in roots]
        shallow = dict(zip(order, evaluator.values(nodes, me), strict=True))
        self._horizon = not all(evaluator.is_leaf(node) for node in nodes)
        scored = sorted(((v, a) for a, v in shallow.items()), key=_by_value(order))
        order = [action for _value, action in scored]
        best = order[0]
        self.depth = complete = depth = 1
        while self._horizon and depth < self.max_depth and self._may_deepen():
            depth += 1
            self._iteration = depth
            self._horizon = False
            results: list[tuple[float, int]] = []
            alpha = -INF
            try:
                for action in order:
                    node = self.children[action]
                    v = shallow[action] if evaluator.is_leaf(node) else self._alphabeta(node, depth - 1, alpha, INF)
                    results.append((v, action))
                    if v > alpha:
                        alpha = v
            except OutOfBudget:
                # The previous best came first: a move that beat it is better founded. (Playing
                # the last whole iteration's instead cost the Duel master 10 points a game.)
                if results and evaluator.partial:
                    self.depth = depth
                    best = max(results, key=lambda item: item[0])[1]
                break
            # Fail-soft: the best value is exact, the others are upper bounds; fine to order by.
            scored = sorted(results, key=_by_value(order))
            order = [action for _value, action in scored]
            best = order[0]
            self.depth = complete = depth
        return Outcome(best, scored, complete, False)

    def exact_value(self, action: int, depth: int) -> float:
        """The value of root move ``action`` searched ``depth`` plies with a full window and
        no limits (a root move's value from an iteration may be only a bound)."""
        self.max_nodes = self.soft_nodes = None
        self.deadline = self.soft_deadline = INF
        node = self.children[action]
        if depth <= 1 or self.evaluator.is_leaf(node):
            return self.evaluator.value(node, self.me)
        return self._alphabeta(node, depth - 1, -INF, INF)

    def _root_children(self, actions: list[int], whole_root: bool) -> list[Child[NodeT]]:
        """[key, index, action, node] per root move, best for the searching player first.

        Making the children is the costly step, so the clock is read before each one; a bot
        out of time keeps those it made (never none)."""
        evaluator, me, root = self.evaluator, self.me, self.root
        children: list[Child[NodeT]] = []
        for index, action in enumerate(actions):
            if whole_root:
                self.nodes += 1
            else:
                try:
                    self._tick()
                except OutOfBudget:
                    if children:
                        break
            child = evaluator.child(root, action)
            children.append((-evaluator.key(child, me), index, action, child))
        children.sort(key=_by_key_then_index)
        return children

    # ---------------------------------------------------------------- search
    def _expand(self, node: NodeT, actions: list[int],
                skip: list[int] | tuple[()] = ()) -> list[Child[NodeT]]:
        """(key, index, action, node) of every child (but ``skip``'s), best for the mover
        first, cut to the beam."""
        evaluator = self.evaluator
        mover = node.core.current
        children: list[Child[NodeT]] = []
        for index, action in enumerate(actions):
            if action in skip:
                continue
            self._tick()
            child = evaluator.child(node, action)
            children.append((-evaluator.key(child, mover), index, action, child))
        children.sort(key=_by_key_then_index)
        beam = evaluator.beam(node)
        if beam is not None and len(children) > beam:
            del children[beam:]
        return children

    def _killer_moves(self, depth: int, actions: list[int]) -> list[int]:
        """This ply's killers that are legal at the node (none unless the evaluator wants them)."""
        if not self.evaluator.killers:
            return []
        return [a for a in self._killers.get(self._iteration - depth, ()) if a in actions]

    def _cut_by(self, depth: int, action: int) -> None:
        if not self.evaluator.killers:  # strong's and classic's searches: nothing to remember
            return
        killers = self._killers.setdefault(self._iteration - depth, [])
        if not killers or killers[0] != action:
            killers.insert(0, action)
            del killers[2:]

    def _alphabeta(self, node: NodeT, depth: int, alpha: float, beta: float) -> float:
        """The value for the searching player of ``node``, ``depth`` plies deep (fail-soft)."""
        self._tick()
        evaluator, me = self.evaluator, self.me
        if evaluator.is_leaf(node):
            return evaluator.value(node, me)
        if depth == 0:
            self._horizon = True
            return evaluator.value(node, me)
        maximising = node.core.current == me
        if depth == 1:
            return self._last_ply(node, maximising, alpha, beta, depth)
        actions = node.core.legal_actions()
        killers = self._killer_moves(depth, actions)
        best = -INF if maximising else INF

        def searched() -> Iterator[tuple[int, NodeT]]:
            for action in killers:  # each made and searched before the next child is made
                self._tick()
                yield action, evaluator.child(node, action)
            for _key, _index, action, child in self._expand(node, actions, killers):
                yield action, child

        for action, child in searched():
            v = self._alphabeta(child, depth - 1, alpha, beta)
            if maximising:
                if v > best:
                    best = v
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            self._cut_by(depth, action)
                            break
            elif v < best:
                best = v
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        self._cut_by(depth, action)
                        break
        return best

    def _last_ply(self, node: NodeT, maximising: bool, alpha: float, beta: float,
                  depth: int) -> float:
        """A node one ply above the horizon: its children are valued, not searched."""
        evaluator, me = self.evaluator, self.me
        actions = node.core.legal_actions()
        if not actions:  # no decision left (never expected inside a round): value it as it is
            return evaluator.value(node, me)
        if evaluator.batched and not evaluator.beam_last_ply:  # one call (a net: one product)
            children = []
            for action in actions:
                self._tick()
                children.append(evaluator.child(node, action))
            if not all(evaluator.is_leaf(child) for child in children):
                self._horizon = True
            values = evaluator.values(children, me)
            return max(values) if maximising else min(values)
        # Valued one by one with cut-offs: made one by one, this ply's killers first (a cut-off
        # saves making the rest), or (beam_last_ply) all made first, ordered by ``key`` and cut
        # to the beam; a valued one then counts once more, as an entered position does.
        made: list[NodeT] | None = None  # the children, when made before the loop
        if evaluator.beam_last_ply:
            expanded = self._expand(node, actions)
            order = [action for _k, _i, action, _child in expanded]
            made = [child for _k, _i, _action, child in expanded]
        else:
            killers = self._killer_moves(depth, actions)
            order = killers + [a for a in actions if a not in killers] if killers else actions
        best = -INF if maximising else INF
        for i, action in enumerate(order):
            self._tick()
            child = evaluator.child(node, action) if made is None else made[i]
            if not evaluator.is_leaf(child):
                self._horizon = True
            v = evaluator.value(child, me)
            if maximising:
                if v > best:
                    best = v
                    if best >= beta:
                        self._cut_by(depth, action)
                        return best
            elif v < best:
                best = v
                if best <= alpha:
                    self._cut_by(depth, action)
                    return best
        return best


def _by_key_then_index(child: Child[SearchNode]) -> tuple[float, int]:
    return child[0], child[1]  # best first; equals in the engine's (or the shuffled) order


def _by_value(order: list[int]) -> Callable[[tuple[float, int]], tuple[float, int]]:
    position = {action: i for i, action in enumerate(order)}
    return lambda scored: (-scored[0], position[scored[1]])
