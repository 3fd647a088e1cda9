"""WebSocket clients of the real ASGI application, for the socket tests of every app."""

from channels.testing import WebsocketCommunicator

from accounts.services import api_token_for
from azulsite.asgi import application

# What a page at http://localhost sends (the origin check compares it with the Host).
ORIGIN = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
WAIT = 5


def connect(path, token=None, headers=ORIGIN):
    if token is not None:
        path += f"?token={token}"
    return WebsocketCommunicator(application, path, headers=list(headers))


def game_socket(game_id, token=None, headers=ORIGIN):
    """A client of the game's socket, /ws/games/<id>/ (a watcher without an account when no
    token), not connected yet."""
    return connect(f"/ws/games/{game_id}/", token, headers)


def tokens_for(*users):
    return {user.username: api_token_for(user) for user in users}


async def opened(communicator):
    connected, _ = await communicator.connect(timeout=WAIT)
    assert connected
    return communicator


async def joined(game_id, *tokens):
    """One socket per token (None: a watcher without an account) open on the game, each past the
    state it is sent on connecting: (sockets, their first states), in the order of `tokens`."""
    sockets = [await opened(game_socket(game_id, token)) for token in tokens]
    return sockets, [await next_of(socket, "state") for socket in sockets]


async def next_of(communicator, kind):
    """The next message of `kind`, skipping presence updates (and nothing else)."""
    while True:
        message = await communicator.receive_json_from(timeout=WAIT)
        if message["type"] == kind:
            return message
        assert message["type"] == "presence", message


async def settle(*communicators):
    """Drain pending presence updates, so receive_nothing() then means no other message.
    (Presence is broadcast PRESENCE_BROADCAST_DELAY_SECONDS after a change: wait longer.)"""
    from django.conf import settings

    quiet = settings.PRESENCE_BROADCAST_DELAY_SECONDS + 0.2
    for communicator in communicators:
        while not await communicator.receive_nothing(timeout=quiet):
            assert (await communicator.receive_json_from())["type"] == "presence"
