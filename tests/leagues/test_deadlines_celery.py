"""Round deadlines with a real Celery beat and worker: an overdue fixture is closed by the beat task.

Needs Redis (REDIS_URL); the worker and beat run against this test's database.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game, Seat
from leagues.models import Fixture, Round
from tests.support.leagues import open_fixtures, players, started_season
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.requires("celery"), pytest.mark.timeout(120)]


def test_beat_closes_an_overdue_fixture_and_opens_the_next_round(
    celery_beat_process, organiser, make_user
):
    _, season = started_season(organiser, players(make_user, 2), cycles=2)
    (fixture,) = open_fixtures(season)
    game = Game.objects.get(table=fixture.table_id)
    late = Seat.objects.get(table=fixture.table_id, player_index=game.state["current_player"])

    # The round's time ran out a moment ago (arranged directly: waiting days is not an option).
    past = timezone.now() - timedelta(seconds=1)
    Fixture.objects.filter(pk=fixture.pk).update(deadline_at=past)

    wait_until(lambda: Fixture.objects.get(pk=fixture.pk).status == Fixture.Status.DONE, 45,
               lambda: f"the fixture closed; beat log:\n{celery_beat_process.log_tail()}")
    fixture.refresh_from_db()
    assert fixture.decided_by == Fixture.DecidedBy.DEADLINE
    assert fixture.result["places"][str(late.user_id)] == 2
    wait_until(lambda: Game.objects.get(pk=game.pk).status == Game.Status.FINISHED, 45,
               "the fixture's game ended")
    second = Round.objects.get(season=season, number=2)
    assert second.status == Round.Status.OPEN
    assert Fixture.objects.filter(round=second, status=Fixture.Status.PLAYING).count() == 1
