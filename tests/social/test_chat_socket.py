"""Chat over the game's WebSocket, against the real ASGI application and channel layer (Redis in
CI): each message reaches its channel only, muted authors are dropped for the muter, and a
malformed chat message gets an error while the socket stays open."""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from social import services
from social.models import ChatMessage
from tests.support.games import start_game
from tests.support.sockets import joined, next_of, settle, tokens_for

pytestmark = pytest.mark.django_db(transaction=True)



def test_chat_reaches_its_channel_only_and_errors_keep_the_socket_open(alice, bob, carol):
    game = start_game(alice, bob)
    tokens = tokens_for(alice, bob, carol)

    @async_to_sync
    async def scenario():
        everyone, _ = await joined(game.pk, tokens["alice"], tokens["bob"], tokens["carol"], None)
        a, b, c, anonymous = everyone
        await settle(*everyone)

        await a.send_json_to({"type": "chat", "channel": "players", "text": "  good <i>luck</i> "})
        for socket in (a, b):
            message = (await next_of(socket, "chat"))["message"]
            assert (message["author"], message["channel"], message["text"], message["ply"]) == (
                "alice", "players", "good <i>luck</i>", 0)
        await c.send_json_to({"type": "chat", "text": "go bob"})
        for socket in (c, anonymous):
            assert (await next_of(socket, "chat"))["message"]["text"] == "go bob"
        await settle(*everyone)  # nothing crossed over: the players heard no spectator...
        for socket in everyone:
            assert await socket.receive_nothing(timeout=0.3)  # ...and the spectators no player

        bad = [
            (a, {"type": "chat"}, "invalid"),
            (a, {"type": "chat", "text": 7}, "invalid"),
            (a, {"type": "chat", "text": "x" * 301}, "invalid"),
            (a, {"type": "chat", "text": "hi", "channel": 3}, "invalid"),
            (c, {"type": "chat", "text": "let me in", "channel": "players"}, "chat_channel_forbidden"),
            (anonymous, {"type": "chat", "text": "hi"}, "not_authenticated"),
            (a, {"type": "chat", "text": "over there", "game": game.pk + 1}, "invalid"),
        ]
        for sender, payload, code in bad:
            await sender.send_json_to(payload)
            answer = await next_of(sender, "error")
            assert answer["code"] == code, (payload, answer)
        for socket in everyone:
            assert await socket.receive_nothing(timeout=0.2)
        await a.send_json_to({"type": "ping"})
        assert await next_of(a, "pong") == {"type": "pong"}

        # alice mutes bob: bob's next message reaches bob, never alice.
        await database_sync_to_async(services.mute)(alice, "bob")
        await b.send_json_to({"type": "chat", "text": "you will not hear this"})
        assert (await next_of(b, "chat"))["message"]["text"] == "you will not hear this"
        await a.send_json_to({"type": "chat", "text": "quiet now"})
        assert (await next_of(a, "chat"))["message"]["text"] == "quiet now"  # not bob's
        assert (await next_of(b, "chat"))["message"]["text"] == "quiet now"
        for socket in everyone:
            await socket.disconnect()

    scenario()
    assert list(ChatMessage.objects.order_by("id").values_list("text", flat=True)) == [
        "good <i>luck</i>", "go bob", "you will not hear this", "quiet now"]


def test_a_muters_new_socket_never_receives_the_muted(alice, bob):
    game = start_game(alice, bob)
    services.mute(alice, "bob")
    tokens = tokens_for(alice, bob)

    @async_to_sync
    async def scenario():
        (a, b), _ = await joined(game.pk, tokens["alice"], tokens["bob"])
        await b.send_json_to({"type": "chat", "text": "hello?"})
        await next_of(b, "chat")
        await settle(a)
        assert await a.receive_nothing(timeout=0.3)
        for socket in (a, b):
            await socket.disconnect()

    scenario()


def test_a_flood_over_the_socket_is_throttled_and_a_finished_game_is_read_only(alice, bob, settings):
    settings.CHAT_MESSAGES_PER_MINUTE = 1
    game = start_game(alice, bob)
    tokens = tokens_for(alice)

    @async_to_sync
    async def scenario():
        (a,), _ = await joined(game.pk, tokens["alice"])
        await a.send_json_to({"type": "chat", "text": "one"})
        await next_of(a, "chat")
        await a.send_json_to({"type": "chat", "text": "two"})
        refused = await next_of(a, "error")
        assert refused["code"] == "throttled"
        assert refused["retry_after"] >= 1
        await a.send_json_to({"type": "resign"})
        await next_of(a, "state")
        settings.CHAT_MESSAGES_PER_MINUTE = 100
        await a.send_json_to({"type": "chat", "text": "gg"})
        assert (await next_of(a, "error"))["code"] == "chat_read_only"
        await a.send_json_to({"type": "ping"})
        await next_of(a, "pong")
        await a.disconnect()

    scenario()
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["one"]
