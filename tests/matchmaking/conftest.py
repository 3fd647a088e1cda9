"""Players and finished games for the matchmaking tests (built through the games services)."""

import pytest

from games import services
from tests.games.conftest import start_game


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def carol(make_user):
    return make_user("carol")


@pytest.fixture
def finished_pair(alice, bob):
    """A two-player game alice resigned: over."""
    game = start_game(alice, bob)
    services.resign(game.pk, alice)
    game.refresh_from_db()
    return game
