"""Ids from outside are read by one helper (kernel.ids.parse_id): a huge, negative, fractional,
boolean or infinite id is a 404 like an unknown one. An invite-only league is a 404 to strangers
on every endpoint, writes included, exactly as an id that does not exist."""

import pytest
from django.test import Client

from games import errors as game_errors
from games import selectors
from games import services as games
from games.services import bot_turns
from kernel.ids import MAX_ID, parse_id
from leagues import errors as league_errors
from leagues import services as leagues

pytestmark = pytest.mark.django_db

NOT_IDS = [True, False, 0, -1, MAX_ID + 1, 10**30, 1.0, 1.5, float("inf"), float("nan"), "1.0",
           " 1", "١", "9" * 40, None, [1], {"id": 1}]  # fmt: skip


def test_parse_id_reads_only_what_a_row_could_have():
    assert [parse_id(v) for v in (1, "1", MAX_ID, str(MAX_ID))] == [1, 1, MAX_ID, MAX_ID]
    assert [parse_id(v) for v in NOT_IDS] == [None] * len(NOT_IDS)


@pytest.mark.parametrize("value", NOT_IDS, ids=repr)
def test_services_answer_not_found_for_what_is_no_id(value, make_user):
    alice = make_user("alice")
    games.start_table(games.create_table(alice, players=2, bots=[{"seat": 1, "level": "random"}]).pk, alice)
    leagues.create_league(alice, name="First")  # league, season and game 1 exist: no truncation
    calls = [
        (game_errors.NotFound, lambda: bot_turns.suggest_move(value, alice)),
        (game_errors.NotFound, lambda: selectors.get_game(value)),
        (league_errors.NotFound, lambda: leagues.join_league(value, alice)),
        (league_errors.NotFound, lambda: leagues.start_season(value, alice)),
    ]
    for error, call in calls:
        with pytest.raises(error):
            call()


def test_huge_ids_in_paths_are_404s(make_user):
    client = Client(raise_request_exception=False)
    client.force_login(make_user("alice"))
    huge = "9" * 30
    for path in (f"/api/v1/games/{huge}/hint", f"/api/v1/leagues/{huge}/join",
                 f"/api/v1/seasons/{huge}/start", f"/api/v1/fixtures/{huge}/extend"):  # fmt: skip
        response = client.post(path, {}, content_type="application/json")
        assert response.status_code == 404, (path, response.content)
        assert response.json()["error"]["code"] == "not_found"


def test_an_invite_only_league_is_unknown_to_strangers_on_every_endpoint(make_user):
    olga, stranger = make_user("olga"), make_user("stranger")
    league = leagues.create_league(olga, name="Secret", visibility="invite")
    season = league.seasons.get()
    client = Client(raise_request_exception=False)
    client.force_login(stranger)
    body = '{"username": "stranger", "reason": "x", "organiser": true}'
    unknown = 10**6

    def answers(league_id, season_id):
        calls = [
            ("get", f"/api/v1/leagues/{league_id}"),
            ("get", f"/api/v1/leagues/{league_id}/audit"),
            ("post", f"/api/v1/leagues/{league_id}/join"),
            ("post", f"/api/v1/leagues/{league_id}/leave"),
            ("post", f"/api/v1/leagues/{league_id}/invitations"),
            ("get", f"/api/v1/leagues/{league_id}/invitations"),
            ("post", f"/api/v1/leagues/{league_id}/invite-link"),
            ("delete", f"/api/v1/leagues/{league_id}/invite-link"),
            ("post", f"/api/v1/leagues/{league_id}/players/remove"),
            ("post", f"/api/v1/leagues/{league_id}/organisers"),
            ("get", f"/api/v1/seasons/{season_id}"),
            ("patch", f"/api/v1/seasons/{season_id}"),
            ("post", f"/api/v1/seasons/{season_id}/start"),
            ("post", f"/api/v1/seasons/{season_id}/close"),
            ("post", f"/api/v1/seasons/{season_id}/withdraw"),
            ("get", f"/api/v1/seasons/{season_id}/standings"),
        ]
        found = []
        for method, path in calls:
            if method == "get":
                response = client.get(path)
            else:
                response = getattr(client, method)(path, body, content_type="application/json")
            error = response.json()["error"]
            assert error["detail"] != "No such resource.", path  # the endpoint exists
            found.append((path.split("/", 5)[-1], response.status_code, error["code"]))
        return found

    secret, missing = answers(league.pk, season.pk), answers(unknown, unknown)
    assert [(status, code) for _, status, code in secret] == [(404, "not_found")] * len(secret), secret
    assert [(s, c) for _, s, c in secret] == [(s, c) for _, s, c in missing]
    assert not league.members.filter(user=stranger).exists()
    wrong_code = client.post(f"/api/v1/leagues/{league.pk}/join", {"code": "guess"},
                             content_type="application/json")  # fmt: skip
    assert wrong_code.status_code == 404
    joined = client.post(f"/api/v1/leagues/{league.pk}/join", {"code": league.invite_code},
                         content_type="application/json")  # fmt: skip
    assert joined.status_code == 200
