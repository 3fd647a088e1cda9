"""Many clients moving in one game at once, on PostgreSQL (row locks are real there).

Each thread has its own database connection, as separate daphne/Celery processes would.
"""

import random
import threading

import pytest
from django.db import connection

from games import errors, replays, services
from games.models import MoveRecord
from tests.support.games import controller_to_move, fresh, legal_moves, start_game

THREADS = 4
ROUNDS = 12


def _race(game_id, user, moves, version):
    """Submit one move per thread at the same instant; return what each thread got back."""
    barrier = threading.Barrier(len(moves))
    outcomes = [None] * len(moves)

    def submit(slot, move):
        try:
            barrier.wait(timeout=10)
            outcomes[slot] = services.play_move(game_id, user, move, version)
        except errors.GameError as exc:
            outcomes[slot] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(i, m)) for i, m in enumerate(moves)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes


@pytest.mark.requires("postgres")
def test_concurrent_moves_apply_exactly_one_per_version(transactional_db, alice, bob):
    game = start_game(alice, bob)
    rng = random.Random(7)
    for _ in range(ROUNDS):
        game = fresh(game)
        version = game.version
        candidates = legal_moves(game)
        moves = [rng.choice(candidates) for _ in range(THREADS)]
        outcomes = _race(game.pk, controller_to_move(game), moves, version)

        applied = [o for o in outcomes if isinstance(o, services.MoveOutcome) and o.applied]
        assert len(applied) == 1, outcomes
        winner = moves[outcomes.index(applied[0])]
        for move, outcome in zip(moves, outcomes, strict=True):
            if outcome is applied[0]:
                continue
            # A loser either saw a stale version, or sent the very move that won (a resend).
            if isinstance(outcome, services.MoveOutcome):
                assert not outcome.applied
                assert move == winner
            else:
                assert isinstance(outcome, errors.StaleVersion), outcome
        assert fresh(game).version == version + 1

    game = fresh(game)
    numbers = list(MoveRecord.objects.filter(game=game).values_list("number", flat=True))
    assert numbers == list(range(1, ROUNDS + 1))  # no gap, no duplicate
    assert replays.state_at(game, game.version).to_dict() == game.state
