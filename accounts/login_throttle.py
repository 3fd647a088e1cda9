"""Counting failed logins to slow down password guessing.

Failures are counted in the cache per username and per client address over a window that
starts at the first failure; past the limit, logins for that username (or from that
address) are refused until the window ends, even with the right password. The cache is
Redis in production, so every daphne process sees the same counts; incr() is atomic there.
"""

import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache


@dataclass(frozen=True)
class ThrottleState:
    blocked: bool
    retry_after_seconds: int = 0


def _counters(username: str, client_ip: str | None) -> list[tuple[str, int]]:
    counters = [
        (
            f"login-fail:user:{username.strip().lower()}",
            settings.LOGIN_THROTTLE_MAX_FAILURES_PER_USERNAME,
        )
    ]
    if client_ip:
        counters.append((f"login-fail:ip:{client_ip}", settings.LOGIN_THROTTLE_MAX_FAILURES_PER_IP))
    return counters


def check(username: str, client_ip: str | None) -> ThrottleState:
    for key, limit in _counters(username, client_ip):
        if (cache.get(key) or 0) >= limit:
            window_ends = cache.get(f"{key}:ends") or time.time()
            return ThrottleState(True, max(1, int(window_ends - time.time())))
    return ThrottleState(False)


def record_failure(username: str, client_ip: str | None) -> None:
    window = settings.LOGIN_THROTTLE_WINDOW_SECONDS
    for key, _limit in _counters(username, client_ip):
        # add() only sets a missing key, so the window is fixed by the first failure.
        cache.add(f"{key}:ends", time.time() + window, window)
        cache.add(key, 0, window)
        try:
            cache.incr(key)
        except ValueError:  # expired between add() and incr()
            cache.add(key, 1, window)


def record_success(username: str) -> None:
    key = f"login-fail:user:{username.strip().lower()}"
    cache.delete_many([key, f"{key}:ends"])
