"""Moves of Azul Duel and their JSON form (docs/engine.md, "Azul Duel").

A ``DuelMove`` wraps one core action: its codebook id ``action`` (an int, as a classic move's)
and the tuple it stands for, ``parts`` (see ``actions``); ``from_dict`` validates the JSON
shape and names the offending field, ``to_dict`` gives it back.
"""

from ..common import fields
from ..common.colours import COLOURS
from ..common.fields import JsonObject
from ..errors import InvalidMove
from .actions import ACTION_IDS, ACTIONS, ActionKind, ActionTuple
from .tables import (
    BROKEN,
    CHIP_NAME,
    CHIP_OF_NAME,
    CHIP_ORDER,
    DISPLAY_SIZE,
    FACTORIES,
    GRID,
    LARGE,
    LINES,
    PLATE_COUNT,
    SLOTS,
    SMALL_SUN,
)

# type -> the keys it needs besides "type" (moon_order: only for small factories).
MOVE_KEYS: dict[ActionKind, tuple[str, ...]] = {
    "opening_plate": ("display", "slot", "rotation"),
    "take_plate": ("display", "slot", "rotation"),
    "buy_plate": (),
    "keep_plate": ("revealed", "slot", "rotation"),
    "return_plate": ("revealed",),
    "sun": ("factory", "color", "line"),
    "moon": ("color", "line"),
    "chip": ("factory",),
    "pass": (),
    "pay_chips": ("line", "chips"),
    "skip_chips": ("line",),
    "place_tile": ("line", "column"),
}
MOVE_TYPES = tuple(MOVE_KEYS)
# A type name read from JSON -> its kind (the same string, typed as one of the kinds).
_KINDS: dict[str, ActionKind] = {kind: kind for kind in MOVE_KEYS}


class DuelMove:
    """One decision of a Duel player.  Immutable; equal moves compare and hash equal."""

    __slots__ = ("action",)
    action: int  # its id in the codebook (``actions``)

    @classmethod
    def from_action(cls, action: int) -> "DuelMove":
        """The move of a core action (``DuelCore.legal_actions``), as
        ``ClassicMove.from_action``."""
        return cls(action)

    def __init__(self, action: int) -> None:
        object.__setattr__(self, "action", action)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("DuelMove is immutable")

    @property
    def parts(self) -> ActionTuple:
        """The action tuple (``actions``): its type, then its arguments."""
        return ACTIONS[self.action]

    @property
    def type(self) -> ActionKind:
        return self.parts[0]

    @staticmethod
    def from_dict(data: object) -> "DuelMove":
        if not isinstance(data, dict):
            raise InvalidMove(f"move: must be an object, not {type(data).__name__}")
        if "type" not in data:
            raise InvalidMove("move.type: missing key")
        name = data["type"]
        kind = _KINDS.get(name) if isinstance(name, str) else None
        if kind is None:
            raise InvalidMove(f"move.type: must be one of {', '.join(MOVE_TYPES)}, not {name!r}")
        needed = list(MOVE_KEYS[kind])
        if kind == "sun" and "factory" in data and data["factory"] != LARGE:
            needed.append("moon_order")
        for key in needed:
            if key not in data:
                raise InvalidMove(f"move.{key}: missing key")
        extra = sorted(set(data) - set(needed) - {"type"}, key=str)
        if extra:
            if kind == "sun" and extra[0] == "moon_order":
                raise InvalidMove("move.moon_order: only for a small factory (0-3)")
            raise InvalidMove(f"move.{extra[0]}: unexpected key")
        parts: ActionTuple
        if kind in ("opening_plate", "take_plate"):
            parts = (kind, fields.index(data["display"], "move.display", DISPLAY_SIZE),
                      fields.index(data["slot"], "move.slot", SLOTS),
                      fields.index(data["rotation"], "move.rotation", 4))
        elif kind in ("buy_plate", "pass"):
            parts = (kind,)
        elif kind == "keep_plate":
            parts = (kind, fields.index(data["revealed"], "move.revealed", PLATE_COUNT),
                      fields.index(data["slot"], "move.slot", SLOTS),
                      fields.index(data["rotation"], "move.rotation", 4))
        elif kind == "return_plate":
            parts = (kind, fields.index(data["revealed"], "move.revealed", PLATE_COUNT))
        elif kind == "sun":
            factory = fields.index(data["factory"], "move.factory", FACTORIES)
            colour = fields.colour(data["color"], "move.color", error=InvalidMove)
            line = _line(data["line"])
            order: tuple[int, ...] = ()
            if factory != LARGE:
                raw = data["moon_order"]
                if not isinstance(raw, list):
                    raise InvalidMove(
                        f"move.moon_order: must be a list, not {type(raw).__name__}")
                if len(raw) >= SMALL_SUN:
                    raise InvalidMove(f"move.moon_order: at most {SMALL_SUN - 1} tiles")
                order = tuple(fields.colour(c, f"move.moon_order[{k}]", error=InvalidMove)
                              for k, c in enumerate(raw))
            parts = (kind, factory, colour, line, order)
        elif kind == "moon":
            parts = (kind, fields.colour(data["color"], "move.color", error=InvalidMove),
                      _line(data["line"]))
        elif kind == "chip":
            parts = (kind, fields.index(data["factory"], "move.factory", LARGE))
        elif kind == "pay_chips":
            chips = data["chips"]
            if not isinstance(chips, list):
                raise InvalidMove(f"move.chips: must be a list, not {type(chips).__name__}")
            if len(chips) not in (2, 3):
                raise InvalidMove("move.chips: one tile costs 2 or 3 chips, not "
                                  f"{len(chips)} (D18)")
            masks = []
            for k, name in enumerate(chips):
                if not isinstance(name, str) or name not in CHIP_OF_NAME:
                    raise InvalidMove(
                        f"move.chips[{k}]: unknown chip {name!r} (a colour, or two joined by "
                        "'+' in the order blue, yellow, red, black, white)")
                masks.append(CHIP_OF_NAME[name])
            masks.sort(key=CHIP_ORDER.__getitem__)
            parts = (kind, fields.index(data["line"], "move.line", LINES), tuple(masks))
        elif kind == "skip_chips":
            parts = (kind, fields.index(data["line"], "move.line", LINES))
        else:
            parts = ("place_tile", fields.index(data["line"], "move.line", LINES),
                      fields.index(data["column"], "move.column", GRID))
        return DuelMove(ACTION_IDS[parts])  # the codebook holds every tuple built above

    def to_dict(self) -> JsonObject:
        # Each test reads a[0] and compares with ==, so that it narrows a's type, also when false.
        a = self.parts
        if a[0] == "opening_plate" or a[0] == "take_plate":
            return {"type": a[0], "display": a[1], "slot": a[2], "rotation": a[3]}
        if a[0] == "buy_plate" or a[0] == "pass":
            return {"type": a[0]}
        if a[0] == "keep_plate":
            return {"type": a[0], "revealed": a[1], "slot": a[2], "rotation": a[3]}
        if a[0] == "return_plate":
            return {"type": a[0], "revealed": a[1]}
        if a[0] == "sun":
            data: JsonObject = {"type": a[0], "factory": a[1], "color": COLOURS[a[2]],
                                "line": _line_name(a[3])}
            if a[1] != LARGE:
                data["moon_order"] = [COLOURS[c] for c in a[4]]
            return data
        if a[0] == "moon":
            return {"type": a[0], "color": COLOURS[a[1]], "line": _line_name(a[2])}
        if a[0] == "chip":
            return {"type": a[0], "factory": a[1]}
        if a[0] == "pay_chips":
            return {"type": a[0], "line": a[1], "chips": [CHIP_NAME[m] for m in a[2]]}
        if a[0] == "skip_chips":
            return {"type": a[0], "line": a[1]}
        return {"type": a[0], "line": a[1], "column": a[2]}

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DuelMove):
            return self.action == other.action
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("DuelMove", self.action))

    def __repr__(self) -> str:
        return f"DuelMove({self.to_dict()!r})"

    def __str__(self) -> str:
        d = self.to_dict()
        kind = self.type
        del d["type"]
        return kind + (" " + ", ".join(f"{k}={v}" for k, v in d.items()) if d else "")


def _line(value: object) -> int:
    if value == "broken":
        return BROKEN
    if isinstance(value, str):
        raise InvalidMove(f"move.line: must be 0..5 or 'broken', not {value!r}")
    return fields.index(value, "move.line", LINES)


def _line_name(line: int) -> int | str:
    return "broken" if line == BROKEN else line
