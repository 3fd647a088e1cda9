"""A bot's thinking budget counted in clock readings instead of timed (engine only: no Django).

The search reads its clock at every node (azul/bots/search.py). `TickingClock` is a clock for
it that moves `step` seconds at each reading and remembers them, so a budget test sees exactly
where the search stopped on that clock: no CPU or wall-clock time is measured, and the machine's
load changes nothing.
"""

from azul import bots
from azul.bots.search import AlphaBeta


class TickingClock:
    """Fake seconds: each call returns the current reading, then advances by `step`."""

    def __init__(self, step: float):
        self.step = step
        self.readings: list[float] = []

    def __call__(self) -> float:
        now = len(self.readings) * self.step
        self.readings.append(now)
        return now


def think_on_a_ticking_clock(core, level: str, *, budget: float, nodes: int, rng):
    """(the action, the clock) of one ``choose_action`` whose clock reaches the end of `budget`
    after `nodes` readings (about one per node searched)."""
    clock = TickingClock(budget / nodes)
    action = bots.choose_action(core, level, budget=budget, rng=rng, clock=clock)
    return action, clock


def search_on_a_ticking_clock(evaluator, core, *, budget: float, nodes: int):
    """(the search, the clock) of one search run on such a clock: ``search.nodes`` tells
    whether the clock was read at every node, which the readings alone cannot (a search that
    read it every 64 nodes would stop at the same readings, 64 times later)."""
    clock = TickingClock(budget / nodes)
    search = AlphaBeta(evaluator, core.clone(), budget=budget, clock=clock)
    search.run()
    return search, clock


def assert_stopped_in_time(clock: TickingClock, *, budget: float, evaluator) -> None:
    """The search used its time and stopped in it, as the evaluator shares the budget: no
    reading after the first one past `share` of it (the search reads the clock at every node,
    so that reading is where it stopped), and the last reading past `deepen` of it or past
    `share` (no deeper iteration starts past `deepen`; all work stops at `share`)."""
    deadline = budget * evaluator.share
    readings = clock.readings
    past = [k for k, reading in enumerate(readings) if reading > deadline]
    assert past in ([], [len(readings) - 1]), (
        f"{len(past)} of {len(readings)} readings past {evaluator.share:.0%} of the budget"
    )
    assert readings[-1] > budget * min(evaluator.deepen, evaluator.share), (
        f"stopped at {readings[-1] / budget:.0%} of the budget"
    )
