"""Who gets the legal moves: the sockets of the account that moves now, and no one else.

A page keeps the last state of a version it receives (static/js/shared/connection.js), so the
property that matters is per socket: every state of a version that reaches the mover has the
moves, every state that reaches anyone else has them empty, whatever path it took (the broadcast,
the state sent on connect, a sync, the answer to a resent move), and a broadcast reaches each
socket once. Also pinned: events of a process of the previous release (rolling deploys).
"""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games import broadcast, game_rules, payloads, selectors
from games.events import GameChange
from games.models import Game
from realtime import fast_json
from tests.support.games import start_game
from tests.support.sockets import connect, opened, settle, tokens_for

pytestmark = pytest.mark.django_db(transaction=True)

MOVER_ONLY = ("legal_moves", "previews")


def expected_moves(game_id):
    """The legal moves and previews of the stored game, and its mover's username."""
    game = selectors.get_game_with_players(game_id)
    state = game_rules.load_state(game.state)
    seat = selectors.seat_of_player(game.table.seats_in_order(), game.state["current_player"])
    return game_rules.legal_moves(state), game_rules.move_previews(state), seat.user.username


def without_moves(message):
    return {key: value for key, value in message.items() if key not in MOVER_ONLY}


async def next_state(socket):
    """The next state and the length of its frame."""
    while True:
        frame = await socket.receive_from(timeout=5)
        message = json.loads(frame)
        if message["type"] == "state":
            return message, len(frame)
        assert message["type"] == "presence", message


def test_only_the_movers_sockets_get_the_moves_once_per_change(alice, bob, carol, settings):
    """Azul Duel (hundreds of moves), each player with two sockets (two tabs), a logged-in and an
    anonymous spectator, over moves where the turn passes and where the same player decides
    twice in a row."""
    settings.WEBSOCKET_MESSAGES_PER_SECOND = 1000
    game = start_game(alice, bob, ruleset="duel")
    tokens = tokens_for(alice, bob, carol)

    @async_to_sync
    async def scenario():
        path = f"/ws/games/{game.pk}/"
        sockets = {
            ("alice", 1): await opened(connect(path, tokens["alice"])),
            ("alice", 2): await opened(connect(path, tokens["alice"])),
            ("bob", 1): await opened(connect(path, tokens["bob"])),
            ("bob", 2): await opened(connect(path, tokens["bob"])),
            ("carol", 1): await opened(connect(path, tokens["carol"])),
            ("anonymous", 1): await opened(connect(path)),
        }
        sizes = {"mover": [], "others": []}
        movers = []
        frames = {key: await next_state(socket) for key, socket in sockets.items()}
        for _ in range(12):
            moves, previews, mover = await database_sync_to_async(expected_moves)(game.pk)
            movers.append(mover)
            received = {key: message for key, (message, _size) in frames.items()}
            assert len({message["version"] for message in received.values()}) == 1
            shared = without_moves(received[(mover, 1)])
            for (name, _tab), message in received.items():
                assert without_moves(message) == shared
                sizes["mover" if name == mover else "others"].append(frames[(name, _tab)][1])
                if name == mover:
                    assert message["legal_moves"] == moves
                    assert message["previews"] == previews
                    assert moves
                    assert len(previews) == len(moves)
                else:
                    assert message["legal_moves"] == []
                    assert message["previews"] == []
            version = received[(mover, 1)]["version"]
            await sockets[(mover, 2)].send_json_to({
                "type": "move", "move": received[(mover, 1)]["legal_moves"][0], "version": version})
            frames = {key: await next_state(socket) for key, socket in sockets.items()}
            # The next state of every socket is the next version: no second copy came between.
            assert {message["version"] for message, _size in frames.values()} == {version + 1}
        await settle(*sockets.values())
        for socket in sockets.values():
            assert await socket.receive_nothing(timeout=0.1)  # one state per change, no more
        for socket in sockets.values():
            await socket.disconnect()
        return movers, sizes

    movers, sizes = scenario()
    assert {"alice", "bob"} <= set(movers)
    assert any(a == b for a, b in zip(movers, movers[1:], strict=False))  # a player moved twice
    assert max(sizes["others"]) < min(sizes["mover"])


def test_connect_sync_and_a_resent_moves_answer_give_the_moves_to_the_mover_alone(
    alice, bob, carol
):
    game = start_game(alice, bob, ruleset="duel")
    tokens = tokens_for(alice, bob, carol)

    @async_to_sync
    async def scenario():
        path = f"/ws/games/{game.pk}/"
        sockets = {name: await opened(connect(path, tokens[name])) for name in tokens}
        connected = {name: (await next_state(socket))[0] for name, socket in sockets.items()}
        moves, _previews, mover = await database_sync_to_async(expected_moves)(game.pk)
        assert connected[mover]["legal_moves"] == moves
        assert all(connected[name]["legal_moves"] == [] for name in sockets if name != mover)

        await settle(*sockets.values())
        for socket in sockets.values():
            await socket.send_json_to({"type": "sync"})
        synced = {name: (await next_state(socket))[0] for name, socket in sockets.items()}
        assert synced[mover] == connected[mover]
        assert all(synced[name]["legal_moves"] == [] for name in sockets if name != mover)

        # The mover plays; a resend of that move (its answer lost) is answered to the sender alone,
        # with the moves if the sender moves again, without them otherwise.
        move = {"type": "move", "move": moves[0], "version": connected[mover]["version"]}
        await sockets[mover].send_json_to(move)
        after = {name: (await next_state(socket))[0] for name, socket in sockets.items()}
        await settle(*sockets.values())
        await sockets[mover].send_json_to(move)
        answer, _size = await next_state(sockets[mover])
        next_moves, _previews, next_mover = await database_sync_to_async(expected_moves)(game.pk)
        assert answer["version"] == after[mover]["version"] == connected[mover]["version"] + 1
        assert answer["legal_moves"] == (next_moves if next_mover == mover else [])
        assert after[next_mover]["legal_moves"] == next_moves
        for socket in sockets.values():
            await socket.disconnect()

    scenario()


def test_the_mover_is_whoever_controls_the_seat_to_move(alice, bob, carol):
    """The player to move; the account that took their seat over once they left (the bot: their
    own sockets then get no moves); nobody once the game is over."""
    game = start_game(alice, bob)
    loaded = selectors.get_game_with_players(game.pk)
    seat = selectors.seat_of_player(loaded.table.seats_in_order(), loaded.state["current_player"])
    assert selectors.mover_id(loaded) == seat.user_id
    seat.left, seat.replaced_by_id = True, carol.pk  # as leaving.py records a takeover
    assert selectors.mover_id(loaded) == carol.pk
    loaded.status = Game.Status.FINISHED
    assert selectors.mover_id(loaded) is None


def test_a_broadcast_is_one_event_encoding_each_view_once(alice, bob, carol):
    """One event for the group: `text` is the mover's view, `others` everyone else's, each the
    view payloads.view_for gives them. Rolling deploys: a process of the previous release sends an
    event's `text` to every socket, so the text must be the full state (moves included); and a
    new process sends an event of the previous release (no `others`) as it is, moves included."""
    game = start_game(alice, bob, ruleset="duel")
    loaded = selectors.get_game_with_players(game.pk)
    payload = payloads.game_payload(loaded)
    mover = selectors.mover_id(loaded)
    event = broadcast.state_event(GameChange(loaded))
    assert json.loads(event["text"]) == {"type": "state", **payload}
    for user in (alice, bob, carol, None):
        user_id = None if user is None else user.pk
        text = broadcast.state_text_for(event, user_id)
        assert text is event["text" if user_id == mover else "others"]
        assert json.loads(text) == {"type": "state", **payloads.view_for(loaded, user_id)}
    old_event = {"type": "game.state", "text": json.dumps({"type": "state", **payload}), "cut": 9}
    assert broadcast.state_text_for(old_event, carol.pk) == old_event["text"]
    assert broadcast.state_text_for(old_event, None) == old_event["text"]
    # Once over, nobody moves: one view, no moves, for an anonymous socket (no user id) too.
    loaded.status = Game.Status.FINISHED
    over = broadcast.state_event(GameChange(loaded))
    assert "others" not in over
    assert over["mover"] is None
    assert json.loads(broadcast.state_text_for(over, None))["legal_moves"] == []

    tokens = tokens_for(carol)

    @async_to_sync
    async def scenario():
        spectator = await opened(connect(f"/ws/games/{game.pk}/", tokens["carol"]))
        await next_state(spectator)
        await settle(spectator)
        await get_channel_layer().group_send(broadcast.game_group(game.pk), old_event)
        frame = await spectator.receive_from(timeout=5)
        await spectator.disconnect()
        return frame

    assert scenario() == old_event["text"]


def test_frames_fall_back_to_json_for_what_orjson_refuses():
    value = {"seed": 2**70, 3: ["é", None]}
    assert json.loads(fast_json.dumps(value)) == {"seed": 2**70, "3": ["é", None]}
    assert fast_json.dumps({"a": [1, "é"]}) == '{"a":[1,"é"]}'
