"""JSON text for the move path: socket frames (a state is kilobytes of JSON, tens in Duel) and
the JSON columns a move writes (games.storage).

orjson encodes several times faster than json.dumps (docs/benchmarks.md, "Live play over
WebSockets"). What it refuses (an integer beyond 64 bits) goes through json.dumps instead, so
nothing fails for the encoder. (Reading stays with json.loads: orjson reads such integers as
floats.)
"""

import json

import orjson


def dumps_bytes(value) -> bytes:
    """Compact UTF-8 JSON of `value` (dict keys that are not strings become strings, as in json)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # orjson.JSONEncodeError
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def dumps(value) -> str:
    """`dumps_bytes` as text (a WebSocket text frame)."""
    return dumps_bytes(value).decode()
