"""Which real services this test run has, and what a test does when one is missing.

Under CI=true a missing service fails the test (CI must exercise everything); otherwise the
test is skipped with a message naming what is missing.
"""

import os
import shutil
from functools import cache

import pytest

SERVICES = ("postgres", "redis", "celery", "browser")

CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes", "on"}


def _postgres_problem() -> str | None:
    from django.db import connection

    if connection.vendor != "postgresql":
        return "PostgreSQL is not configured (set DATABASE_URL=postgres://...)"
    return None


@cache
def _redis_problem() -> str | None:
    url = os.environ.get("REDIS_URL")
    if not url:
        return "Redis is not configured (set REDIS_URL=redis://...)"
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        return f"Redis at {url} is not running ({error})"
    return None


def _celery_problem() -> str | None:
    if problem := _redis_problem():
        return f"a Celery worker needs Redis: {problem}"
    return None


def _browser_problem() -> str | None:
    if not (os.path.exists(CHROMIUM_PATH) or shutil.which(CHROMIUM_PATH)):
        return f"chromium is not installed at {CHROMIUM_PATH} (apt-get install -y chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed"
    return None


_CHECKS = {
    "postgres": _postgres_problem,
    "redis": _redis_problem,
    "celery": _celery_problem,
    "browser": _browser_problem,
}


def require_service(*names: str) -> None:
    """Fail (under CI) or skip (otherwise) the current test unless every named service is up."""
    for name in names:
        if name not in _CHECKS:
            raise ValueError(f"unknown service {name!r}; expected one of {SERVICES}")
        problem = _CHECKS[name]()
        if problem:
            if in_ci():
                pytest.fail(f"CI=true but {name} is missing: {problem}", pytrace=False)
            pytest.skip(f"{name} not available: {problem}")
