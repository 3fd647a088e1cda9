"""The rating task on a real Celery worker over Redis: exactly once in effect.

Run twice, raced by two workers, and a worker killed in the middle of the task: the game ends up
with one set of rating changes, equal to the pure computation.
"""

import os
import signal
import sys
import time

import pytest

from azulsite.celery import app
from games import services
from ratings.ladders import ladder_for, model_of
from ratings.maths import games as rating_games
from ratings.models import Rating, RatingChange
from ratings.tasks import HOLD_ENV, rate_game
from tests.ratings.factories import finished_game, make_users
from tests.support.games import play_one, start_game
from tests.support.processes import _spawn, startup_tasks_done
from tests.support.row_locks import wait_for_lock_waiters
from tests.support.waiting import wait_until

WAIT_SECONDS = 20


def log_count(worker, text):
    return worker.log_path.read_text(errors="replace").count(text)


def expected_changes(game):
    """The pure computation for a game whose players were all new: {user_id: (delta, after)}."""
    seats = sorted(game.table.seats.all(), key=lambda s: s.player_index)
    leavers = set(game.result["leavers"])
    kind = model_of(ladder_for(game.table.ruleset, game.table.players))
    entrants = [
        rating_games.Entrant(s.user_id, rating_games.start(kind),
                             game.result["ranks"][s.player_index], s.player_index in leavers)
        for s in seats
    ]
    return {o.key: (round(o.after.rating - o.before.rating, 2), o.after.rating)
            for o in rating_games.rate_game(kind, entrants, when=game.finished_at)}


def stored_changes(game):
    return {c.user_id: (c.delta, c.rating_after) for c in RatingChange.objects.filter(game=game)}


@pytest.mark.requires("celery")
def test_a_finished_rated_game_is_rated_by_the_worker_within_seconds(celery_worker_process):
    alice, bob = make_users("alice", "bob")
    game = start_game(alice, bob, rated=True)
    for _ in range(3):
        play_one(game)
    services.resign(game.pk, bob)  # ends the game: game_finished -> on commit -> task on Redis
    # Within WAIT_SECONDS, not timed: how soon depends on the machine's load, not on the code.
    wait_until(lambda: RatingChange.objects.filter(game=game).count() == 2, WAIT_SECONDS, "the rating")
    game.refresh_from_db()
    assert stored_changes(game) == expected_changes(game)
    assert Rating.objects.get(user=alice, ladder="classic-2p").rating > 1500  # bob resigned


@pytest.mark.requires("celery")
def test_running_the_task_twice_at_once_and_again_changes_nothing_more(celery_worker_process):
    users = make_users("ann", "ben", "cid", "dot")
    game = finished_game(users, rng_seed=11)
    marker = f"rating: game {game.pk} "
    before = log_count(celery_worker_process, marker)
    rate_game.delay(game.pk)
    rate_game.delay(game.pk)
    wait_until(lambda: log_count(celery_worker_process, marker) == before + 2, WAIT_SECONDS, "both runs")
    rate_game.delay(game.pk)
    wait_until(lambda: log_count(celery_worker_process, marker) == before + 3, WAIT_SECONDS, "the third run")
    assert stored_changes(game) == expected_changes(game)
    assert sorted(Rating.objects.values_list("games", flat=True)) == [1, 1, 1, 1]
    assert log_count(celery_worker_process, f"rating: game {game.pk} rated") == 1


@pytest.mark.requires("postgres", "celery")
def test_a_worker_killed_while_holding_the_locks_leaves_nothing_and_the_redelivery_rates_once(
    celery_worker_process, subprocess_env
):
    """A second worker (our own process, on its own queue) is told by the test-only environment
    variable AZULSITE_RATING_HOLD_SECONDS to sleep once it holds the rating locks. While it
    sleeps, the same task goes to the regular worker, which must wait on the row locks; then the
    first worker is killed with SIGKILL. Its transaction dies with its connection, so nothing of
    its half-done work remains; the waiting worker rates the game once. The killed worker's
    message stays unacknowledged (acks_late) and Redis would hand it out again after its
    visibility timeout: that redelivery is sent by hand at the end and must change nothing.
    """
    users = make_users("ann", "ben", "cid")
    queue = f"ratings-hold-{os.getpid()}-{time.time_ns()}"
    node = f"{queue}@localhost"
    holder = _spawn(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "azulsite",
            "worker",
            "--pool=solo",
            "--loglevel=INFO",
            "--without-gossip",
            "--without-mingle",
            "-Q",
            queue,
            "-n",
            node,
        ],
        {**subprocess_env, "CELERY_EAGER": "false", HOLD_ENV: "30"},
        "celery-hold",
    )
    try:
        wait_until(lambda: app.control.ping(destination=[node], timeout=0.5)
                   and startup_tasks_done(holder), 60, "the second worker")
        game = finished_game(users, rng_seed=12, leavers=(1,))  # not swept by its start-up tasks
        rate_game.apply_async((game.pk,), queue=queue)
        wait_until(lambda: log_count(holder, "holding the locks") == 1, WAIT_SECONDS, "the locks to be held")

        marker = f"rating: game {game.pk} "
        before = log_count(celery_worker_process, marker)
        rate_game.delay(game.pk)  # the regular worker: blocks on the locks
        wait_for_lock_waiters(1, WAIT_SECONDS)  # PostgreSQL shows it waiting for them
        assert log_count(celery_worker_process, marker) == before  # still waiting
        assert not RatingChange.objects.filter(game=game).exists()

        os.kill(holder.process.pid, signal.SIGKILL)
        holder.process.wait(timeout=10)
        wait_until(lambda: log_count(celery_worker_process, marker) == before + 1, WAIT_SECONDS, "the rating")
        assert log_count(celery_worker_process, f"rating: game {game.pk} rated") == 1
        assert stored_changes(game) == expected_changes(game)

        rate_game.delay(game.pk)  # what Redis redelivers after the visibility timeout
        wait_until(lambda: log_count(celery_worker_process, marker) == before + 2, WAIT_SECONDS, "the redelivery")
        assert stored_changes(game) == expected_changes(game)
        assert sorted(Rating.objects.values_list("games", flat=True)) == [1, 1, 1]
    finally:
        holder.stop()
