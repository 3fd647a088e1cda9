"""Fixtures shared by the fair-play tests."""

import pytest

from fairplay.models import Case

from .test_profiles import CHEAT, HONEST, play


@pytest.fixture
def flagged(make_user):
    """An open case of `cheat`, who played `bob` and `carol` (three games each)."""
    cheat, bob, carol = make_user("cheat"), make_user("bob"), make_user("carol")
    play([cheat, bob], [CHEAT, HONEST], games=3)
    play([carol, cheat], [HONEST, CHEAT], games=3, first_seed=10)
    return Case.objects.get(user=cheat), cheat, bob, carol
