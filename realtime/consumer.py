"""The one consumer class: a socket of an endpoint, answering through realtime.registry."""

import logging

from channels.consumer import get_handler_name

from kernel.errors import is_signed_in

from .groups import user_group
from .protocol import JsonProtocolConsumer
from .registry import user_feed

log = logging.getLogger(__name__)


class EndpointSocket(JsonProtocolConsumer):
    """A connection of one endpoint. Its opener (the owning app's) accepts it and calls `join`;
    every handler of every app gets it as `socket`."""

    joined = False

    def __init__(self, *args, endpoint, **kwargs):
        super().__init__(*args, **kwargs)
        self.endpoint = endpoint

    def handler_for(self, kind):
        handler = self.endpoint.messages.get(kind.replace(".", "_"))
        if handler is None:
            return None
        return lambda content: handler(self, content)

    async def dispatch(self, message):
        # Channels' dispatch first closes stale connections on its one thread-sensitive thread:
        # a thread hop for every event, every broadcast to every socket included. Here all
        # database work runs through in_db_thread, which cleans up its own connections.
        kind = message["type"]
        if kind.startswith("websocket."):
            await getattr(self, get_handler_name(message))(message)
            return
        key = kind.replace(".", "_")
        handler = self.endpoint.events.get(key)
        if handler is None:
            known, handler = user_feed.handler(key, self.endpoint.name)
            if handler is None:
                if not known:  # a feed event for other endpoints' sockets is theirs; this is no one's
                    log.warning("no handler for the event %r on the endpoint %r", kind, self.endpoint.name)
                return
        await handler(self, message)

    async def connect(self):
        self.user = self.scope.get("user")
        self.user_id = getattr(self.user, "pk", None)  # None: anonymous
        await self.endpoint.opener(self)

    async def join(self, **context):
        """The socket is the endpoint's (its opener accepted it): a signed-in user's socket joins
        the user feed, then every app's join hook runs with `context` (what the opener knows)."""
        if is_signed_in(self.user):
            await self.channel_layer.group_add(user_group(self.user_id), self.channel_name)
        self.joined = True
        for hook in self.endpoint.join_hooks:
            await hook(self, **context)

    async def disconnect(self, code):
        if self.endpoint.closer is not None:
            await self.endpoint.closer(self)
        if not self.joined:
            return
        for hook in reversed(self.endpoint.leave_hooks):
            await hook(self)
        if is_signed_in(self.user):
            await self.channel_layer.group_discard(user_group(self.user_id), self.channel_name)
