"""The cap on WebSockets one logged-in user holds open (settings.SOCKETS_PER_USER), on every
socket path: ASGI middleware after authentication, so that no consumer can forget it.

Each socket of a user is an entry of the group `user-sockets-<id>` in realtime.presence: a Redis
sorted set shared by every daphne process when REDIS_URL is set (entries of a process that died
expire), this process's memory otherwise. The socket past the cap is accepted only to be told
why (an `error` message with the code too_many_sockets), then closed with CLOSE_TOO_MANY_SOCKETS;
a browser would only see 1006 if the handshake itself were refused. Sockets without a user are
capped per game instead (ANONYMOUS_SOCKETS_PER_GAME, by the game endpoint).
"""

import json
import uuid

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from kernel.errors import is_signed_in

from . import presence
from .protocol import scope_language

CLOSE_TOO_MANY_SOCKETS = 4429  # the same close code as too_many_spectators


class SocketsPerUser:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        user = scope.get("user")
        if not is_signed_in(user):
            return await self.app(scope, receive, send)
        group = f"user-sockets-{user.pk}"
        item = presence.entry(uuid.uuid4().hex, None, False)
        if not await presence.join_within(group, item, settings.SOCKETS_PER_USER):
            return await _refuse(scope, receive, send)
        try:
            return await self.app(scope, receive, send)
        finally:  # however the socket ends: closed by either side, or the consumer failing
            await presence.leave(group, item)


async def _refuse(scope, receive, send):
    if (await receive())["type"] != "websocket.connect":
        return
    with translation.override(scope_language(scope)):
        detail = _("you have %(count)s sockets open already, the most allowed: close a tab or "
                   "another client first") % {"count": settings.SOCKETS_PER_USER}
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.send", "text": json.dumps(
        {"type": "error", "code": "too_many_sockets", "detail": detail})})
    await send({"type": "websocket.close", "code": CLOSE_TOO_MANY_SOCKETS})
