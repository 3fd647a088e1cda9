"""JSON form of a classic game state (engine-api.md, format 1): encoding and validation.

``decode`` checks types, ranges and the invariants of the rules and names the offending
field in every ``InvalidState`` message.
"""

from ..common.bag import fresh_seed
from ..common.colours import COLOUR_INDEX, COLOURS
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


def encode(core: ClassicCore, public: bool = False) -> dict:
    players = core.players
    boards = []
    for p in range(players):
        base = p * SIZE
        lines = []
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
    data = {
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


def _colour_or_none(colour: int):
    return COLOURS[colour] if colour >= 0 else None


def decode(data) -> ClassicCore:
    if not isinstance(data, dict):
        raise InvalidState(f"state: must be an object, not {type(data).__name__}")
    for key in _KEYS:
        if key not in data:
            raise InvalidState(f"{key}: missing key")
    extra = sorted(set(data) - set(_KEYS) - {"seed"}, key=str)
    if extra:
        raise InvalidState(f"{extra[0]}: unexpected key")
    if _int(data["format"], "format") != FORMAT:
        raise InvalidState(f"format: unsupported format {data['format']}, expected {FORMAT}")
    variant = data["variant"]
    if variant not in VARIANTS:
        raise InvalidState(f"variant: must be one of {', '.join(VARIANTS)}, not {variant!r}")
    players = _int(data["players"], "players", 2, 4)
    core = ClassicCore.new_blank(players, variant == "gray")
    core.round = _int(data["round"], "round", 1)
    phase = data["phase"]
    if phase not in PHASES:
        raise InvalidState(f"phase: must be one of {', '.join(PHASES)}, not {phase!r}")
    core.phase = PHASES.index(phase)
    core.current = _int(data["current_player"], "current_player", 0, players - 1)
    core.first = _int(data["first_player"], "first_player", 0, players - 1)
    core.move_count = _int(data["move_count"], "move_count", 0)
    seed = data.get("seed")
    core.seed = fresh_seed() if seed is None else _int(seed, "seed", 0)

    factories = _list(data["factories"], "factories")
    if len(factories) != FACTORY_COUNT[players]:
        raise InvalidState(
            f"factories: {players} players need {FACTORY_COUNT[players]} factories, "
            f"not {len(factories)}"
        )
    totals = [0] * SIZE
    for f, tiles in enumerate(factories):
        counts = _tile_counts(tiles, f"factories[{f}]")
        if sum(counts) > FACTORY_SIZE:
            raise InvalidState(f"factories[{f}]: holds {sum(counts)} tiles, at most 4")
        core.factories[f] = KIND_OF_COUNTS[tuple(counts)]
        _add(totals, counts)
    core.center = _tile_counts(data["center"], "center")
    _add(totals, core.center)
    marker = data["marker"]
    if marker == "center":
        core.marker = -1
    else:
        core.marker = _int(marker, "marker", 0, players - 1)
    core.bag = _colour_counts(data["bag"], "bag")
    core.lid = _colour_counts(data["lid"], "lid")
    _add(totals, core.bag)
    _add(totals, core.lid)

    boards = _list(data["boards"], "boards")
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


def _decode_board(core: ClassicCore, p: int, board, totals: list[int], where: str) -> bool:
    """Decode board ``p`` into ``core``; return whether its floor holds the marker."""
    if not isinstance(board, dict):
        raise InvalidState(f"{where}: must be an object, not {type(board).__name__}")
    for key in _BOARD_KEYS:
        if key not in board:
            raise InvalidState(f"{where}.{key}: missing key")
    extra = sorted(set(board) - set(_BOARD_KEYS), key=str)
    if extra:
        raise InvalidState(f"{where}.{extra[0]}: unexpected key")
    core.scores[p] = _int(board["score"], f"{where}.score", 0)
    base = p * SIZE
    wall = _list(board["wall"], f"{where}.wall")
    if len(wall) != SIZE:
        raise InvalidState(f"{where}.wall: must have 5 rows, not {len(wall)}")
    for r, row in enumerate(wall):
        row = _list(row, f"{where}.wall[{r}]")
        if len(row) != SIZE:
            raise InvalidState(f"{where}.wall[{r}]: must have 5 cells, not {len(row)}")
        for c, cell in enumerate(row):
            field = f"{where}.wall[{r}][{c}]"
            if cell is None:
                continue
            colour = _colour(cell, field)
            if not core.gray and colour != standard_colour(r, c):
                raise InvalidState(
                    f"{field}: {cell} cannot be there, the standard wall has "
                    f"{COLOURS[standard_colour(r, c)]} there (R6)"
                )
            core.wall[p * 25 + r * SIZE + c] = colour
            totals[colour] += 1
    for r in range(SIZE):
        row_colours = [core.wall[p * 25 + r * SIZE + c] for c in range(SIZE)]
        column_colours = [core.wall[p * 25 + c * SIZE + r] for c in range(SIZE)]
        for name, cells in (("row", row_colours), ("column", column_colours)):
            placed = [c for c in cells if c >= 0]
            if len(placed) != len(set(placed)):
                raise InvalidState(f"{where}.wall: {name} {r} holds a colour twice")
    lines = _list(board["lines"], f"{where}.lines")
    if len(lines) != SIZE:
        raise InvalidState(f"{where}.lines: must have 5 lines, not {len(lines)}")
    for r, line in enumerate(lines):
        field = f"{where}.lines[{r}]"
        if not isinstance(line, dict):
            raise InvalidState(f"{field}: must be an object, not {type(line).__name__}")
        for key in ("color", "count"):
            if key not in line:
                raise InvalidState(f"{field}.{key}: missing key")
        extra = sorted(set(line) - {"color", "count"}, key=str)
        if extra:
            raise InvalidState(f"{field}.{extra[0]}: unexpected key")
        count = _int(line["count"], f"{field}.count", 0, r + 1)
        if count == 0:
            if line["color"] is not None:
                raise InvalidState(f"{field}.color: must be null when the line is empty")
            continue
        colour = _colour(line["color"], f"{field}.color")
        if any(core.wall[p * 25 + r * SIZE + c] == colour for c in range(SIZE)):
            raise InvalidState(
                f"{field}.color: wall row {r} already holds {COLOURS[colour]} (R13b/R13c)"
            )
        core.line_colour[base + r] = colour
        core.line_count[base + r] = count
        totals[colour] += count
    floor = _list(board["floor"], f"{where}.floor")
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
            colour = _colour(item, f"{where}.floor[{i}]")
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


def _check_marker_floor(core: ClassicCore, marker_seen: int, done) -> None:
    holder = core.marker
    if holder < 0 or holder == marker_seen or holder in done:
        return
    if len(core.floors[holder]) < FLOOR_SIZE:
        raise InvalidState(
            f"boards[{holder}].floor: player {holder} holds the marker, so it must be on "
            "their floor (R12)"
        )


def _int(value, field: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidState(f"{field}: must be an integer, not {type(value).__name__}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"{low}..{high}" if high is not None else f">= {low}"
        raise InvalidState(f"{field}: must be {bounds}, not {value}")
    return value


def _list(value, field: str) -> list:
    if not isinstance(value, list):
        raise InvalidState(f"{field}: must be a list, not {type(value).__name__}")
    return value


def _colour(value, field: str) -> int:
    if not isinstance(value, str):
        raise InvalidState(f"{field}: must be a colour name, not {type(value).__name__}")
    if value not in COLOUR_INDEX:
        raise InvalidState(f"{field}: unknown colour {value!r}")
    return COLOUR_INDEX[value]


def _tile_counts(tiles, field: str) -> list[int]:
    counts = [0] * SIZE
    for i, tile in enumerate(_list(tiles, field)):
        counts[_colour(tile, f"{field}[{i}]")] += 1
    return counts


def _colour_counts(value, field: str) -> list[int]:
    if not isinstance(value, dict):
        raise InvalidState(f"{field}: must be an object, not {type(value).__name__}")
    for key in value:
        if key not in COLOUR_INDEX:
            raise InvalidState(f"{field}.{key}: unknown colour {key!r}")
    counts = []
    for name in COLOURS:
        if name not in value:
            raise InvalidState(f"{field}.{name}: missing key")
        counts.append(_int(value[name], f"{field}.{name}", 0, TILES_PER_COLOUR))
    return counts


def _add(totals: list[int], counts: list[int]) -> None:
    for c in range(SIZE):
        totals[c] += counts[c]


__all__ = ["FORMAT", "decode", "encode"]
