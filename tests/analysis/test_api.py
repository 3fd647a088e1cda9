"""POST and GET /api/v1/games/{id}/analysis: the documented answers and refusals."""

import pytest

from games.analysis import services
from games.analysis.models import GameAnalysis
from tests.support.games import client_for

from .factories import played_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def small_budget(settings):
    settings.ANALYSIS_NODES = 150


def url(game_id):
    return f"/api/v1/games/{game_id}/analysis"


def test_request_then_read_the_analysis(alice, bob):
    game = played_game([alice, bob])
    before = client_for().get(url(game.pk))
    assert before.status_code == 200
    assert before.json()["status"] == "none"
    answer = client_for(alice).post(url(game.pk))
    assert answer.status_code == 202
    body = answer.json()
    assert body["status"] == "queued"
    assert body["total"] == game.version
    assert body["moves"] == []
    assert body["thresholds"] == {"blunder": 8.0, "mistake": 4.0, "inaccuracy": 1.5, "good": 0.0}
    services.run_analysis(GameAnalysis.objects.get(game=game).pk)  # the task's work, here
    done = client_for().get(url(game.pk)).json()  # anyone may read it
    assert done["status"] == "done"
    assert done["progress"] == game.version
    assert [m["ply"] for m in done["moves"]] == list(range(1, game.version + 1))
    assert done["bot_version"] == "master-7"
    assert done["nodes"] == 150
    assert done["accuracy_half_life"] == 4.0
    for entry in done["summary"]:  # each player's accuracy and grade counts, from the moves
        mine = [m for m in done["moves"] if m["player"] == entry["player"]]
        unforced = [m for m in mine if not m["forced"]]
        assert entry["accuracy"] == round(
            sum(100 * 0.5 ** (m["loss"] / 4) for m in unforced) / len(unforced), 1)
        assert entry["blunders"] == sum(m["grade"] == "blunder" for m in mine)
        assert entry["mistakes"] + entry["inaccuracies"] == sum(
            m["grade"] in ("mistake", "inaccuracy") for m in mine)
    again = client_for(bob).post(url(game.pk))  # shared: bob gets the finished one
    assert again.status_code == 202
    assert again.json()["status"] == "done"


def test_a_running_game_gets_game_not_finished(alice, bob):
    game = played_game([alice, bob], stop_after=8)
    answer = client_for(alice).post(url(game.pk))
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "game_not_finished"
    assert not GameAnalysis.objects.exists()


@pytest.mark.parametrize("game_id", ["999999", str(2**63), "99999999999999999999999"])
def test_unknown_or_huge_game_ids_are_not_found(alice, game_id):
    for response in (client_for(alice).post(url(game_id)), client_for().get(url(game_id))):
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "not_found"


def test_anonymous_requests_are_refused(alice, bob):
    game = played_game([alice, bob])
    answer = client_for().post(url(game.pk))
    assert answer.status_code == 401
    assert answer.json()["error"]["code"] == "not_authenticated"


def test_a_flood_gets_analysis_quota(alice, bob, settings):
    settings.ANALYSES_IN_FLIGHT_PER_USER = 2
    games = [played_game([alice, bob]) for _ in range(3)]  # three games, the same moves
    codes = [client_for(alice).post(url(g.pk)).status_code for g in games]
    assert codes == [202, 202, 429]
    refused = client_for(alice).post(url(games[2].pk)).json()["error"]
    assert refused["code"] == "analysis_quota"
    assert "at once" in refused["detail"]
    assert GameAnalysis.objects.count() == 2
