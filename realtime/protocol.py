"""The JSON protocol every socket speaks (docs/api.md): each message is a JSON object with a
"type"; anything else gets an `error` message, never a close. Rates, sizes, errors, language."""

import contextlib

from autobahn.exception import Disconnected
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from kernel.api import parsers as json_input
from kernel.errors import DomainError

from . import fast_json
from .db_threads import in_db_thread
from .rates import MessageRate


def scope_language(scope):
    """The socket's language: what the handshake's middleware chose (scope["language"]: the
    account's, the cookie's, Accept-Language's), else the site's default."""
    return scope.get("language") or settings.LANGUAGE_CODE


class JsonProtocolConsumer(AsyncJsonWebsocketConsumer):
    """The protocol, without knowing any message: `handler_for(type)` says who answers one."""

    def handler_for(self, kind):
        """The coroutine answering a message of type `kind` (called with its content), or None."""
        raise NotImplementedError

    async def __call__(self, scope, receive, send):
        # The socket speaks its page's language: error details and any text built here. Django's
        # active language is context-local, so it follows the socket's calls into the database
        # threads.
        with translation.override(scope_language(scope)):
            return await super().__call__(scope, receive, send)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if not await self._within_rate():
            return
        content = await self.parse_message(text_data)
        if content is None:
            return
        handler = self.handler_for(content["type"])
        if handler is None:
            shown = content["type"]
            await self.send_error("unknown_type", f"unknown message type {shown!r}"[:200])
            return
        await handler(content)

    async def parse_message(self, text_data):
        """The message as a dict with a string type, or None once the sender has its error.
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
        if not isinstance(kind, str):
            await self.send_error("unknown_type", f"unknown message type {type(kind).__name__!r}")
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
        # The client closed while a group event for it was on its way: its disconnect event is
        # next in this consumer's queue, so there is no one left to tell.
        with contextlib.suppress(Disconnected):
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)

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
