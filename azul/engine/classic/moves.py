"""Moves of classic Azul and their JSON form (docs/engine.md, "Move").

Every possible move is one interned ``ClassicMove`` built once, indexed by its action int, so
listing legal moves costs no allocation.
"""

from ..common import fields
from ..common.colours import COLOURS
from ..common.fields import JsonObject
from ..errors import InvalidMove
from .tables import ACTION_COUNT, CENTER, DECODE, FLOOR, SIZE, TILING_BASE, encode_take

MAX_FACTORIES = CENTER  # factories 0-8 (9 for four players)
# In sorted order: the first missing key in it is the one an error names.
_TAKE_KEYS = ("color", "line", "source")
_TILE_KEYS = ("column", "row")


class ClassicMove:
    """A factory-offer move (``source``, ``color``, ``line``) or a gray-wall tiling move
    (``row``, ``column``).  Immutable; equal moves compare and hash equal."""

    __slots__ = ("action", "source", "color", "line", "row", "column")
    action: int
    source: int | str | None  # a factory index or "center"
    color: str | None
    line: int | str | None  # a pattern line or "floor"
    row: int | None
    column: int | None

    def __init__(self, action: int) -> None:
        set_ = object.__setattr__
        set_(self, "action", action)
        if action < TILING_BASE:
            source, colour, dest = DECODE[action]
            set_(self, "source", "center" if source == CENTER else source)
            set_(self, "color", COLOURS[colour])
            set_(self, "line", "floor" if dest == FLOOR else dest)
            set_(self, "row", None)
            set_(self, "column", None)
        else:
            row, column = divmod(action - TILING_BASE, SIZE)
            for name in ("source", "color", "line"):
                set_(self, name, None)
            set_(self, "row", row)
            set_(self, "column", column)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("ClassicMove is immutable")

    @property
    def is_tiling(self) -> bool:
        return self.action >= TILING_BASE

    @staticmethod
    def take(source: int | str, color: str, line: int | str) -> "ClassicMove":
        return ClassicMove.from_dict({"source": source, "color": color, "line": line})

    @staticmethod
    def tile(row: int, column: int) -> "ClassicMove":
        return ClassicMove.from_dict({"row": row, "column": column})

    @staticmethod
    def from_action(action: int) -> "ClassicMove":
        return ALL_MOVES[action]

    @staticmethod
    def from_dict(data: object) -> "ClassicMove":
        if not isinstance(data, dict):
            raise InvalidMove(f"move: must be an object, not {type(data).__name__}")
        if "row" in data or "column" in data:
            fields.json_object(data, "move", _TILE_KEYS, error=InvalidMove)
            row = fields.index(data["row"], "move.row", SIZE)
            column = fields.index(data["column"], "move.column", SIZE)
            return ALL_MOVES[TILING_BASE + row * SIZE + column]
        fields.json_object(data, "move", _TAKE_KEYS, error=InvalidMove)
        source = data["source"]
        if source == "center":
            source_index = CENTER
        elif isinstance(source, str):
            raise InvalidMove(f"move.source: must be a factory index or 'center', not {source!r}")
        else:
            source_index = fields.index(source, "move.source", MAX_FACTORIES)
        colour = fields.colour(data["color"], "move.color", error=InvalidMove)
        line = data["line"]
        if line == "floor":
            dest = FLOOR
        elif isinstance(line, str):
            raise InvalidMove(f"move.line: must be 0..4 or 'floor', not {line!r}")
        else:
            dest = fields.index(line, "move.line", SIZE)
        return ALL_MOVES[encode_take(source_index, colour, dest)]

    def to_dict(self) -> JsonObject:
        if self.action >= TILING_BASE:
            return {"row": self.row, "column": self.column}
        return {"source": self.source, "color": self.color, "line": self.line}

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ClassicMove):
            return self.action == other.action
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("ClassicMove", self.action))

    def __repr__(self) -> str:
        if self.action >= TILING_BASE:
            return f"ClassicMove(row={self.row}, column={self.column})"
        return f"ClassicMove(source={self.source!r}, color={self.color!r}, line={self.line!r})"

    def __str__(self) -> str:
        if self.action >= TILING_BASE:
            return f"place line {self.row} in column {self.column}"
        source = "the center" if self.source == "center" else f"factory {self.source}"
        line = "the floor" if self.line == "floor" else f"line {self.line}"
        return f"take {self.color} from {source} to {line}"


ALL_MOVES: tuple[ClassicMove, ...] = tuple(ClassicMove(action) for action in range(ACTION_COUNT))
