"""The cache a test clears is the one the servers it started count in, whatever the backend.

Without Redis a daphne kept its throttle counters in its own memory, out of reach of the autouse
clear, and README's `make test` on a fresh clone ran out of sign-ups partway through the browser
tests ("Too many sign-ups from your address"). `.ci/run` also runs this file with no REDIS_URL.
"""

import json
import urllib.error
import urllib.request

from django.conf import settings

from tests.support.cache import clear_site_cache
from tests.support.parallel_workers import service_skips, skip_summary


def register(url: str) -> int:
    """POST an empty sign-up to the live server: a 400 that still spends the address's budget."""
    request = urllib.request.Request(
        f"{url}/api/v1/auth/register", data=json.dumps({}).encode(), method="POST",
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def test_clearing_the_cache_gives_a_live_server_its_sign_up_budget_back(live_daphne):
    budget = int(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["register"].split("/")[0])
    answers = [register(live_daphne.url) for _ in range(budget + 1)]
    assert answers == [400] * budget + [429]

    clear_site_cache()

    assert register(live_daphne.url) == 400


class _Skip:
    def __init__(self, reason):
        self.longrepr = ("tests/x.py", 1, f"Skipped: {reason}")


def test_the_closing_line_counts_the_skips_each_missing_service_caused():
    reports = [
        _Skip("postgres not available: PostgreSQL is not configured (set DATABASE_URL=...)"),
        _Skip("postgres not available: PostgreSQL is not configured (set DATABASE_URL=...)"),
        _Skip("redis not available: Redis is not configured (set REDIS_URL=redis://...)"),
        _Skip("the board has no gray wall in this variant"),
    ]

    counts = service_skips(reports)

    assert counts == {"postgres": 2, "redis": 1}
    assert skip_summary(counts).startswith("3 skipped for want of a service (postgres 2, redis 1)")
    assert "make test-services" in skip_summary(counts)
