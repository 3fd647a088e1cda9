"""Fixtures of the tournaments' tests."""

import pytest


@pytest.fixture
def hooks(django_capture_on_commit_callbacks):
    """`with hooks():` runs the on-commit callbacks (the broadcasts, the dispatched tasks) of
    what the block commits."""
    return lambda: django_capture_on_commit_callbacks(execute=True)
