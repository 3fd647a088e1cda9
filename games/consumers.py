"""WebSocket consumers: the game protocol (/ws/games/<id>/) and the lobby feed (/ws/lobby/).

Thin edges: parse a message, call one service or selector in a worker thread, send the answer.
Game changes reach everyone through the group broadcast that games.services queues after commit.
The protocol is documented in docs/api.md.
"""

from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.languages import language_for_scope
from kernel.api import parsers as json_input
from kernel.errors import DomainError, is_signed_in
from matchmaking.sockets import REMATCH_HANDLERS, SEEK_HANDLERS, RematchMessages, SeekMessages
from social.sockets import SocialSocketMixin

from . import broadcast, fast_json, payloads, presence, selectors, services
from .errors import NotFound
from .rates import MessageRate
from .socket_db import in_db_thread

CLOSE_UNKNOWN_GAME = 4404
CLOSE_TOO_MANY_SPECTATORS = 4429  # after an error message with the code too_many_spectators

class JsonProtocolConsumer(AsyncJsonWebsocketConsumer):
    """Every message is a JSON object with a "type"; anything else gets an error, never a close."""

    handlers: dict = {}

    async def __call__(self, scope, receive, send):
        # The socket speaks its page's language (account, cookie, Accept-Language): error
        # details and any text built here. Django's active language is context-local, so it
        # follows the socket's calls into the database threads.
        with translation.override(language_for_scope(scope)):
            return await super().__call__(scope, receive, send)

    async def dispatch(self, message):
        # Channels' dispatch first closes stale connections on its one thread-sensitive thread:
        # a thread hop for every event, every broadcast to every socket included. Here all
        # database work runs through in_db_thread, which cleans up its own connections.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"no handler for message type {message['type']}")
        await handler(message)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if not await self._within_rate():
            return
        content = await self.parse_message(text_data)
        if content is not None:
            await getattr(self, self.handlers[content["type"]])(content)

    async def parse_message(self, text_data):
        """The message as a dict whose type has a handler, or None once the sender has its error.
        Parsed by the API's JSON reader (size- and depth-bounded, docs/api.md)."""
        if text_data is None:
            await self.send_error("malformed", _("send JSON text frames"))
            return None
        limit = settings.WEBSOCKET_MAX_MESSAGE_BYTES
        if len(text_data) > limit or len(text_data.encode()) > limit:
            await self.send_error("payload_too_large", _('a message is at most %(limit)s bytes') % {"limit": limit})
            return None
        try:
            content = json_input.loads(text_data)
        except json_input.MalformedJSON as error:
            await self.send_error("malformed", _('the message is not accepted: %(error)s') % {"error": error})
            return None
        if not isinstance(content, dict):
            await self.send_error("malformed", _("a message is a JSON object with a type"))
            return None
        kind = content.get("type")
        if not isinstance(kind, str) or kind not in self.handlers:
            shown = kind if isinstance(kind, str) else type(kind).__name__
            await self.send_error("unknown_type", f"unknown message type {shown!r}"[:200])
            return None
        return content

    async def _within_rate(self):
        """Count the message against the socket's rate; over it, answer `throttled` (the socket
        stays open, the message is not processed)."""
        rate = getattr(self, "message_rate", None)
        if rate is None:
            rate = self.message_rate = MessageRate(
                settings.WEBSOCKET_MESSAGES_PER_SECOND, settings.WEBSOCKET_MESSAGE_BURST
            )
        if rate.take():
            return True
        await self.send_json({
            "type": "error",
            "code": "throttled",
            "detail": f"more than {settings.WEBSOCKET_MESSAGES_PER_SECOND:g} messages a second: "
            "this one was not processed",
            "retry_after_ms": rate.retry_after_ms(),
        })
        return False

    async def send(self, text_data=None, bytes_data=None, close=False):
        try:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
        except Disconnected:
            # The client closed while a group event for it was on its way: its disconnect
            # event is next in this consumer's queue, so there is no one left to tell.
            pass

    async def send_json(self, content, close=False):
        # Channels' send_json skips the send above (it calls its parent's), so route it here.
        await self.send(text_data=await self.encode_json(content), close=close)

    @classmethod
    async def encode_json(cls, content):
        return fast_json.dumps(content)

    async def send_error(self, code, detail, **extra):
        # str(): a domain error's default detail is a lazy translation, read in the socket's language.
        await self.send_json({"type": "error", "code": code, "detail": str(detail), **extra})

    async def call_service(self, service, *args):
        """`service(*args)` on the socket database pool. A domain error (any app's) refusing it
        becomes the sender's `error` message, with its extra fields (retry_after), and None."""
        try:
            return await in_db_thread(service)(*args)
        except DomainError as error:
            await self.send_error(error.code, error.detail, **getattr(error, "extra", {}))
            return None

    async def on_ping(self, content):
        await self.send_json({"type": "pong"})


def _state_message(game, user_id):
    """The current state, as the socket of `user_id` gets it (payloads.view_for, as in broadcasts)."""
    return {"type": "state", **payloads.view_for(game, user_id, last_move=selectors.last_move(game))}


def _move_message(game_id, user, move, version):
    """Play `move`; a resend of the last accepted one changes nothing, so no broadcast follows:
    its answer, the sender's view of the game (None when the move was applied)."""
    outcome = services.play_move(game_id, user, move, version)
    if outcome.applied:
        return None
    view = payloads.view_for(outcome.game, getattr(user, "pk", None), last_move=outcome.last_move)
    return {"type": "state", **view}


def _sync_message(game_id, user_id):
    """The current state. Connecting and syncing check the clock first: a client whose display
    reached zero sends a sync, so timeouts happen on time even without a Celery beat."""
    return _state_message(services.game_after_clock_check(game_id), user_id)


def _connect_message(game_id, user_id):
    """(is_player, plays_on, state message) for a socket connecting to a game, from one read of
    the game; None if there is no such game. A player who left is a player who does not play on:
    they read the spectators' chat (social.services.channel_of)."""
    try:
        game = services.game_after_clock_check(game_id)
    except NotFound:
        return None
    own = [seat for seat in game.table.seats_in_order() if user_id is not None and seat.user_id == user_id]
    plays_on = any(not seat.left for seat in own)
    return bool(own), plays_on, _state_message(game, user_id)


class GameConsumer(SocialSocketMixin, RematchMessages, JsonProtocolConsumer):
    handlers = {
        "move": "on_move", "sync": "on_sync", "resign": "on_resign", "ping": "on_ping",
        **REMATCH_HANDLERS, **SocialSocketMixin.social_handlers,
    }

    group = None

    async def connect(self):
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.user = self.scope.get("user")
        self.user_id = getattr(self.user, "pk", None)  # None: anonymous
        await self.accept()
        group = broadcast.game_group(self.game_id)
        # Joined before the state is read, so nothing falls between that state and the broadcasts
        # that follow (they wait in this consumer's queue until connect returns). One read of the
        # game answers who this is and what they are shown.
        await self.channel_layer.group_add(group, self.channel_name)
        connecting = await in_db_thread(_connect_message)(self.game_id, self.user_id)
        if connecting is None:
            await self.channel_layer.group_discard(group, self.channel_name)
            await self.close(code=CLOSE_UNKNOWN_GAME)
            return
        is_player, plays_on, state = connecting
        username = self.user.username if is_player else None
        anonymous = not is_signed_in(self.user)
        self.presence_entry = presence.entry(self.channel_name, username, is_player, anonymous)
        if not anonymous:
            await presence.join(group, self.presence_entry)
        elif not await presence.join_anonymous(
            group, self.presence_entry, settings.ANONYMOUS_SOCKETS_PER_GAME
        ):
            await self.channel_layer.group_discard(group, self.channel_name)
            await self.send_error(
                "too_many_spectators",
                _('%(anonymous_sockets_per_game)s anonymous spectators watch this game already: log in to watch, or try again later') % {"anonymous_sockets_per_game": settings.ANONYMOUS_SOCKETS_PER_GAME},
            )
            await self.close(code=CLOSE_TOO_MANY_SPECTATORS)
            return
        self.group = group
        await self.social_join(self.user, self.game_id, plays_on)  # chat, mutes, online
        await self.send_json(state)
        presence.changed(self.group, self.channel_layer)

    async def disconnect(self, code):
        if self.group is None:
            return
        await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.social_leave()
        await presence.leave(self.group, self.presence_entry)
        presence.changed(self.group, self.channel_layer)

    async def on_move(self, content):
        answer = await self.call_service(
            _move_message, self.game_id, self.user, content.get("move"), content.get("version")
        )
        if answer is not None:
            await self.send_json(answer)

    async def on_sync(self, content):
        message = await self.call_service(_sync_message, self.game_id, self.user_id)
        if message is not None:
            await self.send_json(message)

    async def on_resign(self, content):
        await self.call_service(services.resign, self.game_id, self.user)

    # Group events (from games.broadcast and presence changes).
    async def game_state(self, event):
        # The broadcast carries each view encoded once for all its receivers (broadcast.state_event).
        await self.send(text_data=broadcast.state_text_for(event, self.user_id))

    async def game_analysis(self, event):
        # Progress of the game's analysis (games.analysis.services), encoded once by the sender.
        await self.send(text_data=event["text"])

    async def game_presence(self, event):
        await self.send_json(
            {"type": "presence", "connected": event["connected"], "spectators": event["spectators"]}
        )


class LobbyConsumer(SocialSocketMixin, SeekMessages, JsonProtocolConsumer):
    handlers = {"ping": "on_ping", **SEEK_HANDLERS}

    async def connect(self):
        await self.accept()
        await self.channel_layer.group_add(broadcast.LOBBY_GROUP, self.channel_name)
        await self.join_user_group()
        await self.social_join(self.scope.get("user"))  # invitations, online
        tables = await in_db_thread(broadcast.open_tables_payload)()
        await self.send_json({"type": "tables", "tables": tables})

    async def disconnect(self, code):
        await self.channel_layer.group_discard(broadcast.LOBBY_GROUP, self.channel_name)
        await self.leave_user_group()
        await self.social_leave()

    async def lobby_tables(self, event):
        await self.send_json({"type": "tables", "tables": event["tables"]})

    async def lobby_table(self, event):
        await self.send_json({"type": "table", "table": event["table"]})
