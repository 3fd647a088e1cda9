"""The one reader of JSON from the outside world: REST bodies (JSONParser, DRF's only parser)
and WebSocket messages (games.consumers) both come through `loads`.

orjson parses without Python recursion (its own limit is 1,024 levels, where the standard
library raised RecursionError, a 500), and rejects NaN, Infinity, lone surrogates and invalid
UTF-8. On top of that a value may nest at most MAX_DEPTH levels: no request of the API needs
more than a handful, and deeper values would recurse through serializers, the engine and
json.dumps on their way in.

Bodies are read up to DATA_UPLOAD_MAX_MEMORY_SIZE bytes (Django's own limit, which DRF's
stream reading bypasses): a longer one is refused with 413 before it is parsed.
"""

import codecs

import orjson
from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import exceptions, parsers, status

# Objects and arrays inside each other, counting the outermost; a game record needs 6.
MAX_DEPTH = 32


class PayloadTooLarge(exceptions.APIException):
    """A body over the size limit (DATA_UPLOAD_MAX_MEMORY_SIZE): refused before parsing."""

    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "payload_too_large"

    def __init__(self, limit: int):
        super().__init__(f"the body is larger than {limit} bytes", self.default_code)


class MalformedJSON(ValueError):
    """The input is not JSON we accept; str(error) says why, for the client."""


def _check_depth(value, limit):
    # Iterative, so that checking depth cannot itself recurse.
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            raise MalformedJSON(f"JSON nested deeper than {limit} levels")
        stack.extend((child, depth + 1) for child in children)


def loads(data: bytes | str, max_depth: int = MAX_DEPTH):
    """The value `data` holds, or MalformedJSON."""
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError as error:
        if "depth limit" in str(error):
            raise MalformedJSON(f"JSON nested deeper than {max_depth} levels") from None
        raise MalformedJSON(f"not valid JSON: {error}") from None
    _check_depth(value, max_depth)
    return value


class JSONParser(parsers.BaseParser):
    """DRF's parser for application/json, through `loads`, with the body size bounded."""

    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None):
        context = parser_context or {}
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        request = context.get("request")
        declared = request.META.get("CONTENT_LENGTH", "") if request is not None else ""
        if limit is not None and declared.isdigit() and int(declared) > limit:
            raise PayloadTooLarge(limit)
        body = stream.read() if limit is None else stream.read(limit + 1)
        if limit is not None and len(body) > limit:
            raise PayloadTooLarge(limit)
        charset = parsers.get_encoding(context)  # ParseError for an unknown charset
        if codecs.lookup(charset).name != "utf-8":
            try:
                body = body.decode(charset)
            except UnicodeDecodeError as error:
                raise exceptions.ParseError(
                    _('the body is not %(charset)s text: %(error)s') % {"charset": charset, "error": error}
                ) from None
        try:
            return loads(body)
        except MalformedJSON as error:
            raise exceptions.ParseError(str(error)) from None
