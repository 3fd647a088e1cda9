"""Shared pytest fixtures for azulsite (the full harness is documented below as it lands)."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Throttle counters and cached values never leak from one test into the next."""
    cache.clear()
    yield
