"""Bots for every ruleset, built on the engine alone (no Django, no I/O): the dispatcher.

``choose_move(state, level, budget=..., rng=...)`` returns a legal move for the player to move
(a ``ClassicMove`` or a ``DuelMove``); ``choose_action(core, level, ...)`` is the fast path on a
ruleset's core.  Levels (the names are ``accounts.bots.BOT_LEVELS``; a test keeps them equal):

- ``random``: a uniformly random legal move.
- ``greedy``: one ply with the ruleset's hand-made evaluation (``classic.greedy``, ``duel.greedy``).
- ``strong``: the time-bounded alpha-beta of the rest of the round (``search``) with the
  ruleset's hand-made evaluator (``classic.evaluator``, ``duel.position``).
- ``master``: the same search valuing positions with learned value nets (``master``; numpy,
  imported on first use so the other levels run without it).

A bot only uses what players may know: before thinking it replaces, in its private copy, what
is hidden (the seed, so the bag's order; in Duel also the plate stack's order and the face-down
chips) by a guess drawn from ``rng`` (``Core.determinize``), so the refills it may meet are its
own samples.  With the same state, level and ``rng`` state the answer is the same when the same
search depth is reached (``max_depth``, or ``max_nodes`` to make it independent of the clock).
What differs by ruleset comes from its kit (``kits.BOT_KITS``, looked up by the ruleset's name).
"""

import random
import time
from collections.abc import Callable

from azul.engine import REGISTRY, ClassicMove, DuelMove

from .gc_pause import collector_paused
from .kits import RulesetCore, RulesetState, kit_of
from .search import AlphaBeta

DEFAULT_BUDGET = 1.0
LEVELS: tuple[str, ...] = ("random", "greedy", "strong", "master")


def choose_action(core: RulesetCore, level: str, *, budget: float = DEFAULT_BUDGET,
                  rng: random.Random, max_depth: int | None = None, max_nodes: int | None = None,
                  clock: Callable[[], float] = time.perf_counter) -> int:
    """A legal action for the player to move in ``core`` (not mutated), within ``budget``
    seconds of ``clock``; ``max_depth`` plies / ``max_nodes`` positions bound the search
    further. ``clock`` is for tests (search.py: a clock that advances per reading)."""
    start = clock()
    kit = kit_of(core, "core")
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; expected one of {', '.join(LEVELS)}")
    if core.is_over:
        raise ValueError("the game is over: there is no move to choose")
    if isinstance(budget, bool) or not isinstance(budget, int | float) or budget <= 0:
        raise ValueError(f"budget must be a positive number of seconds, not {budget!r}")
    if level == "random":
        return rng.choice(core.legal_actions())
    private = core.clone()
    private.determinize(rng)  # never the hidden truth: our own guess of it
    if level == "greedy":
        return kit.greedy_action(private, rng)
    with collector_paused():
        evaluator = kit.master(private) if level == "master" else kit.strong()
        search = AlphaBeta(evaluator, private, budget=budget, start=start,
                           max_nodes=max_nodes, max_depth=max_depth, clock=clock)
        return search.best_action(rng.shuffle)  # equal moves: a random but reproducible pick


def choose_move(state: RulesetState, level: str, *, budget: float = DEFAULT_BUDGET,
                rng: random.Random, max_depth: int | None = None,
                max_nodes: int | None = None) -> ClassicMove | DuelMove:
    """A legal move for the player to move in ``state``, within ``budget`` seconds."""
    move_type = REGISTRY[kit_of(state, "state").ruleset].move_type
    action = choose_action(state.fast(), level, budget=budget, rng=rng, max_depth=max_depth,
                           max_nodes=max_nodes)
    return move_type.from_action(action)


__all__ = ["DEFAULT_BUDGET", "LEVELS", "choose_action", "choose_move"]
