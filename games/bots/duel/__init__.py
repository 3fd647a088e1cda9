"""Bots for Azul Duel (docs/duel-rules.md), built on the Duel engine alone.

Same entry points as the classic bots (``games.bots``): ``choose_move(state, level,
budget=..., rng=...)`` returns a legal ``DuelMove`` for the player to move and
``choose_action(core, level, ...)`` is the fast path.  Levels:

- ``random``: a uniformly random legal move.
- ``greedy``: one ply scored by ``evaluation.value`` (points now, projected tiling,
  penalties, chips, objectives progress).
- ``strong``: iterative-deepening alpha-beta to the end of the round within the time
  budget, or within ``max_nodes`` positions (``search``).
- ``master``: the same search, positions valued by a learned value net
  (``games.bots.master.duel_search``; numpy, imported on first use).

A bot only uses what players may know: before thinking it replaces, in its private copy,
the plate stack order, the face-down chips, the chip supply and the seed by a random
guess drawn from ``rng`` (``DuelCore.determinize``).
"""

import random
import time

from games.engine.duel import DuelCore, DuelMove, DuelState

from ..gc_pause import collector_paused
from .greedy import greedy_action
from .search import DuelSearch

DEFAULT_BUDGET = 1.0
LEVELS: tuple[str, ...] = ("random", "greedy", "strong", "master")


def choose_action(core: DuelCore, level: str, *, budget: float = DEFAULT_BUDGET,
                  rng: random.Random, max_candidates: int | None = None,
                  max_nodes: int | None = None) -> tuple:
    """The fast path: a legal action tuple for the player to move (``core`` not mutated)."""
    start = time.perf_counter()
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
        return greedy_action(private, rng)
    with collector_paused():
        if level == "master":
            from ..master import duel_master_search  # numpy and the weights: only when used

            search = duel_master_search(private, budget, start=start,
                                        max_candidates=max_candidates, max_nodes=max_nodes)
        else:
            search = DuelSearch(private, budget, start=start, max_candidates=max_candidates,
                                max_nodes=max_nodes)
        return search.best_action(rng)


def choose_move(state: DuelState, level: str, *, budget: float = DEFAULT_BUDGET,
                rng: random.Random, max_candidates: int | None = None,
                max_nodes: int | None = None) -> DuelMove:
    """A legal move for the player to move in ``state``, within ``budget`` seconds."""
    if not isinstance(state, DuelState):
        raise TypeError(f"state must be a DuelState, not {type(state).__name__}")
    action = choose_action(state.fast(), level, budget=budget, rng=rng,
                           max_candidates=max_candidates, max_nodes=max_nodes)
    return DuelMove(action)


__all__ = ["DEFAULT_BUDGET", "LEVELS", "choose_action", "choose_move"]
