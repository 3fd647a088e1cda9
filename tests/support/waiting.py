"""Waiting for another process (a worker, a server, beat, a browser) to make something true."""

import time


def wait_until(condition, timeout, what="the condition", every=0.1):
    """Poll `condition` until it returns something true, and return that; after `timeout`
    seconds fail, naming `what` did not happen (a callable `what` is asked then: a log tail)."""
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        value = condition()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"timed out waiting for {what() if callable(what) else what}")
