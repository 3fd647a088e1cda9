"""Who answers what on the sockets. Apps register here; realtime dispatches; no app subclasses
or imports another's socket code.

- An **endpoint** is one socket path's protocol, by name ("game", "lobby", "me", "league"). The
  app that owns it registers its `opener` (accept, check, join its groups, call `socket.join()`,
  send the first message) and its `closer`; any app registers, on any endpoint, message handlers
  (a client message's "type") and event handlers (a channel-layer event's "type"), and hooks run
  when a socket joins (`socket.join(**context)`) and when it leaves.
- The **user feed** is the one per-user group, `user-<id>` (`user_group`): every signed-in
  socket that joined is in it. Apps register event handlers on it, each for every endpoint or
  for some; an event for other endpoints' sockets is dropped (a socket need not stub it).

Handlers are coroutines: a message's `(socket, content)`, an event's `(socket, event)`, a join
hook's `(socket, **context)`, an opener's, closer's and leave hook's `(socket)`. The socket is the
realtime.consumer.EndpointSocket serving the connection: its `user`, `user_id`, `send_json`,
`send_error`, `call_service` and the attributes each app keeps on it.

A type registered twice (on an endpoint, or on the user feed) is an error at start-up: each
message and event has one owner.
"""

from django.core.exceptions import ImproperlyConfigured

from .groups import user_group  # noqa: F401  (the user feed's group, named here too)


def _key(kind):
    # Channels' own rule (get_handler_name): "game.state" and "game_state" are one type.
    return kind.replace(".", "_")


def _claim(table, kind, value, where):
    key = _key(kind)
    if key in table:
        raise ImproperlyConfigured(f"{kind!r} has a handler on {where} already: {table[key]!r}")
    table[key] = value


class UserFeed:
    """The handlers of the events sent to `user_group(id)`."""

    def __init__(self):
        self._events = {}  # key -> (handler, endpoint names or None: every endpoint)

    def event(self, kind, *, endpoints=None):
        """Register the decorated coroutine for events `kind` on the sockets of `endpoints`
        (names; None: every endpoint's)."""
        def register(handler):
            _claim(self._events, kind, (handler, None if endpoints is None else frozenset(endpoints)),
                   "the user feed")
            return handler
        return register

    def handler(self, key, endpoint_name):
        """(known, handler): whether the feed has this event, and its handler for the endpoint."""
        entry = self._events.get(key)
        if entry is None:
            return False, None
        handler, endpoints = entry
        return True, handler if endpoints is None or endpoint_name in endpoints else None


user_feed = UserFeed()


async def _pong(socket, content):
    await socket.send_json({"type": "pong"})


class Endpoint:
    """One socket path's protocol (see the module docstring)."""

    def __init__(self, name):
        self.name = name
        self.opener = None
        self.closer = None
        self.messages = {"ping": _pong}  # every socket answers ping (docs/api.md)
        self.events = {}
        self.join_hooks = []
        self.leave_hooks = []

    def __repr__(self):
        return f"<Endpoint {self.name}>"

    def opens(self, opener):
        """Register the decorated coroutine as the endpoint's opener (its owner app's, once)."""
        if self.opener is not None:
            raise ImproperlyConfigured(f"the endpoint {self.name!r} has an opener already")
        self.opener = opener
        return opener

    def closes(self, closer):
        if self.closer is not None:
            raise ImproperlyConfigured(f"the endpoint {self.name!r} has a closer already")
        self.closer = closer
        return closer

    def message(self, kind):
        """Register the decorated coroutine for client messages of type `kind`."""
        def register(handler):
            _claim(self.messages, kind, handler, f"the endpoint {self.name!r}")
            return handler
        return register

    def event(self, kind):
        """Register the decorated coroutine for channel-layer events of type `kind`."""
        def register(handler):
            _claim(self.events, kind, handler, f"the endpoint {self.name!r}")
            return handler
        return register

    def on_join(self, hook):
        self.join_hooks.append(hook)
        return hook

    def on_leave(self, hook):
        self.leave_hooks.append(hook)
        return hook

    def as_asgi(self):
        """The ASGI application serving this endpoint (for an app's routing.py)."""
        if self.opener is None:
            raise ImproperlyConfigured(f"the endpoint {self.name!r} has no opener")
        from .consumer import EndpointSocket

        return EndpointSocket.as_asgi(endpoint=self)


_endpoints = {}


def endpoint(name):
    """The endpoint `name`, the same object for every app that names it."""
    if name not in _endpoints:
        _endpoints[name] = Endpoint(name)
    return _endpoints[name]
