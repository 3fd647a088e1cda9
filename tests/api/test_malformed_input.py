"""Malformed input never reaches a 500 or closes a socket: every JSON endpoint answers 400
(`parse_error`) in the one error shape, an oversized body 413 (`payload_too_large`), and every
bad socket message an `error` message on a socket that stays open.

Bodies go through the Django test client and through a real daphne (HTTP and WebSocket).
"""

import http.client
import json
from urllib.parse import urlsplit

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client
from websockets.sync.client import connect as ws_connect

from accounts.services import api_token_for
from azulsite.asgi import application
from games import services
from games.models import Game
from kernel.api.parsers import MAX_DEPTH, MalformedJSON, loads
from leagues import services as leagues

DEEP_ARRAY = "[" * 1000 + "]" * 1000  # about 2 KB: the standard library raised RecursionError
DEEP_OBJECT = '{"a":' * 1000 + "1" + "}" * 1000
JUST_TOO_DEEP = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
BAD_BODIES = [
    DEEP_ARRAY,
    DEEP_OBJECT,
    "[" * 5000 + "]" * 5000,  # beyond orjson's own limit too
    JUST_TOO_DEEP,
    "{",
    '{"username": "a", "password": NaN}',
    '{"username": "a", "password": 1e999}',
    '{"username": "\\ud800", "password": "x"}',  # a lone surrogate
    b'{"username": "\xff\xfe", "password": "x"}',  # not UTF-8
    "",
]


def _user(username):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username=username, password=None)


def _running_game():
    """A started 2-player game and the user to move in it."""
    alice, bob = _user("alice"), _user("bob")
    table = services.create_table(alice, players=2)
    services.join_table(table.pk, bob)
    game = services.start_table(table.pk, alice)
    to_move = game.table.seats.get(player_index=game.state["current_player"]).user
    return game, to_move


def assert_error(response, status, code):
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert set(body) == {"error"}, body
    assert body["error"]["code"] == code, body
    assert isinstance(body["error"]["detail"], str)
    assert body["error"]["detail"]


def test_the_reader_bounds_depth_without_recursing():
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    for text in (JUST_TOO_DEEP, DEEP_ARRAY, DEEP_OBJECT, "[" * 100_000):
        with pytest.raises(MalformedJSON, match="nested deeper|not valid"):
            loads(text)


# --- REST -------------------------------------------------------------------------------------

ANONYMOUS_ENDPOINTS = ["/api/v1/auth/token", "/api/v1/auth/register", "/api/v1/games/verify"]


@pytest.mark.django_db
@pytest.mark.parametrize("path", ANONYMOUS_ENDPOINTS)
@pytest.mark.parametrize("body", BAD_BODIES, ids=range(len(BAD_BODIES)))
def test_a_malformed_body_is_a_400_on_open_endpoints(path, body):
    client = Client(raise_request_exception=False)
    response = client.post(path, body, content_type="application/json")
    if body == "":
        assert response.status_code == 400  # no body: the fields are missing
        assert response.json()["error"]["code"] == "invalid"
        return
    assert_error(response, 400, "parse_error")


@pytest.mark.django_db
def test_a_malformed_body_is_a_400_on_every_authenticated_endpoint():
    game, alice = _running_game()
    league = leagues.create_league(alice, name="Parsed league")
    season = league.seasons.get()
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    paths = [
        "/api/v1/tables",
        f"/api/v1/tables/{game.table_id}/join",
        f"/api/v1/tables/{game.table_id}/bots",
        f"/api/v1/games/{game.pk}/moves",
        "/api/v1/leagues",
        f"/api/v1/leagues/{league.pk}/join",
        f"/api/v1/leagues/{league.pk}/invitations",
        f"/api/v1/seasons/{season.pk}/withdraw",
    ]
    for path in paths:
        for body in (DEEP_ARRAY, DEEP_OBJECT, "{"):
            assert_error(client.post(path, body, content_type="application/json"), 400, "parse_error")
    assert_error(
        client.patch(f"/api/v1/seasons/{season.pk}", DEEP_ARRAY, content_type="application/json"),
        400,
        "parse_error",
    )


@pytest.mark.django_db
def test_a_body_over_the_limit_is_a_json_413(settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    client = Client(raise_request_exception=False)
    body = json.dumps({"username": "alice", "password": "x" * 1000})

    response = client.post("/api/v1/auth/token", body, content_type="application/json")

    assert_error(response, 413, "payload_too_large")
    small = client.post("/api/v1/auth/token", '{"username": "a", "password": "b"}',
                        content_type="application/json")
    assert small.status_code == 401  # under the limit: parsed and refused on its merits


def _post_raw(base_url, path, body: bytes, headers=None):
    parts = urlsplit(base_url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        connection.request(
            "POST", path, body=body, headers={"Content-Type": "application/json", **(headers or {})}
        )
        response = connection.getresponse()
        return response.status, response.getheader("Content-Type"), response.read()
    finally:
        connection.close()


def test_daphne_answers_malformed_and_oversized_bodies_in_the_error_shape(live_daphne):
    for path in ANONYMOUS_ENDPOINTS:
        for body in (DEEP_ARRAY, DEEP_OBJECT):
            status, content_type, answer = _post_raw(live_daphne.url, path, body.encode())
            assert (status, content_type) == (400, "application/json"), answer[:200]
            assert json.loads(answer)["error"]["code"] == "parse_error"

    huge = json.dumps({"record": "x" * (2 * 1024 * 1024)}).encode()  # over the 1 MiB default
    status, content_type, answer = _post_raw(live_daphne.url, "/api/v1/games/verify", huge)
    assert (status, content_type) == (413, "application/json"), answer[:200]
    assert json.loads(answer)["error"]["code"] == "payload_too_large"


# --- WebSocket --------------------------------------------------------------------------------

BAD_MESSAGES = [
    (DEEP_ARRAY, "malformed"),
    (DEEP_OBJECT, "malformed"),
    ('{"type": "ping", "x": ' + JUST_TOO_DEEP + "}", "malformed"),
    ("{not json", "malformed"),
    ("[1, 2]", "malformed"),
    ("null", "malformed"),
    ('{"type": NaN}', "malformed"),
    ('{"type": ["move"]}', "unknown_type"),
    ('{"type": {"move": 1}}', "unknown_type"),
    ('{"type": 7}', "unknown_type"),
    ('{"type": "__init__"}', "unknown_type"),
    ('{"type": "move", "move": ' + DEEP_ARRAY + ', "version": 0}', "malformed"),
    ('{"type": "move", "move": [], "version": ["x"]}', "invalid"),
    ('{"type": "move", "move": {"source": {"a": []}}, "version": 0}', "invalid_move"),
    (json.dumps({"type": "ping", "pad": "x" * (64 * 1024)}), "payload_too_large"),
]


def test_daphne_answers_every_bad_socket_message_with_an_error_and_stays_open(live_daphne):
    game, alice = _running_game()
    url = f"{live_daphne.ws_url}/ws/games/{game.pk}/?token={api_token_for(alice)}"
    with ws_connect(url, origin=live_daphne.url, open_timeout=10, max_size=None) as socket:
        assert json.loads(socket.recv(timeout=10))["type"] == "state"
        for text, code in [*BAD_MESSAGES, (b"\x00binary", "malformed")]:
            socket.send(text)
            answer = _next_of(socket, "error")
            assert answer["code"] == code, (text[:60], answer)
        socket.send('{"type": "ping"}')
        assert _next_of(socket, "pong") == {"type": "pong"}
    assert Game.objects.get(pk=game.pk).version == 0  # nothing was played


def _next_of(socket, kind):
    while True:
        message = json.loads(socket.recv(timeout=10))
        if message["type"] == kind:
            return message


@pytest.mark.django_db(transaction=True)
def test_the_consumer_answers_bad_messages_without_closing():
    from asgiref.sync import async_to_sync

    game, alice = _running_game()

    @async_to_sync
    async def scenario():
        communicator = WebsocketCommunicator(
            application,
            f"/ws/games/{game.pk}/?token={await _token(alice)}",
            headers=[(b"origin", b"http://localhost"), (b"host", b"localhost")],
        )
        connected, _ = await communicator.connect(timeout=5)
        assert connected
        for text, code in BAD_MESSAGES:
            await communicator.send_to(text_data=text)
            while (answer := await communicator.receive_json_from(timeout=5))["type"] != "error":
                pass
            assert answer["code"] == code, (text[:60], answer)
        await communicator.send_to(text_data='{"type": "ping"}')
        while (answer := await communicator.receive_json_from(timeout=5))["type"] != "pong":
            pass
        await communicator.disconnect()

    scenario()


async def _token(user):
    from channels.db import database_sync_to_async

    return await database_sync_to_async(api_token_for)(user)
