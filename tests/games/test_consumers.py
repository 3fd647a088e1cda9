"""The WebSocket protocol with WebsocketCommunicator against the real ASGI application.

The channel layer is Redis when REDIS_URL is set (CI), in-memory otherwise. transaction=True:
consumers read the database from worker threads, which must see committed rows.
"""

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.test import Client
from django.utils import timezone

from azul import engine
from games import services
from games.models import Game, MoveRecord
from tests.support.games import play_first_moves, start_game
from tests.support.sockets import (
    ORIGIN,
    WAIT,
    connect,
    game_socket,
    joined,
    next_of,
    opened,
    settle,
    tokens_for,
)

pytestmark = pytest.mark.django_db(transaction=True)



@pytest.fixture(autouse=True)
def _flush_in_memory_layer():
    """Dead channels of earlier tests must not fill the in-memory groups. (Redis is shared with
    other processes, so it is never flushed; its dead channels expire by themselves.)"""
    layer = get_channel_layer()
    if isinstance(layer, InMemoryChannelLayer):
        async_to_sync(layer.flush)()


@pytest.mark.requires("redis")
def test_with_redis_configured_the_consumers_run_on_the_redis_layer():
    from channels_redis.pubsub import RedisPubSubChannelLayer

    assert isinstance(get_channel_layer(), RedisPubSubChannelLayer)


def first_legal_move(state):
    return engine.ClassicState.from_dict(state).legal_moves()[0].to_dict()


def mover_name(message):
    current = message["clock"]["current"]
    return next(seat["username"] for seat in message["seats"] if seat["player_index"] == current)


def test_a_full_game_between_two_connected_players_watched_by_a_spectator(alice, bob, settings):
    # Played at machine speed, faster than the per-socket message quota (tests/games/test_quotas.py).
    settings.WEBSOCKET_MESSAGES_PER_SECOND = 1000
    game = start_game(alice, bob)
    tokens = tokens_for(alice, bob)

    @async_to_sync
    async def scenario():
        players = {
            "alice": await opened(game_socket(game.pk, tokens["alice"])),
            "bob": await opened(game_socket(game.pk, tokens["bob"])),
        }
        spectator = await opened(game_socket(game.pk))
        everyone = [*players.values(), spectator]
        latest = [await next_of(c, "state") for c in everyone]
        assert {m["version"] for m in latest} == {0}
        assert "seed" not in latest[0]["state"]
        assert latest[0]["seed"] is None
        seen = []
        message = latest[2]
        while message["status"] == "playing":
            private = message["state"]
            # public state has no seed; the engine picks a fresh one, which does not matter here
            move = first_legal_move(private)
            await players[mover_name(message)].send_json_to(
                {"type": "move", "move": move, "version": message["version"]}
            )
            received = [await next_of(c, "state") for c in everyone]
            assert len({m["version"] for m in received}) == 1
            assert received[2]["last_move"]["move"] == move
            message = received[2]
            seen.append(message["version"])
        for communicator in everyone:
            await communicator.disconnect()
        return message, seen

    final, seen = scenario()
    stored = Game.objects.get(pk=game.pk)
    assert seen == list(range(1, stored.version + 1))  # the spectator saw every state, in order
    assert final["status"] == "finished"
    assert final["seed"] == stored.seed
    assert final["state"] == stored.state
    assert final["result"] == stored.result
    assert MoveRecord.objects.filter(game=stored).count() == stored.version


def test_errors_go_to_the_sender_only_and_the_connection_stays_open(alice, bob, carol):
    game = start_game(alice, bob)
    tokens = tokens_for(alice, bob, carol)

    @async_to_sync
    async def scenario():
        (a, b, c), (state, _, _) = await joined(game.pk, tokens["alice"], tokens["bob"], tokens["carol"])
        waiting = b if mover_name(state) == "alice" else a
        mover = a if waiting is b else b
        move = first_legal_move(state["state"])
        await settle(a, b, c)
        sends = [
            (waiting, {"type": "move", "move": move, "version": 0}, "not_your_turn"),
            (c, {"type": "move", "move": move, "version": 0}, "not_seated"),
            (mover, {"type": "move", "move": move, "version": 3}, "stale_version"),
            (mover, {"type": "move", "move": {"source": 0}, "version": 0}, "invalid_move"),
            (mover, {"type": "move", "version": 0}, "invalid_move"),
            (mover, {"type": "move", "move": move}, "invalid"),
            (mover, {"type": "dance"}, "unknown_type"),
            (mover, {"no": "type"}, "unknown_type"),
        ]
        for sender, payload, code in sends:
            await sender.send_json_to(payload)
            answer = await next_of(sender, "error")
            assert answer["code"] == code, (payload, answer)
        await mover.send_to(text_data="{not json")
        assert (await next_of(mover, "error"))["code"] == "malformed"
        await mover.send_to(text_data="[1, 2]")
        assert (await next_of(mover, "error"))["code"] == "malformed"
        for communicator in (a, b, c):
            assert await communicator.receive_nothing(timeout=0.3)
        await mover.send_json_to({"type": "ping"})
        assert (await next_of(mover, "pong")) == {"type": "pong"}
        for communicator in (a, b, c):
            await communicator.disconnect()

    scenario()
    assert Game.objects.get(pk=game.pk).version == 0
    assert not MoveRecord.objects.exists()


def test_anonymous_watchers_cannot_move(alice, bob):
    game = start_game(alice, bob)

    @async_to_sync
    async def scenario():
        watcher = await opened(game_socket(game.pk))
        state = await next_of(watcher, "state")
        await watcher.send_json_to(
            {"type": "move", "move": first_legal_move(state["state"]), "version": 0}
        )
        assert (await next_of(watcher, "error"))["code"] == "not_authenticated"
        await watcher.send_json_to({"type": "resign"})
        assert (await next_of(watcher, "error"))["code"] == "not_authenticated"
        await watcher.disconnect()

    scenario()
    assert Game.objects.get(pk=game.pk).version == 0


def test_a_reconnecting_client_resyncs(alice, bob):
    game = start_game(alice, bob)
    tokens = tokens_for(alice, bob)

    @async_to_sync
    async def scenario():
        a = await opened(game_socket(game.pk, tokens["alice"]))
        first = await next_of(a, "state")
        await a.disconnect()
        # Two moves happen while alice is away (e.g. through the REST API).
        for _ in range(2):
            await database_sync_to_async(play_first_legal)(game.pk)
        a = await opened(game_socket(game.pk, tokens["alice"]))
        on_reconnect = await next_of(a, "state")
        await a.send_json_to({"type": "sync", "version": first["version"]})
        synced = await next_of(a, "state")
        await a.disconnect()
        return first, on_reconnect, synced

    first, on_reconnect, synced = scenario()
    assert first["version"] == 0
    assert first["last_move"] is None
    assert on_reconnect["version"] == synced["version"] == 2
    assert synced["last_move"]["number"] == 2
    assert synced["state"] == on_reconnect["state"]


def play_first_legal(game_id):
    game = Game.objects.get(pk=game_id)
    seat = game.table.seats.get(player_index=game.state["current_player"])
    move = first_legal_move(game.state)
    services.play_move(game_id, seat.user, move, game.version)


def test_resending_a_move_answers_the_sender_with_the_state(alice, bob):
    game = start_game(alice, bob)
    tokens = tokens_for(alice, bob)

    @async_to_sync
    async def scenario():
        (a, b), (state, _) = await joined(game.pk, tokens["alice"], tokens["bob"])
        mover = a if mover_name(state) == "alice" else b
        other = b if mover is a else a
        message = {"type": "move", "move": first_legal_move(state["state"]), "version": 0}
        await mover.send_json_to(message)
        assert (await next_of(mover, "state"))["version"] == 1
        assert (await next_of(other, "state"))["version"] == 1
        await settle(a, b)
        await mover.send_json_to(message)  # e.g. the answer was lost and the client retries
        assert (await next_of(mover, "state"))["version"] == 1
        assert await other.receive_nothing(timeout=0.3)
        for communicator in (a, b):
            await communicator.disconnect()

    scenario()
    assert MoveRecord.objects.filter(game=game).count() == 1


def test_presence_shows_connected_players_and_counts_spectators(alice, bob, carol):
    game = start_game(alice, bob)
    tokens = tokens_for(alice, bob, carol)

    @async_to_sync
    async def scenario():
        a = await opened(game_socket(game.pk, tokens["alice"]))
        await next_of(a, "state")
        assert await next_of(a, "presence") == {
            "type": "presence",
            "connected": ["alice"],
            "spectators": 0,
        }
        watcher = await opened(game_socket(game.pk, tokens["carol"]))
        assert (await next_of(a, "presence"))["spectators"] == 1
        b = await opened(game_socket(game.pk, tokens["bob"]))
        assert (await next_of(a, "presence"))["connected"] == ["alice", "bob"]
        await b.disconnect()
        await watcher.disconnect()
        # Both changes within the broadcast delay: one broadcast tells of both (debounced).
        last = await next_of(a, "presence")
        assert last == {"type": "presence", "connected": ["alice"], "spectators": 0}
        assert await a.receive_nothing(timeout=1.0)
        await a.disconnect()

    scenario()


def test_resign_over_the_socket_ends_the_game_for_everyone(alice, bob):
    game = start_game(alice, bob)
    tokens = tokens_for(alice, bob)

    @async_to_sync
    async def scenario():
        (a, b), _ = await joined(game.pk, tokens["alice"], tokens["bob"])
        await a.send_json_to({"type": "resign"})
        ended = [await next_of(c, "state") for c in (a, b)]
        for communicator in (a, b):
            await communicator.disconnect()
        return ended

    ended = scenario()
    assert {m["status"] for m in ended} == {"finished"}
    assert ended[1]["result"]["ended_by"] == "resign"


def test_unknown_games_and_foreign_origins_are_refused(alice, bob):
    game = start_game(alice, bob)
    tokens = tokens_for(alice, bob)

    @async_to_sync
    async def scenario():
        for game_id in (game.pk + 1000, 2**70):
            unknown = game_socket(game_id, tokens["alice"])
            connected, _ = await unknown.connect(timeout=WAIT)
            assert connected
            closed = await unknown.receive_output(timeout=WAIT)
            assert closed == {"type": "websocket.close", "code": 4404}

        foreign = game_socket(game.pk, tokens["alice"], headers=[(b"origin", b"http://evil.test")])
        connected, _ = await foreign.connect(timeout=WAIT)
        assert not connected

    scenario()


async def next_about(lobby, table_pk):
    """The lobby's next message about this table, skipping late ones about earlier tests' tables
    (their after-commit broadcasts can still be on their way through Redis)."""
    while True:
        message = await lobby.receive_json_from(timeout=WAIT)
        if message["type"] == "table" and message["table"]["id"] != table_pk:
            continue
        if message["type"] == "tables" and any(t["id"] != table_pk for t in message["tables"]):
            continue
        return message


def test_the_lobby_hears_about_table_changes(alice, bob):
    @async_to_sync
    async def scenario():
        lobby = await opened(connect("/ws/lobby/"))
        assert await lobby.receive_json_from(timeout=WAIT) == {"type": "tables", "tables": []}
        table = await database_sync_to_async(services.create_table)(alice, players=2)
        changed = await next_about(lobby, table.pk)
        listed = await next_about(lobby, table.pk)
        await database_sync_to_async(services.join_table)(table.pk, bob)
        await next_about(lobby, table.pk)
        await next_about(lobby, table.pk)
        await database_sync_to_async(services.start_table)(table.pk, alice)
        started = await next_about(lobby, table.pk)
        still_open = await next_about(lobby, table.pk)
        await lobby.disconnect()
        return table, changed, listed, started, still_open

    table, changed, listed, started, still_open = scenario()
    assert changed["type"] == "table"
    assert changed["table"]["id"] == table.pk
    assert listed["type"] == "tables"
    assert [t["id"] for t in listed["tables"]] == [table.pk]
    assert started["table"]["status"] == "playing"
    assert started["table"]["game"] is not None
    assert still_open == {"type": "tables", "tables": []}


def test_a_game_end_tells_the_lobby_of_its_table_alone(alice, bob):
    """The table of a finished game was not open, so the open list is not sent again to every
    lobby socket: the next message after the finished table is about the next new table."""
    game = start_game(alice, bob)

    @async_to_sync
    async def scenario():
        lobby = await opened(connect("/ws/lobby/"))
        await lobby.receive_json_from(timeout=WAIT)  # the open tables on connecting
        await database_sync_to_async(services.resign)(game.pk, alice)
        finished = await next_about(lobby, game.table_id)
        table = await database_sync_to_async(services.create_table)(bob, players=2)
        after = await next_about(lobby, table.pk)
        await lobby.disconnect()
        return finished, table, after

    finished, table, after = scenario()
    assert finished["type"] == "table"
    assert finished["table"]["status"] == "finished"
    assert after["type"] == "table"
    assert after["table"]["id"] == table.pk


def test_a_player_connected_by_session_cookie_can_move(alice, bob):
    game = start_game(alice, bob)
    mover = Game.objects.get(pk=game.pk).table.seats.get(player_index=0).user
    browser = Client()
    browser.force_login(mover)
    cookie = [(b"cookie", f"sessionid={browser.cookies['sessionid'].value}".encode())]

    @async_to_sync
    async def scenario():
        socket = await opened(game_socket(game.pk, headers=ORIGIN + cookie))
        state = await next_of(socket, "state")
        move = first_legal_move(state["state"])
        await socket.send_json_to({"type": "move", "move": move, "version": 0})
        answer = await next_of(socket, "state")
        await socket.disconnect()
        return answer

    assert scenario()["version"] == 1


def test_a_sync_after_the_deadline_times_the_player_out(alice, bob):
    game = play_first_moves(start_game(alice, bob, clock={"kind": "realtime", "base_seconds": 60}))
    Game.objects.filter(pk=game.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))

    @async_to_sync
    async def scenario():
        socket = await opened(game_socket(game.pk))
        on_connect = await next_of(socket, "state")
        await socket.disconnect()
        return on_connect

    on_connect = scenario()
    assert on_connect["status"] == "finished"
    assert on_connect["result"]["ended_by"] == "timeout"
