"""JSON form of an Azul Duel state (docs/engine.md, "Azul Duel", format 1).
(Over 400 lines: every field of the Duel state's JSON, checked on the way in, in one place.)

``encode(public=True)`` hides what players must not know — the seed, the order of the
plate stack, the face-down chips and the chip supply — and shows counts instead.
``decode`` validates types, ranges and invariants, naming the offending field; given a
public state it fills the hidden parts with a random guess consistent with what is shown.
"""

import random
from collections import Counter

from ..common import fields
from ..common.bag import fresh_seed
from ..common.colours import COLOURS
from ..common.fields import JsonObject
from ..errors import InvalidState
from .core import EMPTY, NO_CHIP, DuelCore
from .tables import (
    ALL_CHIPS,
    BROKEN_SPACES,
    BUYING,
    CHIP_NAME,
    CHIP_OF_NAME,
    CHIP_ORDER,
    COLOUR_COUNT,
    DRAFTING,
    GRID,
    LARGE_MOON_SPACES,
    LARGE_SUN,
    LINES,
    OPENING,
    OVER,
    PHASES,
    PLATE_COUNT,
    PLATE_ROUNDS,
    PLATES_PER_ROUND,
    RETURNING,
    ROUNDS,
    SIDES,
    SLOT_CELLS,
    SLOTS,
    SMALL_FACTORIES,
    SMALL_SUN,
    SPECIAL,
    TABLETS,
    TILES_PER_COLOUR,
    TILING,
    WILD,
)

FORMAT = 1
RULESET = "duel"
_KEYS = (
    "format", "ruleset", "players", "round", "phase", "current_player", "first_player",
    "first_player_tile", "factories", "bag", "tower", "plate_display", "plate_stack",
    "revealed_plates", "chip_supply", "chips_gone", "objectives", "boards", "tiling_line",
    "move_count",
)
_DERIVED = ("pending",)  # written by encode, checked by decode when present
_BOARD_KEYS = ("score", "plates_taken", "passed", "lines", "dome", "grid", "broken", "chips")
_BOARD_DERIVED = ("layout",)


# ------------------------------------------------------------------- encoding
def encode(core: DuelCore, public: bool = False) -> JsonObject:
    factories: list[JsonObject] = []
    for f in range(SMALL_FACTORIES):
        chip: JsonObject | None = None
        if core.chips[f]:
            hidden = public and not core.chip_up[f]
            chip = {"colors": None if hidden else CHIP_NAME[core.chips[f]],
                    "face_up": core.chip_up[f]}
        factories.append({"sun": _names(core.suns[f]), "moon": [COLOURS[c] for c in core.moons[f]],
                          "chip": chip})
    factories.append({"sun": _names(core.suns[SMALL_FACTORIES]), "moon": _names(core.large_moon)})
    data: JsonObject = {
        "format": FORMAT,
        "ruleset": RULESET,
        "players": 2,
        "round": core.round,
        "phase": PHASES[core.phase],
        "current_player": core.current,
        "first_player": core.first,
        "first_player_tile": "large_moon" if core.fp < 0 else core.fp,
        "factories": factories,
        "bag": dict(zip(COLOURS, core.bag, strict=True)),
        "tower": dict(zip(COLOURS, core.tower, strict=True)),
        "plate_display": list(core.display),
        "plate_stack": len(core.plate_stack) if public else list(core.plate_stack),
        "revealed_plates": list(core.revealed),
        "chip_supply": (len(core.chip_supply) if public
                        else [CHIP_NAME[m] for m in core.chip_supply]),
        "chips_gone": [CHIP_NAME[m] for m in core.chips_gone],
        "objectives": [{"tablet": t, "side": s} for t, s in core.objectives],
        "boards": [_encode_board(core, p) for p in range(2)],
        "tiling_line": core.tiling_line,
        "pending": pending(core),
    }
    if not public:
        data["seed"] = core.seed
    data["move_count"] = core.move_count
    return data


def pending(core: DuelCore) -> JsonObject | None:
    """Who must decide what next, so that a client always knows the next decision."""
    phase = core.phase
    if phase == OVER:
        return None
    p = core.current
    if phase == OPENING:
        return {"player": p, "decision": "opening_plate"}
    if phase == BUYING:
        return {"player": p, "decision": "keep_or_buy_plate"}
    if phase == RETURNING:
        return {"player": p, "decision": "return_plate"}
    if phase == TILING:
        return {"player": p, "decision": core.tiling_decision(), "line": core.tiling_line}
    actions = core.drafting_actions(p)
    return {"player": p, "decision": "action" if actions else "pass",
            "plates_owed": (PLATES_PER_ROUND - core.plates_taken[p])
            if core.round <= PLATE_ROUNDS else 0}


def _encode_board(core: DuelCore, p: int) -> JsonObject:
    lines = []
    for r in range(LINES):
        i = p * LINES + r
        count = core.line_count[i]
        lines.append({"color": COLOURS[core.line_colour[i]] if count else None,
                      "count": count, "chips": core.line_chips[i]})
    dome = [[None if (slot := core.slots[p][3 * r + c]) is None
             else {"plate": slot[0], "rotation": slot[1]}
             for c in range(3)] for r in range(3)]
    grid = [[_cell_name(core.grid[p][r * GRID + c]) for c in range(GRID)] for r in range(GRID)]
    layout = [[_kind_name(core.layout[p][r * GRID + c]) for c in range(GRID)]
              for r in range(GRID)]
    return {
        "score": core.scores[p],
        "plates_taken": core.plates_taken[p],
        "passed": core.passed[p],
        "lines": lines,
        "dome": dome,
        "grid": grid,
        "layout": layout,
        "broken": [COLOURS[c] for c in core.broken[p]],
        "chips": [CHIP_NAME[m] for m in core.bonus[p]],
    }


def _names(counts: list[int]) -> list[str]:
    return [COLOURS[c] for c in range(COLOUR_COUNT) for _ in range(counts[c])]


def _cell_name(cell: int) -> str | None:
    if cell == EMPTY:
        return None
    return "special" if cell == SPECIAL else COLOURS[cell]


def _kind_name(kind: int) -> str | None:
    if kind == EMPTY:
        return None
    if kind == WILD:
        return "wild"
    return "special" if kind == SPECIAL else COLOURS[kind]


# ------------------------------------------------------------------- decoding
def decode(value: object) -> DuelCore:
    data = fields.json_object(value, "state", _KEYS, _DERIVED + ("seed",))
    if fields.integer(data["format"], "format") != FORMAT:
        raise InvalidState(f"format: unsupported format {data['format']}, expected {FORMAT}")
    if data["ruleset"] != RULESET:
        raise InvalidState(f"ruleset: must be {RULESET!r}, not {data['ruleset']!r}")
    fields.integer(data["players"], "players", 2, 2)
    seed = data.get("seed")
    core = DuelCore.blank(fresh_seed() if seed is None else fields.integer(seed, "seed", 0))
    core.round = fields.integer(data["round"], "round", 1, ROUNDS)
    phase = data["phase"]
    if phase not in PHASES:
        raise InvalidState(f"phase: must be one of {', '.join(PHASES)}, not {phase!r}")
    core.phase = PHASES.index(phase)
    core.current = fields.integer(data["current_player"], "current_player", 0, 1)
    core.first = fields.integer(data["first_player"], "first_player", 0, 1)
    fp = data["first_player_tile"]
    core.fp = -1 if fp == "large_moon" else fields.integer(fp, "first_player_tile", 0, 1)
    core.move_count = fields.integer(data["move_count"], "move_count", 0)
    core.tiling_line = fields.integer(data["tiling_line"], "tiling_line", 0, LINES - 1)

    totals = [0] * COLOUR_COUNT
    hidden_chips = _decode_factories(core, data["factories"], totals)
    core.bag = fields.colour_counts(data["bag"], "bag", TILES_PER_COLOUR)
    core.tower = fields.colour_counts(data["tower"], "tower", TILES_PER_COLOUR)
    fields.add_counts(totals, core.bag)
    fields.add_counts(totals, core.tower)

    boards = fields.json_list(data["boards"], "boards")
    if len(boards) != 2:
        raise InvalidState(f"boards: Duel has 2 boards, not {len(boards)}")
    for p, board in enumerate(boards):
        _decode_board(core, p, board, totals, f"boards[{p}]")
    for c in range(COLOUR_COUNT):
        if totals[c] != TILES_PER_COLOUR:
            raise InvalidState(
                f"bag: {totals[c]} {COLOURS[c]} tiles in the whole game, the rules have 13 (DI1)")
    public = _decode_plates(core, data)
    public = _decode_chips(core, data, hidden_chips) or public
    _decode_objectives(core, data["objectives"])
    if public:
        # A public state: what is hidden is guessed at random, consistently with what shows.
        seed = core.seed
        core.determinize(random.Random(seed))
        core.seed = seed
    _check_phase(core)
    if "pending" in data and data["pending"] != pending(core):
        raise InvalidState("pending: does not match the rest of the state")
    return core


def _decode_factories(core: DuelCore, value: object, totals: list[int]) -> int:
    """Fill suns, moons and chips; return how many chips lie face down with hidden colours."""
    factories = fields.json_list(value, "factories")
    if len(factories) != 5:
        raise InvalidState(f"factories: Duel has 5 factories, not {len(factories)}")
    hidden = 0
    for f, item in enumerate(factories):
        where = f"factories[{f}]"
        small = f < SMALL_FACTORIES
        factory = fields.json_object(item, where,
                                     ("sun", "moon", "chip") if small else ("sun", "moon"))
        sun = fields.tile_counts(factory["sun"], f"{where}.sun")
        moon_list = fields.json_list(factory["moon"], f"{where}.moon")
        moon = [fields.colour(c, f"{where}.moon[{k}]") for k, c in enumerate(moon_list)]
        if sum(sun) > (SMALL_SUN if small else LARGE_SUN):
            raise InvalidState(f"{where}.sun: holds {sum(sun)} tiles, too many (D2)")
        if moon and any(sun):
            raise InvalidState(f"{where}.moon: holds tiles while its sun is not yet taken (D12)")
        limit = SMALL_SUN - 1 if small else LARGE_MOON_SPACES
        if len(moon) > limit:
            raise InvalidState(f"{where}.moon: holds {len(moon)} tiles, at most {limit} (D2)")
        core.suns[f] = sun
        fields.add_counts(totals, sun)
        for c in moon:
            totals[c] += 1
        if not small:
            core.large_moon = [moon.count(c) for c in range(COLOUR_COUNT)]
            continue
        core.moons[f] = moon
        if factory["chip"] is None:
            continue
        chip = fields.json_object(factory["chip"], f"{where}.chip", ("colors", "face_up"))
        face_up = chip["face_up"]
        if not isinstance(face_up, bool):
            raise InvalidState(f"{where}.chip.face_up: must be true or false")
        empty = not moon and not any(sun)
        if face_up != empty:
            raise InvalidState(
                f"{where}.chip.face_up: a chip is face up exactly when its sun and moon are "
                "empty (D14)")
        core.chip_up[f] = face_up
        if chip["colors"] is None:
            if face_up:
                raise InvalidState(f"{where}.chip.colors: a face-up chip shows its colours")
            hidden += 1
            core.chips[f] = -1  # placeholder until the hidden chips are dealt
        else:
            core.chips[f] = _chip(chip["colors"], f"{where}.chip.colors")
    return hidden


def _decode_board(core: DuelCore, p: int, value: object, totals: list[int], where: str) -> None:
    board = fields.json_object(value, where, _BOARD_KEYS, _BOARD_DERIVED)
    core.scores[p] = fields.integer(board["score"], f"{where}.score", 0)
    core.plates_taken[p] = fields.integer(board["plates_taken"], f"{where}.plates_taken", 0,
                                PLATES_PER_ROUND)
    passed = board["passed"]
    if not isinstance(passed, bool):
        raise InvalidState(f"{where}.passed: must be true or false")
    core.passed[p] = passed
    dome = fields.json_list(board["dome"], f"{where}.dome")
    if len(dome) != 3:
        raise InvalidState(f"{where}.dome: must have 3 rows of slots, not {len(dome)}")
    for r, row in enumerate(dome):
        row = fields.json_list(row, f"{where}.dome[{r}]")
        if len(row) != 3:
            raise InvalidState(f"{where}.dome[{r}]: must have 3 slots, not {len(row)}")
        for c, cell in enumerate(row):
            if cell is None:
                continue
            field = f"{where}.dome[{r}][{c}]"
            slot = fields.json_object(cell, field, ("plate", "rotation"))
            plate = fields.integer(slot["plate"], f"{field}.plate", 0, PLATE_COUNT - 1)
            rotation = fields.integer(slot["rotation"], f"{field}.rotation", 0, 3)
            core.slots[p][3 * r + c] = (plate, rotation)
    core.rebuild_layout()
    layout = core.layout[p]
    if "layout" in board:
        expected = [[_kind_name(layout[r * GRID + c]) for c in range(GRID)] for r in range(GRID)]
        if board["layout"] != expected:
            raise InvalidState(f"{where}.layout: does not match the plates of the dome")
    grid = fields.json_list(board["grid"], f"{where}.grid")
    if len(grid) != GRID:
        raise InvalidState(f"{where}.grid: must have 6 rows, not {len(grid)}")
    cells = core.grid[p]
    for r, row in enumerate(grid):
        row = fields.json_list(row, f"{where}.grid[{r}]")
        if len(row) != GRID:
            raise InvalidState(f"{where}.grid[{r}]: must have 6 cells, not {len(row)}")
        for c, name in enumerate(row):
            if name is None:
                continue
            field = f"{where}.grid[{r}][{c}]"
            kind = layout[r * GRID + c]
            if kind == EMPTY:
                raise InvalidState(f"{field}: a tile on a cell without a plate")
            if name == "special":
                if kind != SPECIAL:
                    raise InvalidState(f"{field}: a special tile on a cell that is not special")
                cells[r * GRID + c] = SPECIAL
                continue
            colour = fields.colour(name, field)
            if kind == SPECIAL or (kind != WILD and kind != colour):
                raise InvalidState(f"{field}: {name} cannot lie on a {_kind_name(kind)} cell (D17)")
            cells[r * GRID + c] = colour
            totals[colour] += 1
    for s in range(SLOTS):
        special = [x for x in SLOT_CELLS[s] if layout[x] == SPECIAL]
        if special:
            others_full = all(cells[x] != EMPTY for x in SLOT_CELLS[s] if x != special[0])
            if others_full != (cells[special[0]] == SPECIAL):
                raise InvalidState(
                    f"{where}.grid: the special cell of slot {s} must be filled exactly when "
                    "its three other cells are (D20)")
    lines = fields.json_list(board["lines"], f"{where}.lines")
    if len(lines) != LINES:
        raise InvalidState(f"{where}.lines: must have 6 lines, not {len(lines)}")
    for r, item in enumerate(lines):
        field = f"{where}.lines[{r}]"
        line = fields.json_object(item, field, ("color", "count", "chips"))
        count = fields.integer(line["count"], f"{field}.count", 0, r + 1)
        chips = fields.integer(line["chips"], f"{field}.chips", 0, r + 1 - count)
        if not count:
            if line["color"] is not None or chips:
                raise InvalidState(
                    f"{field}.color: must be null and chips 0 when the line is empty")
            continue
        colour = fields.colour(line["color"], f"{field}.color")
        i = p * LINES + r
        core.line_colour[i] = colour
        core.line_count[i] = count
        core.line_chips[i] = chips
        totals[colour] += count
    broken = fields.json_list(board["broken"], f"{where}.broken")
    if len(broken) > BROKEN_SPACES:
        raise InvalidState(f"{where}.broken: holds {len(broken)} tiles, at most 4 (D3)")
    core.broken[p] = [fields.colour(c, f"{where}.broken[{k}]") for k, c in enumerate(broken)]
    fields.add_counts(totals, [core.broken[p].count(c) for c in range(COLOUR_COUNT)])
    bonus = fields.json_list(board["chips"], f"{where}.chips")
    core.bonus[p] = sorted((_chip(n, f"{where}.chips[{k}]") for k, n in enumerate(bonus)),
                           key=CHIP_ORDER.__getitem__)


def _decode_plates(core: DuelCore, data: JsonObject) -> bool:
    """Display, stack, revealed plates and domes: each plate exactly once.  Returns whether
    the stack was given as a count (a public state)."""
    seen: dict[int, str] = {}

    def note(plate: int, field: str) -> None:
        if plate in seen:
            raise InvalidState(f"{field}: plate {plate} is also in {seen[plate]}")
        seen[plate] = field

    for name, target in (("plate_display", core.display), ("revealed_plates", core.revealed)):
        for k, value in enumerate(fields.json_list(data[name], name)):
            plate = fields.integer(value, f"{name}[{k}]", 0, PLATE_COUNT - 1)
            note(plate, f"{name}[{k}]")
            target.append(plate)
    if len(core.display) > 3:
        raise InvalidState(f"plate_display: holds {len(core.display)} plates, at most 3 (D7)")
    for p in range(2):
        for s, placed in enumerate(core.slots[p]):
            if placed is not None:
                note(placed[0], f"boards[{p}].dome[{s // 3}][{s % 3}]")
    stack = data["plate_stack"]
    missing = [x for x in range(PLATE_COUNT) if x not in seen]
    if isinstance(stack, int) and not isinstance(stack, bool):
        if stack != len(missing):
            raise InvalidState(
                f"plate_stack: {stack} face-down plates, but {len(missing)} plates are unseen")
        core.plate_stack = missing
        return True
    for k, value in enumerate(fields.json_list(stack, "plate_stack")):
        plate = fields.integer(value, f"plate_stack[{k}]", 0, PLATE_COUNT - 1)
        note(plate, f"plate_stack[{k}]")
        core.plate_stack.append(plate)
    nowhere = [x for x in range(PLATE_COUNT) if x not in seen]
    if nowhere:
        raise InvalidState(f"plate_stack: plate {nowhere[0]} is nowhere (D4: 18 plates)")
    return False


def _decode_chips(core: DuelCore, data: JsonObject, hidden: int) -> bool:
    """Chips: supply, factories, bonus areas and gone make the 20 of D5."""
    core.chips_gone = [_chip(n, f"chips_gone[{k}]")
                       for k, n in enumerate(fields.json_list(data["chips_gone"], "chips_gone"))]
    visible = Counter(core.chips_gone)
    for p in range(2):
        visible.update(core.bonus[p])
    visible.update(m for m in core.chips if m > 0)
    remaining = Counter(ALL_CHIPS)
    remaining.subtract(visible)
    over = [m for m, n in remaining.items() if n < 0]
    if over:
        raise InvalidState(f"chips_gone: more {CHIP_NAME[over[0]]} chips in the game than the "
                           "rules have (D5)")
    unseen = sorted(remaining.elements(), key=CHIP_ORDER.__getitem__)
    supply = data["chip_supply"]
    if isinstance(supply, int) and not isinstance(supply, bool):
        if supply + hidden != len(unseen):
            raise InvalidState(f"chip_supply: {supply} chips, but {len(unseen) - hidden} are "
                               "unaccounted for")
        for f in range(SMALL_FACTORIES):
            if core.chips[f] == -1:
                core.chips[f] = unseen.pop()
        core.chip_supply = unseen
        return True
    if hidden:
        raise InvalidState("chip_supply: a full state shows every face-down chip's colours")
    core.chip_supply = [_chip(n, f"chip_supply[{k}]")
                        for k, n in enumerate(fields.json_list(supply, "chip_supply"))]
    if Counter(core.chip_supply) != Counter(unseen):
        raise InvalidState("chip_supply: the chips do not add up to the 20 of D5")
    return False


def _decode_objectives(core: DuelCore, value: object) -> None:
    objectives = fields.json_list(value, "objectives")
    if len(objectives) != 3:
        raise InvalidState(f"objectives: a game uses 3, not {len(objectives)} (D6)")
    for k, entry in enumerate(objectives):
        item = fields.json_object(entry, f"objectives[{k}]", ("tablet", "side"))
        tablet = fields.integer(item["tablet"], f"objectives[{k}].tablet", 1, len(TABLETS))
        side = item["side"]
        if not isinstance(side, str) or side not in SIDES:  # SIDES holds strings only
            raise InvalidState(f"objectives[{k}].side: must be 'A' or 'B', not {side!r}")
        core.objectives.append((tablet, side))
    if len({t for t, _ in core.objectives}) != 3:
        raise InvalidState("objectives: a tablet is listed twice (D6)")


def _check_phase(core: DuelCore) -> None:
    """The phase and the table must fit together."""
    phase = core.phase
    plates = [sum(1 for s in core.slots[p] if s is not None) for p in range(2)]
    if phase not in (BUYING, RETURNING) and core.revealed:
        raise InvalidState("revealed_plates: plates are revealed only while buying (D11)")
    if phase != TILING and core.tiling_line:
        raise InvalidState("tiling_line: must be 0 outside the tiling phase")
    if phase != TILING and any(core.line_chips):
        raise InvalidState("boards: lines are paid with chips only during tiling (D18)")
    if phase == OPENING:
        second = 1 - core.first
        expected = [0, 0]
        if core.current == core.first:
            expected[second] = 1
        if core.round != 1 or plates != expected or any(core.plates_taken):
            raise InvalidState("boards: the opening plates do not fit the opening phase (D10)")
        return
    if phase in (DRAFTING, BUYING, RETURNING):
        if phase != RETURNING and core.drafting_over():
            raise InvalidState("phase: the drafting phase is over, yet the phase is "
                               f"{PHASES[phase]!r} (D16)")
        for p in range(2):
            owed = 1 + PLATES_PER_ROUND * min(core.round - 1, PLATE_ROUNDS)
            if core.round <= PLATE_ROUNDS:
                owed += core.plates_taken[p]
            if plates[p] != owed:
                raise InvalidState(f"boards[{p}].dome: holds {plates[p]} plates, {owed} expected "
                                   "at this point (D10, D11)")
        if core.passed[core.current]:
            raise InvalidState("current_player: has passed this round (D16)")
        if phase == BUYING and (not core.revealed or not core.owes_plate(core.current)):
            raise InvalidState("revealed_plates: buying needs revealed plates and a plate owed")
        if phase == RETURNING and len(core.revealed) < 2:
            raise InvalidState("revealed_plates: returning needs at least 2 plates to order")
        return
    if not core.table_empty() or any(core.chips):
        raise InvalidState(f"factories: must be empty and without chips in phase {PHASES[phase]!r}")
    if phase == TILING:
        if core.owes_plate(0) or core.owes_plate(1):
            raise InvalidState("boards: plates are still owed, drafting is not over (D16)")
        owed = 1 + PLATES_PER_ROUND * min(core.round, PLATE_ROUNDS)
        for p in range(2):
            if plates[p] != owed:
                raise InvalidState(f"boards[{p}].dome: holds {plates[p]} plates, {owed} expected "
                                   "when tiling this round (D10, D11)")
        if core.current != core.first and core.broken[core.first]:
            raise InvalidState(f"boards[{core.first}].broken: already tiled, must be empty")
        for i, chips in enumerate(core.line_chips):
            if chips and (i // LINES != core.current or i % LINES != core.tiling_line):
                raise InvalidState("boards: only the line being tiled may be paid with chips")
        if core.tiling_decision() is None:
            raise InvalidState("tiling_line: nothing to decide there (D17-D19)")
        return
    if core.round != ROUNDS or plates != [SLOTS, SLOTS] or any(core.broken):
        raise InvalidState("phase: 'over' needs round 5 tiled and both domes full (D23)")


# -------------------------------------------------------------------- helpers
def _chip(value: object, field: str) -> int:
    if not isinstance(value, str) or value not in CHIP_OF_NAME:
        raise InvalidState(f"{field}: unknown chip {value!r}")
    return CHIP_OF_NAME[value]


__all__ = ["FORMAT", "RULESET", "decode", "encode", "pending", "NO_CHIP"]
