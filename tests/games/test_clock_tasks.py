"""Clock enforcement through Celery: the beat task in-process, and a real worker at the deadline."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from games import tasks
from games.models import Game
from tests.support.games import fresh, start_game
from tests.support.waiting import wait_until


def test_the_beat_schedule_runs_the_clock_task_often():
    entry = settings.CELERY_BEAT_SCHEDULE["games-enforce-clocks"]
    assert entry["task"] == tasks.enforce_clocks.name
    assert entry["schedule"] <= 10


@pytest.mark.django_db
def test_the_beat_task_times_out_overdue_games(alice, bob, carol):
    late = start_game(alice, bob, clock={"kind": "realtime", "base_seconds": 60})
    on_time = start_game(carol, bob, clock={"kind": "realtime", "base_seconds": 60})
    Game.objects.filter(pk=late.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))
    assert tasks.enforce_clocks.delay().get() == 1
    # Out of time before anyone moved: aborted (docs/live-play.md, "Aborted games").
    assert fresh(late).result["ended_by"] == "aborted"
    assert fresh(on_time).status == "playing"


def test_a_worker_times_out_the_player_at_the_deadline(celery_worker_process, alice, bob):
    game = start_game(alice, bob, clock={"kind": "realtime", "base_seconds": 1})
    # Scheduled after commit for deadline + 50 ms; no beat runs in the tests.
    game = wait_until(lambda: (found := fresh(game)).status != "playing" and found, 15,
                      "the worker ending the game")
    # Out of time before a first move: aborted, at the deadline (docs/live-play.md).
    assert game.status == "aborted"
    assert game.result["ended_by"] == "aborted"
    assert game.finished_at >= game.turn_started_at + timedelta(seconds=1)
