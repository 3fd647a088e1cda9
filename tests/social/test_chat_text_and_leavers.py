"""Chat text loses its invisible marks (bidi overrides, zero-width characters: kernel.text),
and a player who left a game that goes on no longer reads or writes the players' channel, over
REST and over the socket: they chat with the spectators, as anyone not playing does."""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from games import services as game_services
from social import errors, services
from social.models import ChatMessage
from tests.support.games import client_for, error_code, start_game
from tests.support.sockets import joined, next_of, tokens_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("pay\u202egnp.exe", "paygnp.exe"),
        ("\u2067resign\u2069 now", "resign now"),
        ("bad\u200b word\u200c\u200d\ufeff", "bad word"),
        ("gg\u3164\ufe0f", "gg"),
        ("gg 👩\u200d👩\u200d👧 ❤\ufe0f", "gg 👩\u200d👩\u200d👧 ❤\ufe0f"),
    ],
)
def test_chat_strips_invisible_marks(two_players, alice, typed, stored):
    response = client_for(alice).post(f"/api/v1/games/{two_players.pk}/chat", {"text": typed}, format="json")

    assert response.status_code == 201, response.json()
    assert response.json()["text"] == stored
    assert ChatMessage.objects.get().text == stored


def test_a_message_of_invisible_marks_only_is_refused(two_players, alice):
    response = client_for(alice).post(
        f"/api/v1/games/{two_players.pk}/chat", {"text": "\u202e\u200b \u2066\u3164"}, format="json")

    assert response.status_code == 400
    assert error_code(response) == "invalid"
    assert not ChatMessage.objects.exists()


def texts(game, user):
    return [m["text"] for m in client_for(user).get(f"/api/v1/games/{game.pk}/chat").json()["results"]]


def test_a_leaver_neither_reads_nor_writes_the_players_chat_over_rest(alice, bob, carol, dave):
    game = start_game(alice, bob, carol)
    services.post_message(game.pk, alice, "before bob left")
    services.post_message(game.pk, dave, "from the stands")
    game_services.resign(game.pk, bob)  # a bot takes his seat; alice and carol play on
    services.post_message(game.pk, carol, "after bob left")

    assert texts(game, bob) == ["from the stands"]
    refused = client_for(bob).post(
        f"/api/v1/games/{game.pk}/chat", {"text": "psst", "channel": "players"}, format="json")
    assert refused.status_code == 403
    assert error_code(refused) == "chat_channel_forbidden"
    posted = client_for(bob).post(f"/api/v1/games/{game.pk}/chat", {"text": "gg all"}, format="json")
    assert posted.status_code == 201
    assert posted.json()["channel"] == "spectators"
    assert texts(game, alice) == ["before bob left", "after bob left"]  # bob's words never reach them
    assert texts(game, dave) == ["from the stands", "gg all"]
    with pytest.raises(errors.ChatChannelForbidden):
        services.post_message(game.pk, bob, "psst", channel="players")


async def next_chat(socket):
    """The socket's next chat message, past the game's states and presence updates."""
    while (message := await socket.receive_json_from(timeout=5))["type"] != "chat":
        assert message["type"] in ("state", "presence"), message
    return message["message"]


async def next_error(socket):
    while (message := await socket.receive_json_from(timeout=5))["type"] != "error":
        assert message["type"] in ("state", "presence"), message
    return message


def test_a_leavers_sockets_leave_the_players_chat(alice, bob, carol):
    game = start_game(alice, bob, carol)
    tokens = tokens_for(alice, bob)
    post = database_sync_to_async(services.post_message)

    @async_to_sync
    async def scenario():
        (a, b), _ = await joined(game.pk, tokens["alice"], tokens["bob"])
        await post(game.pk, alice, "before")
        assert (await next_chat(b))["text"] == "before"  # a player's socket reads the players

        await b.send_json_to({"type": "resign"})
        await next_of(b, "state")  # he left: a bot took his seat
        await post(game.pk, alice, "secret")  # to the players, while bob's socket may lag behind
        await b.send_json_to({"type": "chat", "text": "psst", "channel": "players"})
        assert (await next_error(b))["code"] == "chat_channel_forbidden"
        await b.send_json_to({"type": "chat", "text": "gg"})
        heard = await next_chat(b)  # his own message in the spectators' channel, not "secret"
        assert (heard["text"], heard["channel"]) == ("gg", "spectators")

        # A socket he opens after leaving reads the spectators' channel from the start.
        (b2,), _ = await joined(game.pk, tokens["bob"])
        await post(game.pk, carol, "secret again")
        await b2.send_json_to({"type": "chat", "text": "hello stands"})
        assert (await next_chat(b2))["text"] == "hello stands"
        for socket in (a, b, b2):
            await socket.disconnect()

    scenario()
    assert list(ChatMessage.objects.order_by("id").values_list("text", "channel")) == [
        ("before", "players"), ("secret", "players"), ("gg", "spectators"),
        ("secret again", "players"), ("hello stands", "spectators")]
