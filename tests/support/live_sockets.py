"""Blocking WebSocket clients (websockets.sync) of a real daphne, the live_daphne fixture's."""

import json
from contextlib import contextmanager

from websockets.sync.client import connect

from accounts.services import api_token_for

WAIT = 10


@contextmanager
def live_socket(live_daphne, path, user=None):
    """A client of `path` ("/ws/lobby/") on the server, as `user` (their API token) or anonymous."""
    query = f"?token={api_token_for(user)}" if user else ""
    with connect(f"{live_daphne.ws_url}{path}{query}", open_timeout=WAIT) as socket:
        yield socket


def next_message(socket, kind, passing):
    """The next message of `kind`; on the way, only messages of the `passing` types."""
    while True:
        message = json.loads(socket.recv(timeout=WAIT))
        if message["type"] == kind:
            return message
        assert message["type"] in passing, message
