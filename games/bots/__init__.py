"""Bots for classic Azul, built on the engine alone (no Django, no I/O).

``choose_move(state, level, budget=..., rng=...)`` returns a legal ``ClassicMove`` for the player
to move.  Levels (the names are ``accounts.bots.BOT_LEVELS``; a test keeps them equal):

- ``random``: a uniformly random legal move.
- ``greedy``: one ply with a projected-score evaluation and a look at the next player's
  best reply (``greedy``).
- ``strong``: a time-bounded search of the rest of the round (``search``).
- ``master``: the same search with a learned value net at its leaves (``master``; numpy,
  imported on first use so the other levels run without it).

A bot only uses what players may know (``to_dict(public=True)``): before thinking it
replaces the game's random seed in its private copy with one drawn from ``rng``, so the
future refills it may meet are its own samples, never the game's.  With the same state,
level and ``rng`` state the answer is the same (for ``strong``: when the same search depth
is reached, see ``max_depth``).
"""

import random
import time

from games.engine import ClassicCore, ClassicMove, ClassicState, DuelState

from .gc_pause import collector_paused
from .greedy import greedy_action
from .search import RoundSearch

DEFAULT_BUDGET = 1.0


def random_action(core: ClassicCore, rng: random.Random, budget: float, start: float,
                  max_depth: int | None) -> int:
    return rng.choice(core.legal_actions())


def _greedy(core, rng, budget, start, max_depth) -> int:
    return greedy_action(core, rng)


def _strong(core, rng, budget, start, max_depth) -> int:
    search = RoundSearch(core, budget, start=start, **({"max_depth": max_depth} if max_depth else {}))
    return search.best_action()


def _master(core, rng, budget, start, max_depth) -> int:
    from .master import master_action  # numpy and the weights: only when the level is used

    return master_action(core, rng, budget, start, max_depth)


_ACTIONS = {"random": random_action, "greedy": _greedy, "strong": _strong, "master": _master}
LEVELS: tuple[str, ...] = tuple(_ACTIONS)


def choose_action(core: ClassicCore, level: str, *, budget: float = DEFAULT_BUDGET,
                  rng: random.Random, max_depth: int | None = None) -> int:
    """The fast path: a legal action int for the player to move in ``core`` (not mutated)."""
    start = time.perf_counter()
    try:
        think = _ACTIONS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; expected one of {', '.join(LEVELS)}") from None
    if core.is_over:
        raise ValueError("the game is over: there is no move to choose")
    if not isinstance(budget, int | float) or budget <= 0:
        raise ValueError(f"budget must be a positive number of seconds, not {budget!r}")
    private = core.clone()
    private.determinize(rng)  # never the game's seed: refills are our samples
    with collector_paused():
        return think(private, rng, budget, start, max_depth)


def choose_move(state: ClassicState, level: str, *, budget: float = DEFAULT_BUDGET,
                rng: random.Random, max_depth: int | None = None) -> ClassicMove:
    """A legal move for the player to move in ``state``, within ``budget`` seconds."""
    if isinstance(state, DuelState):  # Azul Duel has its own bots, same levels (games/bots/duel)
        from .duel import choose_move as choose_duel_move

        return choose_duel_move(state, level, budget=budget, rng=rng)
    if not isinstance(state, ClassicState):
        raise TypeError(f"state must be a ClassicState, not {type(state).__name__}")
    action = choose_action(state.fast(), level, budget=budget, rng=rng, max_depth=max_depth)
    return ClassicMove.from_action(action)


__all__ = ["DEFAULT_BUDGET", "LEVELS", "choose_action", "choose_move"]
