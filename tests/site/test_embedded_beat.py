"""The embedded server's beat (azulsite.embedded_beat): start-up tasks once, then the schedule."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from azulsite.celery import app
from azulsite.embedded_beat import EmbeddedBeat
from games.models import Game
from ratings.models import RatingChange
from tests.ratings.factories import finished_game, make_users
from tests.support.games import fresh, start_game
from tests.support.waiting import wait_until


@pytest.mark.django_db(transaction=True)
def test_the_embedded_beat_runs_the_start_up_tasks_then_the_schedule_again_and_again(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    waiting = finished_game(make_users("ann", "ben"))  # its rating never ran
    beat = EmbeddedBeat(
        app,
        ["ratings.rate_waiting_games"],
        {"clocks": {"task": "games.tasks.enforce_clocks", "schedule": 0.2}},
    )
    beat.start()
    try:
        wait_until(lambda: RatingChange.objects.filter(game=waiting).exists(), 10)
        for _ in range(2):  # not once only: every interval
            late = start_game(alice, bob, clock={"kind": "realtime", "base_seconds": 60})
            Game.objects.filter(pk=late.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))
            # Out of time before a first move: aborted (docs/live-play.md, "Aborted games").
            wait_until(lambda late=late: fresh(late).status == Game.Status.ABORTED, 10)
            assert fresh(late).result["ended_by"] == "aborted"
    finally:
        beat.stop()


def test_the_embedded_beat_runs_only_where_no_worker_and_no_beat_do():
    assert settings.EMBEDDED_BEAT is False  # the test process itself: tests/conftest.py
    from azulsite import embedded_beat

    assert embedded_beat.start() is None
