"""JSON form of a classic game state (docs/engine.md, format 1): encoding and validation.

``decode`` checks types, ranges and the invariants of the rules and names the offending
field in every ``InvalidState`` message.
"""

from collections.abc import Collection

from ..common import fields
from ..common.bag import fresh_seed
from ..common.colours import COLOUR_INDEX, COLOURS
from ..common.fields import JsonObject
from ..errors import InvalidState
from .core import ClassicCore
from .tables import (
    FACTORY_COUNT,
    FACTORY_SIZE,
    FLOOR_SIZE,
    KIND_NAMES,
    KIND_OF_COUNTS,
    MARKER,
    OFFER,
    PHASES,
    SIZE,
    TILES_PER_COLOUR,
    TILING,
    VARIANTS,
    standard_colour,
)

FORMAT = 1
MARKER_NAME = "first_player"
_KEYS = (
    "format", "variant", "players", "round", "phase", "current_player", "first_player",
    "factories", "center", "marker", "bag", "lid", "boards", "move_count",
)
_BOARD_KEYS = ("score", "lines", "wall", "floor")


def encode(core: ClassicCore, public: bool = False) -> JsonObject:
    players = core.players
    boards: list[JsonObject] = []
    for p in range(players):
        base = p * SIZE
        lines: list[JsonObject] = []
        for r in range(SIZE):
            count = core.line_count[base + r]
            colour = core.line_colour[base + r]
            lines.append({"color": COLOURS[colour] if count else None, "count": count})
        wall = [
            [_colour_or_none(core.wall[p * 25 + r * SIZE + c]) for c in range(SIZE)]
            for r in range(SIZE)
        ]
        floor = [MARKER_NAME if item == MARKER else COLOURS[item] for item in core.floors[p]]
        boards.append({"score": core.scores[p], "lines": lines, "wall": wall, "floor": floor})
    data: JsonObject = {
        "format": FORMAT,
        "variant": "gray" if core.gray else "standard",
        "players": players,
        "round": core.round,
        "phase": PHASES[core.phase],
        "current_player": core.current,
        "first_player": core.first,
        "factories": [list(KIND_NAMES[kind]) for kind in core.factories],
        "center": [COLOURS[c] for c in range(SIZE) for _ in range(core.center[c])],
        "marker": "center" if core.marker < 0 else core.marker,
        "bag": dict(zip(COLOURS, core.bag, strict=True)),
        "lid": dict(zip(COLOURS, core.lid, strict=True)),
        "boards": boards,
    }
    if not public:
        data["seed"] = core.seed
    data["move_count"] = core.move_count
    return data


def _colour_or_none(colour: int) -> str | None:
    return COLOURS[colour] if colour >= 0 else None


def decode(value: object) -> ClassicCore:
    data = fields.json_object(value, "state", _KEYS, ("seed",))
    if fields.integer(data["format"], "format") != FORMAT:
        raise InvalidState(f"format: unsupported format {data['format']}, expected {FORMAT}")
    variant = data["variant"]
    if variant not in VARIANTS:
        raise InvalidState(f"variant: must be one of {', '.join(VARIANTS)}, not {variant!r}")
    players = fields.integer(data["players"], "players", 2, 4)
    core = ClassicCore.new_blank(players, variant == "gray")
    core.round = fields.integer(data["round"], "round", 1)
    phase = data["phase"]
    if phase not in PHASES:
        raise InvalidState(f"phase: must be one of {', '.join(PHASES)}, not {phase!r}")
    core.phase = PHASES.index(phase)
    core.current = fields.integer(data["current_player"], "current_player", 0, players - 1)
    core.first = fields.integer(data["first_player"], "first_player", 0, players - 1)
    core.move_count = fields.integer(data["move_count"], "move_count", 0)
    seed = data.get("seed")
    core.seed = fresh_seed() if seed is None else fields.integer(seed, "seed", 0)

    factories = fields.json_list(data["factories"], "factories")
    if len(factories) != FACTORY_COUNT[players]:
        raise InvalidState(
            f"factories: {players} players need {FACTORY_COUNT[players]} factories, "
            f"not {len(factories)}"
        )
    totals = [0] * SIZE
    for f, tiles in enumerate(factories):
        counts = fields.tile_counts(tiles, f"factories[{f}]")
        if sum(counts) > FACTORY_SIZE:
            raise InvalidState(f"factories[{f}]: holds {sum(counts)} tiles, at most 4")
        core.factories[f] = KIND_OF_COUNTS[tuple(counts)]
        fields.add_counts(totals, counts)
    core.center = fields.tile_counts(data["center"], "center")
    fields.add_counts(totals, core.center)
    marker = data["marker"]
    if marker == "center":
        core.marker = -1
    else:
        core.marker = fields.integer(marker, "marker", 0, players - 1)
    core.bag = fields.colour_counts(data["bag"], "bag", TILES_PER_COLOUR)
    core.lid = fields.colour_counts(data["lid"], "lid", TILES_PER_COLOUR)
    fields.add_counts(totals, core.bag)
    fields.add_counts(totals, core.lid)

    boards = fields.json_list(data["boards"], "boards")
    if len(boards) != players:
        raise InvalidState(f"boards: {players} players need {players} boards, not {len(boards)}")
    marker_seen = -1
    for p, board in enumerate(boards):
        if _decode_board(core, p, board, totals, f"boards[{p}]"):
            marker_seen = p
    for c in range(SIZE):
        if totals[c] != TILES_PER_COLOUR:
            raise InvalidState(
                f"bag: {totals[c]} {COLOURS[c]} tiles in the whole game, the rules have 20 (I1)"
            )
    core.rebuild_derived()
    _check_phase(core, marker_seen)
    return core


def _decode_board(core: ClassicCore, p: int, value: object, totals: list[int],
                  where: str) -> bool:
    """Decode board ``p`` into ``core``; return whether its floor holds the marker."""
    board = fields.json_object(value, where, _BOARD_KEYS)
    core.scores[p] = fields.integer(board["score"], f"{where}.score", 0)
    base = p * SIZE
    wall = fields.json_list(board["wall"], f"{where}.wall")
    if len(wall) != SIZE:
        raise InvalidState(f"{where}.wall: must have 5 rows, not {len(wall)}")
    for r, row in enumerate(wall):
        row = fields.json_list(row, f"{where}.wall[{r}]")
        if len(row) != SIZE:
            raise InvalidState(f"{where}.wall[{r}]: must have 5 cells, not {len(row)}")
        for c, cell in enumerate(row):
            if cell is None:
                continue
            # Every stored state is decoded on every move: the field's name only for an error.
            colour = COLOUR_INDEX.get(cell) if type(cell) is str else None
            if colour is None:  # not a colour name (raises, naming the cell) or a str subclass
                colour = fields.colour(cell, f"{where}.wall[{r}][{c}]")
            if not core.gray and colour != standard_colour(r, c):
                raise InvalidState(
                    f"{where}.wall[{r}][{c}]: {cell} cannot be there, the standard wall has "
                    f"{COLOURS[standard_colour(r, c)]} there (R6)"
                )
            core.wall[p * 25 + r * SIZE + c] = colour
            totals[colour] += 1
    cells = core.wall[p * 25:p * 25 + 25]
    for r in range(SIZE):
        for name, line_of_cells in (("row", cells[r * SIZE:r * SIZE + SIZE]),
                                    ("column", cells[r::SIZE])):
            placed = [c for c in line_of_cells if c >= 0]
            if len(placed) != len(set(placed)):
                raise InvalidState(f"{where}.wall: {name} {r} holds a colour twice")
    lines = fields.json_list(board["lines"], f"{where}.lines")
    if len(lines) != SIZE:
        raise InvalidState(f"{where}.lines: must have 5 lines, not {len(lines)}")
    for r, line in enumerate(lines):
        if type(line) is not dict or len(line) != 2 or "color" not in line or "count" not in line:
            line = fields.json_object(line, f"{where}.lines[{r}]", ("color", "count"))  # names it
        count = line["count"]
        if type(count) is not int or not 0 <= count <= r + 1:
            count = fields.integer(count, f"{where}.lines[{r}].count", 0, r + 1)
        if count == 0:
            if line["color"] is not None:
                raise InvalidState(f"{where}.lines[{r}].color: must be null when the line is empty")
            continue
        colour = fields.colour(line["color"], f"{where}.lines[{r}].color")
        if colour in cells[r * SIZE:r * SIZE + SIZE]:
            raise InvalidState(
                f"{where}.lines[{r}].color: wall row {r} already holds {COLOURS[colour]} "
                "(R13b/R13c)"
            )
        core.line_colour[base + r] = colour
        core.line_count[base + r] = count
        totals[colour] += count
    floor = fields.json_list(board["floor"], f"{where}.floor")
    if len(floor) > FLOOR_SIZE:
        raise InvalidState(f"{where}.floor: holds {len(floor)} items, at most 7")
    has_marker = False
    items = []
    for i, item in enumerate(floor):
        if item == MARKER_NAME:
            if has_marker:
                raise InvalidState(f"{where}.floor[{i}]: a second first-player marker")
            has_marker = True
            items.append(MARKER)
        else:
            colour = fields.colour(item, f"{where}.floor[{i}]")
            items.append(colour)
            totals[colour] += 1
    core.floors[p] = items
    return has_marker


def _check_phase(core: ClassicCore, marker_seen: int) -> None:
    """The phase, the marker and the table must fit together."""
    players = core.players
    if marker_seen >= 0 and core.marker != marker_seen:
        raise InvalidState(
            f"boards[{marker_seen}].floor: holds the first-player marker but marker is "
            f"{'center' if core.marker < 0 else core.marker}"
        )
    if core.phase == OFFER:
        if not core.table:
            raise InvalidState("factories: no tiles on the table in the offer phase")
        _check_marker_floor(core, marker_seen, done=())
    elif core.phase == TILING:
        if not core.gray:
            raise InvalidState("phase: 'tiling' exists only on the gray wall")
        if core.table:
            raise InvalidState("factories: tiles left on the table in the tiling phase")
        p = core.current
        order = [(core.first + k) % players for k in range(players)]
        done = order[: order.index(p)]
        for q in done:
            if core.pending_row(q) >= 0 or core.floors[q]:
                raise InvalidState(
                    f"boards[{q}]: already tiled this round, yet has a complete line or a floor"
                )
        row = core.pending_row(p)
        if row < 0:
            raise InvalidState(f"boards[{p}].lines: current player has no complete line to place")
        colour = core.line_colour[p * SIZE + row]
        if bin(core.free_columns(p, row, colour)).count("1") < 2:
            raise InvalidState(
                f"boards[{p}].lines[{row}]: fewer than two legal columns, nothing to choose"
            )
        _check_marker_floor(core, marker_seen, done)
    else:
        if core.table:
            raise InvalidState("factories: tiles left on the table after the game ended")
        # The engine itself writes "center" here; a holder is accepted (floors are empty).
        for p in range(players):
            if core.floors[p]:
                raise InvalidState(f"boards[{p}].floor: must be empty once the game is over")


def _check_marker_floor(core: ClassicCore, marker_seen: int, done: Collection[int]) -> None:
    holder = core.marker
    if holder < 0 or holder == marker_seen or holder in done:
        return
    if len(core.floors[holder]) < FLOOR_SIZE:
        raise InvalidState(
            f"boards[{holder}].floor: player {holder} holds the marker, so it must be on "
            "their floor (R12)"
        )


__all__ = ["FORMAT", "decode", "encode"]
