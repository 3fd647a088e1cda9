"""Checks of JSON fields shared by the codecs and move parsers of every ruleset.

Each returns the checked value and, on bad input, raises ``error`` naming the offending
field, so that every message reads ``<field>: <what is wrong>``.  States are refused with
``InvalidState``, moves with ``InvalidMove``.
"""

from collections.abc import Iterable

from ..errors import InvalidMove, InvalidState
from .colours import COLOUR_INDEX, COLOURS

# A JSON object as the codecs and moves write it (what they read is checked from ``object``).
JsonObject = dict[str, object]


def integer(value: object, field: str, low: int | None = None, high: int | None = None,
            *, error: type[ValueError] = InvalidState) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{field}: must be an integer, not {type(value).__name__}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"{low}..{high}" if high is not None else f">= {low}"
        raise error(f"{field}: must be {bounds}, not {value}")
    return value


def index(value: object, field: str, limit: int, *, error: type[ValueError] = InvalidMove) -> int:
    """An integer 0..limit-1."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{field}: must be an integer, not {type(value).__name__}")
    if not 0 <= value < limit:
        raise error(f"{field}: {value} is out of range 0..{limit - 1}")
    return value


def json_list(value: object, field: str, *,
              error: type[ValueError] = InvalidState) -> list[object]:
    if not isinstance(value, list):
        raise error(f"{field}: must be a list, not {type(value).__name__}")
    return value


def json_object(value: object, field: str, keys: Iterable[str], optional: Iterable[str] = (), *,
                error: type[ValueError] = InvalidState) -> JsonObject:
    """An object with exactly ``keys`` (the first missing one in their order is named),
    perhaps some of ``optional``.  The whole state, ``field == "state"``, names its keys bare.
    Returns ``value``, typed as the JSON object it proved to be (only string keys: no others)."""
    if not isinstance(value, dict):
        raise error(f"{field}: must be an object, not {type(value).__name__}")
    prefix = "" if field == "state" else f"{field}."
    for key in keys:
        if key not in value:
            raise error(f"{prefix}{key}: missing key")
    extra = sorted(set(value) - set(keys) - set(optional), key=str)
    if extra:
        raise error(f"{prefix}{extra[0]}: unexpected key")
    return value


def colour(value: object, field: str, *, error: type[ValueError] = InvalidState) -> int:
    """A colour name, as its index in ``COLOURS``."""
    if not isinstance(value, str):
        raise error(f"{field}: must be a colour name, not {type(value).__name__}")
    if value not in COLOUR_INDEX:
        raise error(f"{field}: unknown colour {value!r}")
    return COLOUR_INDEX[value]


def tile_counts(value: object, field: str) -> list[int]:
    """A list of colour names (tiles), as counts per colour."""
    counts = [0] * len(COLOURS)
    for i, tile in enumerate(json_list(value, field)):
        counts[colour(tile, f"{field}[{i}]")] += 1
    return counts


def colour_counts(value: object, field: str, most: int) -> list[int]:
    """An object with a count 0..most for every colour name (a bag, a lid, a tower)."""
    if not isinstance(value, dict):
        raise InvalidState(f"{field}: must be an object, not {type(value).__name__}")
    for key in value:
        if key not in COLOUR_INDEX:
            raise InvalidState(f"{field}.{key}: unknown colour {key!r}")
    counts = []
    for name in COLOURS:
        if name not in value:
            raise InvalidState(f"{field}.{name}: missing key")
        counts.append(integer(value[name], f"{field}.{name}", 0, most))
    return counts


def add_counts(totals: list[int], counts: list[int]) -> None:
    """Add per-colour ``counts`` into ``totals`` (used to check the tiles of a whole game)."""
    for c in range(len(COLOURS)):
        totals[c] += counts[c]
