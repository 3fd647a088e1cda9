"""The JSON text of socket frames (game states, errors, every message a consumer sends).

orjson: a game state is kilobytes of JSON (tens in Duel), which orjson encodes several times
faster than json.dumps (docs/benchmarks.md, "Live play over WebSockets"). What it refuses (an
integer beyond 64 bits) goes through json.dumps instead, so a frame never fails for the encoder.
"""

import json

import orjson


def dumps(value) -> str:
    """Compact JSON text of `value` (dict keys that are not strings become strings, as in json)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError
        return json.dumps(value, separators=(",", ":"))
