"""The leagues' hook on a game's end: only a fixture's game queues its league result."""

import pytest
from celery.signals import task_prerun

from games import services as game_services
from tests.support.games import start_game
from tests.support.leagues import open_fixtures, resign_loser, started_season

pytestmark = pytest.mark.django_db(transaction=True)  # game_finished is sent on commit

RECORD_RESULT = "leagues.tasks.record_game_result"


def test_only_a_fixtures_game_queues_its_league_result(organiser, make_user):
    recorded = []

    def note(sender=None, task_id=None, task=None, args=None, **kwargs):
        if task.name == RECORD_RESULT:
            recorded.append(args[0])

    task_prerun.connect(note, weak=False)
    try:
        friendly = start_game(make_user("fran"), make_user("finn"))
        game_services.resign(friendly.pk, friendly.table.seats.get(player_index=0).user)
        _league, season = started_season(organiser, [make_user("lea"), make_user("leo")])
        fixture = open_fixtures(season)[0]
        resign_loser(fixture, min)
    finally:
        task_prerun.disconnect(note)

    friendly.refresh_from_db()
    fixture.refresh_from_db()
    assert friendly.is_over
    assert fixture.status == fixture.Status.DONE
    assert recorded == [fixture.table.game.pk]
