"""Players and finished games for the matchmaking tests (built through the games services)."""

import pytest

from games import services
from tests.support.games import start_game


@pytest.fixture
def finished_pair(alice, bob):
    """A two-player game alice resigned: over."""
    game = start_game(alice, bob)
    services.resign(game.pk, alice)
    game.refresh_from_db()
    return game
