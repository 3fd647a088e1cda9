"""Per-socket message rates: a token bucket, in the memory of the process that holds the socket.

A socket lives in one daphne process, so its rate needs no shared store (per-user and per-game
quotas, which span processes, count in the cache or the database instead).
"""

import math
import time


class MessageRate:
    """`rate` messages a second on average, up to `burst` at once."""

    def __init__(self, rate, burst, clock=time.monotonic):
        self.rate = float(rate)
        self.burst = max(1.0, float(burst))
        self.clock = clock
        self.tokens = self.burst
        self.updated = clock()

    def take(self):
        """Count one message; False if it is over the rate (and then it must not be processed)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def retry_after_ms(self):
        """Milliseconds until the next message would be taken."""
        return max(1, math.ceil((1 - self.tokens) / self.rate * 1000))
