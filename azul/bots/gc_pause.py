"""Keep Python's cyclic garbage collector out of a bot's thinking time.

A full collection in a long-lived process (a Celery worker, daphne, the test session) walks
the whole heap and can take a tenth of a second or more; landing inside a search it would
push the answer past the budget, which the clock checks cannot prevent. Searches make no
reference cycles (reference counting frees their nodes), so the collector is paused while any
bot thinks and resumes, if it was on, when the last thinker finishes.
"""

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_thinkers = 0
_was_enabled = False


@contextmanager
def collector_paused() -> Iterator[None]:
    global _thinkers, _was_enabled
    with _lock:
        if _thinkers == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _thinkers += 1
    try:
        yield
    finally:
        with _lock:
            _thinkers -= 1
            if _thinkers == 0 and _was_enabled:
                gc.enable()
