"""The REST API for tables and games: shapes, status codes, error codes, auth and CSRF."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from azul import engine
from games import replays
from games.models import Game, MoveRecord, Table
from tests.support.games import (
    client_for,
    controller_to_move,
    error_code,
    fresh,
    illegal_move,
    legal_moves,
    snapshot,
    start_game,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def clients(alice, bob, carol):
    return {user.username: client_for(user) for user in (alice, bob, carol)}


def test_create_join_and_start_a_table(clients):
    created = clients["alice"].post(
        "/api/v1/tables",
        {
            "players": 3,
            "variant": "gray",
            "rated": True,
            "clock": {"kind": "realtime", "base_seconds": 300, "increment_seconds": 5},
            "bots": [{"seat": 2, "level": "random"}],
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    table = created.json()
    assert table["status"] == "open"
    assert table["creator"] == "alice"
    assert table["game"] is None
    assert table["clock"] == {
        "kind": "realtime",
        "base_seconds": 300,
        "increment_seconds": 5,
        "days_per_move": 0,
    }
    assert [(s["position"], s["username"], s["is_bot"]) for s in table["seats"]] == [
        (0, "alice", False),
        (2, "bot-random", True),
    ]
    listed = clients["bob"].get("/api/v1/tables?status=open").json()
    assert [t["id"] for t in listed["results"]] == [table["id"]]

    joined = clients["bob"].post(f"/api/v1/tables/{table['id']}/join", {}, format="json")
    assert joined.status_code == 200
    assert joined.json() | {} == {
        "table": table["id"],
        "position": 1,
        "username": "bob",
        "display_name": "bob",
        "is_bot": False,
        "bot_level": None,
    }
    started = clients["alice"].post(f"/api/v1/tables/{table['id']}/start")
    assert started.status_code == 201
    game_id = started.json()["game"]
    game = clients["carol"].get(f"/api/v1/games/{game_id}").json()
    assert game["status"] == "playing"
    assert game["version"] == 0
    assert game["table"] == table["id"]
    assert game["seed"] is None
    assert "seed" not in game["state"]
    assert {s["username"] for s in game["seats"]} == {"alice", "bob", "bot-random"}
    current = game["seats"][game["clock"]["current"]]
    assert game["clock"]["kind"] == "realtime"
    assert (game["clock"]["deadline"] is None) == current["is_bot"]  # bots feel no clock
    assert clients["carol"].get(f"/api/v1/tables/{table['id']}").json()["game"] == game_id


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"players": 9},
        {"players": 2, "variant": "purple"},
        {"players": 2, "clock": {"kind": "realtime"}},
        {"players": 2, "bots": [{"seat": 1, "level": "genius"}]},
        {"players": 2, "bots": [{"seat": 0, "level": "greedy"}, {"seat": 1, "level": "greedy"}]},
    ],
)
def test_bad_table_options_are_400_invalid(clients, body):
    response = clients["alice"].post("/api/v1/tables", body, format="json")
    assert response.status_code == 400
    assert error_code(response) == "invalid"
    assert not Table.objects.exists()


def test_table_errors_map_to_their_codes(clients):
    table_id = clients["alice"].post("/api/v1/tables", {"players": 2}, format="json").json()["id"]
    cases = [
        ("bob", f"/api/v1/tables/{table_id}/start", {}, 403, "not_creator"),
        ("alice", f"/api/v1/tables/{table_id}/start", {}, 409, "seats_not_filled"),
        (
            "bob",
            f"/api/v1/tables/{table_id}/bots",
            {"seat": 1, "level": "greedy"},
            403,
            "not_creator",
        ),
        ("alice", f"/api/v1/tables/{table_id}/join", {}, 409, "already_seated"),
        ("bob", f"/api/v1/tables/{table_id}/join", {"seat": 0}, 409, "seat_taken"),
        ("bob", f"/api/v1/tables/{table_id}/leave", {}, 403, "not_seated"),
        ("bob", f"/api/v1/tables/{table_id + 1}/join", {}, 404, "not_found"),
    ]
    for user, path, body, status, code in cases:
        response = clients[user].post(path, body, format="json")
        assert (response.status_code, error_code(response)) == (status, code), path
    assert clients["bob"].get(f"/api/v1/tables/{table_id + 1}").status_code == 404
    assert clients["bob"].get(f"/api/v1/games/{2**70}").status_code == 404  # no integer overflow
    assert clients["bob"].post(f"/api/v1/tables/{2**70}/join").status_code == 404
    clients["bob"].post(f"/api/v1/tables/{table_id}/join", {}, format="json")
    response = clients["carol"].post(f"/api/v1/tables/{table_id}/join", {}, format="json")
    assert (response.status_code, error_code(response)) == (409, "table_full")
    bad_status = clients["carol"].get("/api/v1/tables?status=sideways")
    assert (bad_status.status_code, error_code(bad_status)) == (400, "invalid")


def test_anonymous_writes_are_401_and_reads_are_open(alice, bob):
    game = start_game(alice, bob)
    anonymous = APIClient()
    response = anonymous.post("/api/v1/tables", {"players": 2}, format="json")
    assert (response.status_code, error_code(response)) == (401, "not_authenticated")
    response = anonymous.post(
        f"/api/v1/games/{game.pk}/moves", {"move": {}, "version": 0}, format="json"
    )
    assert response.status_code == 401
    assert anonymous.get(f"/api/v1/games/{game.pk}").status_code == 200
    assert anonymous.get(f"/api/v1/games/{game.pk}/moves").json() == []


def test_session_posts_need_the_csrf_token(alice, bob):
    game = start_game(alice, bob)
    mover = controller_to_move(game)
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(mover)
    move = {"move": legal_moves(game)[0], "version": 0}
    before = snapshot(game)
    refused = browser.post(f"/api/v1/games/{game.pk}/moves", move, content_type="application/json")
    assert refused.status_code == 403
    assert error_code(refused) == "permission_denied"
    assert "CSRF" in refused.json()["error"]["detail"]
    assert snapshot(game) == before
    # What the page does: send the csrftoken cookie's value back in X-CSRFToken.
    secret = "a" * 32
    browser.cookies["csrftoken"] = secret
    accepted = browser.post(
        f"/api/v1/games/{game.pk}/moves",
        move,
        content_type="application/json",
        headers={"X-CSRFToken": secret},
    )
    assert accepted.status_code == 200, accepted.content
    assert fresh(game).version == 1


def test_moves_status_codes_and_refusals_change_nothing(alice, bob, carol):
    game = start_game(alice, bob)
    mover = controller_to_move(game)
    other = bob if mover == alice else alice
    api = {user: client_for(user) for user in (alice, bob, carol)}
    path = f"/api/v1/games/{game.pk}/moves"
    good = legal_moves(game)[0]
    before = snapshot(game)
    cases = [
        (mover, {"move": good, "version": 1}, 409, "stale_version"),
        (other, {"move": good, "version": 0}, 409, "not_your_turn"),
        (carol, {"move": good, "version": 0}, 403, "not_seated"),
        (mover, {"move": illegal_move(game), "version": 0}, 422, "illegal_move"),
        (
            mover,
            {"move": {"source": 0, "color": "mauve", "line": 1}, "version": 0},
            400,
            "invalid_move",
        ),
        (mover, {"move": good}, 400, "invalid"),
        (mover, {"move": good, "version": "zero"}, 400, "invalid"),
    ]
    for user, body, status, code in cases:
        response = api[user].post(path, body, format="json")
        assert (response.status_code, error_code(response)) == (status, code), body
        assert snapshot(game) == before
    response = api[mover].post(
        f"/api/v1/games/{game.pk + 1}/moves", {"move": good, "version": 0}, format="json"
    )
    assert (response.status_code, error_code(response)) == (404, "not_found")

    played = api[mover].post(path, {"move": good, "version": 0}, format="json")
    assert played.status_code == 200
    assert played.json()["version"] == 1
    assert played.json()["applied"] is True
    again = api[mover].post(path, {"move": good, "version": 0}, format="json")
    assert again.status_code == 200
    assert again.json() == played.json() | {"applied": False}
    assert MoveRecord.objects.filter(game=game).count() == 1

    log = api[carol].get(path).json()
    assert [(m["number"], m["username"], m["move"]) for m in log] == [(1, mover.username, good)]


def test_resign_and_replay(alice, bob):
    game = start_game(alice, bob)
    moves = []
    for _ in range(3):
        move = legal_moves(game)[0]
        client_for(controller_to_move(game)).post(
            f"/api/v1/games/{game.pk}/moves",
            {"move": move, "version": fresh(game).version},
            format="json",
        )
        moves.append(move)
    replay = APIClient().get(f"/api/v1/games/{game.pk}/replay?at=2").json()
    expected = engine.new_game(2, seed=game.seed)
    for move in moves[:2]:
        expected = expected.apply(move)
    assert replay["at"] == 2
    assert replay["state"] == expected.to_dict(public=True)
    too_far = APIClient().get(f"/api/v1/games/{game.pk}/replay?at=9")
    assert (too_far.status_code, error_code(too_far)) == (400, "invalid")

    resigned = client_for(alice).post(f"/api/v1/games/{game.pk}/resign")
    assert resigned.status_code == 200
    assert resigned.json()["status"] == "finished"
    assert resigned.json()["result"]["ended_by"] == "resign"
    again = client_for(bob).post(f"/api/v1/games/{game.pk}/resign")
    assert (again.status_code, error_code(again)) == (409, "game_over")
    full = APIClient().get(f"/api/v1/games/{game.pk}/replay").json()
    assert full["at"] == 3
    assert full["state"] == Game.objects.get(pk=game.pk).state
    assert full["state"]["seed"] == game.seed
    assert replays.state_at(fresh(game), 3).to_dict() == fresh(game).state


def test_every_games_endpoint_is_in_the_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    paths = schema["paths"]
    for path, methods in {
        "/api/v1/tables": {"get", "post"},
        "/api/v1/tables/{table_id}": {"get"},
        "/api/v1/tables/{table_id}/join": {"post"},
        "/api/v1/tables/{table_id}/leave": {"post"},
        "/api/v1/tables/{table_id}/bots": {"post"},
        "/api/v1/tables/{table_id}/start": {"post"},
        "/api/v1/games/{game_id}": {"get"},
        "/api/v1/games/{game_id}/moves": {"get", "post"},
        "/api/v1/games/{game_id}/resign": {"post"},
        "/api/v1/games/{game_id}/replay": {"get"},
    }.items():
        assert methods <= set(paths[path]), path
