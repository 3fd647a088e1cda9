"""Quotas (docs/operations.md, "Quotas"): open tables and hints per user, messages per socket,
anonymous sockets per game, and debounced presence. Each refusal answers its documented code.
"""

import asyncio
import json
import threading
import time
import urllib.error
import urllib.request

import pytest
from asgiref.sync import async_to_sync
from django.db import connection

from games import errors, services
from games.models import Table
from realtime import presence
from tests.support.games import client_for, controller_to_move, error_code, start_game
from tests.support.sockets import WAIT, game_socket, joined, next_of, opened, tokens_for

pytestmark = pytest.mark.django_db(transaction=True)



# --- open tables -------------------------------------------------------------------------------


def test_a_user_may_sit_at_so_many_open_tables_and_no_more(alice, bob, settings):
    settings.OPEN_TABLES_PER_USER = 3
    tables = [services.create_table(alice, players=2) for _ in range(3)]
    with pytest.raises(errors.TooManyOpenTables):
        services.create_table(alice, players=2)
    refused = client_for(alice).post("/api/v1/tables", {"players": 2}, format="json")
    assert refused.status_code == 409
    assert error_code(refused) == "too_many_open_tables"
    assert "3 open tables" in refused.json()["error"]["detail"]
    # Joining counts too: a seat at someone else's open table is a seat at an open table.
    elsewhere = services.create_table(bob, players=3)
    refused = client_for(alice).post(f"/api/v1/tables/{elsewhere.pk}/join", {}, format="json")
    assert refused.status_code == 409
    assert error_code(refused) == "too_many_open_tables"
    assert Table.objects.filter(creator=alice, status=Table.Status.OPEN).count() == 3

    services.join_table(tables[0].pk, bob)
    services.start_table(tables[0].pk, alice)  # playing now: no longer open
    services.leave_table(tables[1].pk, alice)  # aborted
    services.create_table(alice, players=2)
    services.join_table(elsewhere.pk, alice)


@pytest.mark.requires("postgres")
def test_one_users_tables_created_at_once_stop_at_the_quota(alice, settings):
    settings.OPEN_TABLES_PER_USER = 4
    for _ in range(3):
        services.create_table(alice, players=2)
    gate = threading.Barrier(6)
    answers = []

    def create():
        try:
            gate.wait(10)
            services.create_table(alice, players=2)
            answers.append("created")
        except errors.TooManyOpenTables as exc:
            answers.append(exc.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=create) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(answers) == ["created"] + ["too_many_open_tables"] * 5
    assert Table.objects.filter(creator=alice, status=Table.Status.OPEN).count() == 4


# --- hints -------------------------------------------------------------------------------------


def _hint_request(base_url, game, user):
    from accounts.services import api_token_for

    request = urllib.request.Request(
        f"{base_url}/api/v1/games/{game.pk}/hint", data=b"", method="POST",
        headers={"Authorization": f"Token {api_token_for(user)}"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def test_hints_per_minute_are_limited_per_user(alice, bob, settings, throttle_clock_held):
    settings.HINTS_PER_MINUTE = 3
    # The budget is counted per calendar minute: the held clock keeps the four requests in one
    # window (CI once crossed a minute midway: a 200).
    game = start_game(alice, bob)
    mover = controller_to_move(game)
    client = client_for(mover)
    for _ in range(3):
        assert client.post(f"/api/v1/games/{game.pk}/hint").status_code == 200
    refused = client.post(f"/api/v1/games/{game.pk}/hint")
    assert refused.status_code == 429
    assert error_code(refused) == "throttled"
    body = refused.json()["error"]
    assert body["detail"].startswith("at most 3 hints a minute.")
    assert 0 < body["retry_after"] <= 60
    assert int(refused["Retry-After"]) <= 60


@pytest.mark.requires("redis")
def test_the_hint_count_holds_across_server_processes(make_user, live_daphne):
    """Counted in the shared cache: hints asked of this process count in the daphne process."""
    from django.conf import settings

    # The budget is counted per calendar minute (accounts.throttles.WindowRateThrottle) and the
    # daphne process keeps real time: an attempt that straddles two minutes proves nothing (CI
    # once got a 200 so), and is played again by fresh players, whose budget is whole. Waiting for
    # the first half of a minute instead cost up to 30 s.
    for attempt in range(3):
        game = start_game(make_user(f"hinter{attempt}a"), make_user(f"hinter{attempt}b"))
        mover = controller_to_move(game)
        client = client_for(mover)
        minute = int(time.time() // 60)
        for _ in range(settings.HINTS_PER_MINUTE):
            assert client.post(f"/api/v1/games/{game.pk}/hint").status_code == 200
        status, body = _hint_request(live_daphne.url, game, mover)
        if int(time.time() // 60) == minute:
            break
    assert status == 429
    assert body["error"]["code"] == "throttled"


# --- sockets -----------------------------------------------------------------------------------


async def _next_answer(socket):
    """The next message that is not a presence update."""
    while True:
        message = await socket.receive_json_from(timeout=WAIT)
        if message["type"] != "presence":
            return message


def test_a_socket_over_its_message_rate_is_told_for_each_message_and_stays_open(
    alice, bob, settings
):
    settings.WEBSOCKET_MESSAGES_PER_SECOND = 5
    settings.WEBSOCKET_MESSAGE_BURST = 5
    game = start_game(alice, bob)
    tokens = tokens_for(alice)

    @async_to_sync
    async def scenario():
        (socket,), _ = await joined(game.pk, tokens["alice"])
        for _ in range(12):
            await socket.send_json_to({"type": "ping"})
        answers = [await _next_answer(socket) for _ in range(12)]
        pongs = [a for a in answers if a["type"] == "pong"]
        refused = [a for a in answers if a["type"] == "error"]
        assert len(pongs) + len(refused) == 12  # every message answered
        assert 5 <= len(pongs) <= 7
        assert refused
        assert {a["code"] for a in refused} == {"throttled"}
        assert all(0 < a["retry_after_ms"] <= 1000 for a in refused)
        assert "not processed" in refused[0]["detail"]
        # As long as the server said to wait: the rate refills, the same socket is served again.
        await asyncio.sleep(max(a["retry_after_ms"] for a in refused) / 1000)
        await socket.send_json_to({"type": "ping"})
        assert (await next_of(socket, "pong")) == {"type": "pong"}
        await socket.disconnect()

    scenario()


def test_anonymous_sockets_per_game_are_limited_and_logged_in_spectators_are_not(
    alice, bob, carol, settings
):
    settings.ANONYMOUS_SOCKETS_PER_GAME = 2
    game = start_game(alice, bob)
    tokens = tokens_for(carol)

    @async_to_sync
    async def scenario():
        watchers, _ = await joined(game.pk, None, None)
        refused = await opened(game_socket(game.pk))
        error = await refused.receive_json_from(timeout=WAIT)
        assert error["type"] == "error"
        assert error["code"] == "too_many_spectators"
        assert "log in" in error["detail"]
        closed = await refused.receive_output(timeout=WAIT)
        assert closed == {"type": "websocket.close", "code": 4429}

        (logged_in,), _ = await joined(game.pk, tokens["carol"])

        await watchers[0].disconnect()  # a place frees up
        (again,), _ = await joined(game.pk, None)
        assert (await presence.snapshot(f"game-{game.pk}"))["spectators"] == 3
        for socket in (watchers[1], logged_in, again):
            await socket.disconnect()

    scenario()


def test_a_crowd_connecting_at_once_costs_a_few_presence_broadcasts_not_one_each(
    alice, bob, settings
):
    settings.ANONYMOUS_SOCKETS_PER_GAME = 100
    game = start_game(alice, bob)
    tokens = tokens_for(alice)

    @async_to_sync
    async def scenario():
        (player,), _ = await joined(game.pk, tokens["alice"])
        first = await next_of(player, "presence")
        assert first["connected"] == ["alice"]
        crowd = await asyncio.gather(*(opened(game_socket(game.pk)) for _ in range(20)))
        seen = []
        while not seen or seen[-1]["spectators"] < 20:
            seen.append(await next_of(player, "presence"))
        assert seen[-1] == {"type": "presence", "connected": ["alice"], "spectators": 20}
        assert len(seen) <= 3, seen  # debounced: not 20 broadcasts to 21 sockets
        assert await player.receive_nothing(timeout=1.0)
        await asyncio.gather(*(socket.disconnect() for socket in crowd))
        assert (await next_of(player, "presence"))["spectators"] == 0
        await player.disconnect()

    scenario()


def test_league_fixtures_start_whatever_open_tables_their_players_sit_at(make_user, settings):
    from leagues.models import Fixture
    from tests.support.leagues import started_season

    settings.OPEN_TABLES_PER_USER = 1
    organiser, ann, ben = make_user("olga"), make_user("ann"), make_user("ben")
    for player in (ann, ben):
        services.create_table(player, players=2)  # each at the quota already
    _, season = started_season(organiser, [ann, ben])
    (fixture,) = Fixture.objects.filter(round__season=season)
    assert fixture.status == Fixture.Status.PLAYING
    assert fixture.table.status == Table.Status.PLAYING
