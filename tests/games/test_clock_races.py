"""A socket's sync that races another timeout of the same game answers the finished game
(PostgreSQL).

The beat (or a per-turn clock task) and a client whose display reached zero may time the same
player out at once. The one that waits for the game's lock finds the game no longer overdue; what
it answers must still be the game as the other committed it, not the state it read before waiting.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Game
from tests.support.games import play_first_moves, start_game
from tests.support.row_locks import queued_behind


@pytest.mark.requires("postgres")
def test_a_sync_queued_behind_the_beats_timeout_answers_the_finished_game(
    transactional_db, alice, bob
):
    game = play_first_moves(start_game(alice, bob, clock={"kind": "realtime", "base_seconds": 60}))
    Game.objects.filter(pk=game.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))

    def beat():
        return services.expire_overdue_games()

    def sync():
        found = services.game_after_clock_check(game.pk)
        return found.status, (found.result or {}).get("ended_by")

    answers = queued_behind(
        lambda: Game.objects.select_for_update().get(pk=game.pk), [beat, sync], lambda write: write()
    )
    assert answers == [1, ("finished", "timeout")]
