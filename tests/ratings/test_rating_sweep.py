"""A rating that fails (eagerly, inside the request that ended the game) is logged, the move is
answered as played, and the sweep rates the game later, in finish order.

The failure is a real one: a trigger on the rating ledger refuses the insert, as a database in
trouble would, for one game or for all.
"""

import logging
from contextlib import contextmanager

import pytest
from django.conf import settings
from django.db import connection
from rest_framework.test import APIClient

from accounts.services import api_token_for
from azul import engine
from games import services
from games.models import Game
from ratings import services as ratings
from ratings import tasks
from ratings.models import RatingChange
from tests.ratings.factories import finished_game, make_users
from tests.support.games import controller_to_move, fresh, start_game

from .test_rating_service import figures

TRIGGER = "azulsite_test_refuse_rating"


@contextmanager
def rating_ledger_refuses(game_id=None):
    """Inserts into the rating ledger fail (for `game_id` only, if given) within the block."""
    table = RatingChange._meta.db_table
    when = "" if game_id is None else f"WHEN (NEW.game_id = {int(game_id)})"
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                f"CREATE FUNCTION {TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS"
                " $$ BEGIN RAISE EXCEPTION 'the rating ledger is unavailable'; END $$"
            )
            cursor.execute(
                f"CREATE TRIGGER {TRIGGER} BEFORE INSERT ON {table} FOR EACH ROW {when}"
                f" EXECUTE FUNCTION {TRIGGER}()"
            )
        else:
            cursor.execute(
                f"CREATE TRIGGER {TRIGGER} BEFORE INSERT ON {table} FOR EACH ROW"
                f" {when.replace('(', '').replace(')', '')}"
                " BEGIN SELECT RAISE(ABORT, 'the rating ledger is unavailable'); END"
            )
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TRIGGER {TRIGGER}" + (
                f" ON {table}" if connection.vendor == "postgresql" else ""))
            if connection.vendor == "postgresql":
                cursor.execute(f"DROP FUNCTION {TRIGGER}()")


def _one_move_from_the_end(game, rng_seed=5):
    """Play random moves until the player to move can end the game; (game, finishing move)."""
    import random

    rng = random.Random(rng_seed)
    while True:
        game = fresh(game)
        state = engine.ClassicState.from_dict(game.state)
        for move in state.legal_moves():
            if state.apply(move).is_over:
                return game, move.to_dict()
        move = rng.choice(state.legal_moves()).to_dict()
        services.play_move(game.pk, controller_to_move(game), move, game.version)


@pytest.mark.django_db(transaction=True)
def test_a_failing_eager_rating_is_logged_the_move_answered_and_the_sweep_rates_it(caplog):
    alice, bob = make_users("alice", "bob")
    game, finishing = _one_move_from_the_end(start_game(alice, bob, rated=True))
    mover = controller_to_move(game)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token_for(mover)}")

    with rating_ledger_refuses(), caplog.at_level(logging.ERROR):
        answer = client.post(
            f"/api/v1/games/{game.pk}/moves",
            {"move": finishing, "version": game.version},
            format="json",
        )

    assert answer.status_code == 200, answer.content
    assert answer.json()["applied"] is True
    assert fresh(game).status == Game.Status.FINISHED
    assert not RatingChange.objects.filter(game=game).exists()
    assert any(f"rating: game {game.pk} not rated now" in r.getMessage() for r in caplog.records)

    assert tasks.rate_waiting_games.apply().get() == 1  # the sweep, as beat runs it
    assert set(RatingChange.objects.filter(game=game).values_list("user__username", flat=True)) \
        == {"alice", "bob"}
    assert tasks.rate_waiting_games.apply().get() == 0  # once only


def test_the_sweep_runs_on_every_start_and_on_beat():
    assert "ratings.rate_waiting_games" in settings.WORKER_STARTUP_TASKS
    assert "ratings.rate_waiting_games" in {
        entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()
    }


@pytest.mark.django_db(transaction=True)
def test_the_sweep_skips_the_later_games_of_a_failing_games_players_and_keeps_the_order():
    a, b, c, d = make_users("ann", "ben", "cat", "dan")
    first = finished_game([a, b], rng_seed=1)
    apart = finished_game([c, d], rng_seed=2)  # nobody of `first`
    after = finished_game([a, c], rng_seed=3)  # ann again: must wait for `first`

    with rating_ledger_refuses(first.pk):
        assert ratings.rate_waiting_games() == 1
    assert set(RatingChange.objects.values_list("game_id", flat=True)) == {apart.pk}

    assert ratings.rate_waiting_games() == 2
    swept = figures()
    ratings.recompute_all()  # every game replayed in finish order
    assert figures() == swept
    assert after.finished_at > first.finished_at
