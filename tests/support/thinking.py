"""How long a bot thinks, as the budget tests measure it (engine only: no Django)."""

import gc
import time

from games import bots


def thinking_time(core, level: str, *, budget: float, rng):
    """(the action, CPU seconds of this thread) of one ``choose_action``.

    CPU time, not wall-clock: on a shared machine the OS may pause the process past any
    deadline, while a bot that ignored its budget would still show. The heap is collected
    first: a collection made due by the test session's own allocations runs at the next
    allocation of a container, which could be in the timed lines (the bot pauses the collector
    while it searches, so the one due after a search waits for the next line), and a full one
    over a test worker's heap takes 0.2-0.3 s (CI measured 0.406 and 0.443 s for a 0.2 s
    budget). ``rng`` is made by the caller, before the clock starts, for the same reason.
    """
    gc.collect()
    started = time.thread_time()
    action = bots.choose_action(core, level, budget=budget, rng=rng)
    return action, time.thread_time() - started
