"""The cap on sockets one user holds open (SOCKETS_PER_USER, realtime.quota): on every
socket path, the socket past it is told why and closed with 4429; others are not touched."""

import json

import pytest
from asgiref.sync import async_to_sync
from websockets.exceptions import ConnectionClosed

from realtime import presence
from realtime.quota import CLOSE_TOO_MANY_SOCKETS
from tests.support.games import start_game
from tests.support.live_sockets import live_socket
from tests.support.sockets import connect, game_socket, joined, next_of, opened, tokens_for

pytestmark = pytest.mark.django_db(transaction=True)


async def refused(communicator):
    """The socket is accepted only to hear the error, then closed with the cap's code."""
    connected, _ = await communicator.connect(timeout=5)
    assert connected
    error = await communicator.receive_json_from(timeout=5)
    closed = await communicator.receive_output(timeout=5)
    return error, closed


def test_the_socket_past_the_cap_is_told_and_closed_and_a_closed_one_frees_its_place(
        alice, bob, settings):
    settings.SOCKETS_PER_USER = 2
    game = start_game(alice, bob)
    tokens = tokens_for(alice, bob)

    @async_to_sync
    async def scenario():
        mine, _ = await joined(game.pk, tokens["alice"], tokens["alice"])
        error, closed = await refused(connect("/ws/lobby/", tokens["alice"]))  # any path counts
        assert error["type"] == "error"
        assert error["code"] == "too_many_sockets"
        assert closed == {"type": "websocket.close", "code": CLOSE_TOO_MANY_SOCKETS}
        others, _ = await joined(game.pk, tokens["bob"], tokens["bob"], None, None)
        await mine[0].send_json_to({"type": "ping"})  # the first two stay open
        await next_of(mine[0], "pong")
        await mine[0].disconnect()
        again = await opened(game_socket(game.pk, tokens["alice"]))
        await next_of(again, "state")
        for socket in (mine[1], again, *others):
            await socket.disconnect()

    scenario()


@pytest.mark.requires("redis")
def test_sockets_of_other_processes_count_through_redis(live_daphne, alice, settings):
    """Entries of alice's sockets held by other servers (written to Redis as they write them)
    fill her cap: the live server refuses her next socket, and takes it once one goes."""
    group = f"user-sockets-{alice.pk}"
    others = [presence.entry(f"elsewhere-{n}", None, False) for n in range(20)]  # the default cap
    for item in others:
        presence.add(group, item)
    with live_socket(live_daphne, "/ws/lobby/", alice) as socket:
        assert json.loads(socket.recv(timeout=10))["code"] == "too_many_sockets"
        with pytest.raises(ConnectionClosed) as closing:
            socket.recv(timeout=10)
        assert closing.value.rcvd.code == CLOSE_TOO_MANY_SOCKETS
    presence.remove(group, others[0])
    with live_socket(live_daphne, "/ws/lobby/", alice) as socket:
        assert json.loads(socket.recv(timeout=10))["type"] == "tables"
