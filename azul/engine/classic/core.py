"""The rules of classic Azul on a compact, mutable state: the one implementation of R1-R24.
(Over 400 lines: the whole classic rulebook on one state, each rule beside the others.)

``ClassicCore`` is the fast path for bots and benchmarks (OpenSpiel style: ``legal_actions``
returns ints, ``apply_action`` mutates in place without validation, ``clone`` copies).
The public, immutable ``ClassicState`` is a thin validating shell around it.

Per-player data lives in flat lists indexed ``player * 5 + i`` (wall cells
``player * 25 + row * 5 + column``) so that cloning is a handful of list copies.
"""

import random

from ..common.bag import SEED_LIMIT, draw_tile, refill_random
from ..common.colours import COLOURS
from ..common.core_copy import field_copier
from .tables import (
    BIT_COUNT,
    CENTER,
    COLOUR_BONUS,
    COLUMN_BONUS,
    DECODE,
    FACTORY_COUNT,
    FACTORY_SIZE,
    FLOOR,
    FLOOR_COST,
    FLOOR_SIZE,
    FULL,
    KIND_ADD,
    KIND_COLOURS,
    KIND_COUNTS,
    KIND_REST,
    KIND_SIZE,
    LOWEST_BIT,
    MARKER,
    OFFER,
    OFFER_ACTIONS,
    OVER,
    POINTS,
    REPEAT,
    ROW_BONUS,
    RUNS,
    SIZE,
    STANDARD_COLUMN,
    TILES_PER_COLOUR,
    TILING,
    TILING_ACTIONS,
    TILING_BASE,
)

RANDOM_TAG = "azul"

# The fields of a core, by how a clone copies them (common/core_copy.py).
_SHARED = ("players", "gray", "seed", "round", "phase", "current", "first", "marker", "table",
           "move_count")
_LISTS = (
    "factories", "center", "bag", "lid", "scores", "line_colour", "line_count", "wall",
    "row_mask", "column_mask", "row_colours", "colour_columns", "allow",
)
_NESTED = ("floors",)
_FIELDS = _SHARED + _LISTS + _NESTED


class ClassicCore:
    """A mutable game position.

    - ``factories[f]``: a kind index into ``tables.KIND_COUNTS`` (0 = empty).
    - ``center``, ``bag``, ``lid``: per-colour counts; ``table``: tiles in factories + centre.
    - ``marker``: -1 in the centre, else the seat holding it.
    - ``line_colour`` (-1 = empty) / ``line_count``; ``wall`` colours (-1 = empty).
    - ``row_mask`` / ``column_mask``: occupied columns of a row / rows of a column.
    - ``row_colours``: colours present in a wall row; ``colour_columns``: columns holding a colour.
    - ``allow[p*5 + colour]``: destinations (bits 0-4 lines, bit 5 floor) legal for that colour.
    - ``floors[p]``: floor items in placement order, ``MARKER`` for the marker.
    """

    __slots__ = _FIELDS
    # The fields' types (annotations only: the slots above hold the values).
    players: int
    gray: bool
    seed: int
    round: int
    phase: int
    current: int
    first: int
    marker: int
    table: int
    move_count: int
    factories: list[int]
    center: list[int]
    bag: list[int]
    lid: list[int]
    scores: list[int]
    line_colour: list[int]
    line_count: list[int]
    wall: list[int]
    row_mask: list[int]
    column_mask: list[int]
    row_colours: list[int]
    colour_columns: list[int]
    allow: list[int]
    floors: list[list[int]]

    ruleset = "classic"  # its name in the REGISTRY: what the bots' kits are looked up by

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(cls, players: int, gray: bool, seed: int) -> "ClassicCore":
        """R7, R8, R21: a new game, its factories filled for round 1."""
        core = cls.new_blank(players, gray, seed)
        core._refill()
        if not core.table:
            core._end_game()
        return core

    @classmethod
    def new_blank(cls, players: int, gray: bool, seed: int = 0) -> "ClassicCore":
        """The setup of R7 with empty factories (the decoder fills it in)."""
        core = cls.__new__(cls)
        core.players = players
        core.gray = gray
        core.seed = seed
        core.round = 1
        core.phase = OFFER
        core.current = 0  # R8
        core.first = 0
        core.marker = -1  # R7
        core.factories = [0] * FACTORY_COUNT[players]
        core.center = [0] * SIZE
        core.table = 0
        core.bag = [TILES_PER_COLOUR] * SIZE  # R7
        core.lid = [0] * SIZE
        core.scores = [0] * players
        cells = players * SIZE
        core.line_colour = [-1] * cells
        core.line_count = [0] * cells
        core.wall = [-1] * (cells * SIZE)
        core.row_mask = [0] * cells
        core.column_mask = [0] * cells
        core.row_colours = [0] * cells
        core.colour_columns = [0] * cells
        core.allow = [63] * cells
        core.floors = [[] for _ in range(players)]
        core.move_count = 0
        return core

    def determinize(self, rng: random.Random) -> None:
        """Replace what players cannot know by a guess from ``rng``: the bag's future draws, which
        come from the seed (the factories, the bag's counts and the lid are all public)."""
        self.seed = rng.randrange(SEED_LIMIT)

    def clone(self) -> "ClassicCore":
        """An independent copy."""
        return _copy(self)

    def rebuild_derived(self) -> None:
        """Recompute masks, ``allow`` and ``table`` from the primary fields (after decoding)."""
        self.table = sum(self.center) + sum(KIND_SIZE[k] for k in self.factories)
        for p in range(self.players):
            base = p * SIZE
            for r in range(SIZE):
                self.row_mask[base + r] = 0
                self.row_colours[base + r] = 0
                self.column_mask[base + r] = 0
                self.colour_columns[base + r] = 0
            for r in range(SIZE):
                for col in range(SIZE):
                    colour = self.wall[p * 25 + r * SIZE + col]
                    if colour >= 0:
                        self.row_mask[base + r] |= 1 << col
                        self.column_mask[base + col] |= 1 << r
                        self.row_colours[base + r] |= 1 << colour
                        self.colour_columns[base + colour] |= 1 << col
            for r in range(SIZE):
                self._refresh_line(base, r)

    # --------------------------------------------------------------- derived data
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def pending_row(self, player: int) -> int:
        """The topmost complete pattern line of ``player``, or -1."""
        base = player * SIZE
        counts = self.line_count
        for r in range(SIZE):
            if counts[base + r] == r + 1:
                return r
        return -1

    def free_columns(self, player: int, row: int, colour: int) -> int:
        """R16: mask of the columns where ``colour`` may go in ``row`` of a gray wall."""
        base = player * SIZE
        return FULL & ~self.row_mask[base + row] & ~self.colour_columns[base + colour]

    def complete_rows(self, player: int) -> int:
        base = player * SIZE
        return sum(1 for r in range(SIZE) if self.row_mask[base + r] == FULL)

    def bonuses(self, player: int) -> dict[str, int]:
        """R23 end bonuses of ``player`` as counts and points."""
        base = player * SIZE
        rows = self.complete_rows(player)
        columns = sum(1 for c in range(SIZE) if self.column_mask[base + c] == FULL)
        cells = self.wall[player * 25:(player + 1) * 25]
        colours = sum(1 for c in range(SIZE) if cells.count(c) == SIZE)
        points = rows * ROW_BONUS + columns * COLUMN_BONUS + colours * COLOUR_BONUS
        return {"rows": rows, "columns": columns, "colors": colours, "points": points}

    # ------------------------------------------------------------------- moves
    def legal_actions(self) -> list[int]:
        """I2: every action legal now, as ints (empty once the game is over)."""
        phase = self.phase
        if phase == OFFER:
            allow = self.allow
            base = self.current * SIZE
            actions: list[int] = []
            factories = self.factories
            for f in range(len(factories)):
                kind = factories[f]
                if kind:
                    by_colour = OFFER_ACTIONS[f]
                    for c in KIND_COLOURS[kind]:
                        actions += by_colour[c][allow[base + c]]
            center = self.center
            by_colour = OFFER_ACTIONS[CENTER]
            for c in range(SIZE):
                if center[c]:
                    actions += by_colour[c][allow[base + c]]
            return actions
        if phase == TILING:
            p = self.current
            row = self.pending_row(p)
            colour = self.line_colour[p * SIZE + row]
            return list(TILING_ACTIONS[row][self.free_columns(p, row, colour)])
        return []

    def illegal_reason(self, action: int) -> str | None:
        """Why ``action`` (a valid action int) is not legal now, or None if it is."""
        if self.phase == OVER:
            return "the game is over"
        p = self.current
        base = p * SIZE
        if self.phase == TILING:
            row = self.pending_row(p)
            if action < TILING_BASE:
                return (f"player {p} must first choose a wall column for pattern line {row}")
            r, col = divmod(action - TILING_BASE, SIZE)
            colour = self.line_colour[base + r] if r == row else -1
            if r != row:
                return f"pattern line {row} is the one to place now, not line {r}"
            if (self.row_mask[base + r] >> col) & 1:
                return f"wall cell at row {r}, column {col} is already taken"
            if (self.colour_columns[base + colour] >> col) & 1:
                return f"wall column {col} already holds {_name(colour)}"
            return None
        if action >= TILING_BASE:
            return "no wall tiling is pending: this is the factory offer"
        source, colour, dest = DECODE[action]
        if source == CENTER:
            if not self.center[colour]:
                if not any(self.center):
                    return "the center is empty"
                return f"the center holds no {_name(colour)}"
        elif source >= len(self.factories):
            return f"factory {source} does not exist"
        else:
            kind = self.factories[source]
            if not kind:
                return f"factory {source} is empty"
            if not KIND_COUNTS[kind][colour]:
                return f"factory {source} holds no {_name(colour)}"
        if dest == FLOOR:
            return None
        i = base + dest
        if self.line_count[i] == dest + 1:
            return f"pattern line {dest} is full"
        if self.line_count[i] and self.line_colour[i] != colour:
            return f"pattern line {dest} already holds {_name(self.line_colour[i])}"
        if (self.row_colours[base + dest] >> colour) & 1:
            return f"wall row {dest} already holds {_name(colour)}"
        return None

    def apply_action(self, action: int) -> None:
        """Apply a legal action in place.  No validation: see ``illegal_reason``."""
        self.move_count += 1
        if action >= TILING_BASE:
            self._apply_tiling(action)
            return
        source, colour, dest = DECODE[action]
        p = self.current
        floor = self.floors[p]
        if source == CENTER:  # R11
            center = self.center
            taken = center[colour]
            center[colour] = 0
            if self.marker < 0:  # R12
                self.marker = p
                if len(floor) < FLOOR_SIZE:
                    floor.append(MARKER)
        else:
            kind = self.factories[source]
            taken = KIND_COUNTS[kind][colour]
            center = self.center
            for other, count in KIND_REST[kind][colour]:
                center[other] += count
            self.factories[source] = 0
        self.table -= taken
        overflow = taken
        if dest != FLOOR:  # R13
            i = p * SIZE + dest
            had = self.line_count[i]
            room = dest + 1 - had
            allow = self.allow
            base = p * SIZE
            if taken < room:
                self.line_count[i] = had + taken
                overflow = 0
                if not had:
                    self.line_colour[i] = colour
                    keep = ~(1 << dest)
                    for c in range(SIZE):
                        if c != colour:
                            allow[base + c] &= keep
            else:
                self.line_count[i] = dest + 1
                self.line_colour[i] = colour
                overflow = taken - room
                keep = ~(1 << dest)
                for c in range(SIZE):
                    allow[base + c] &= keep
        if overflow:  # R13d, R13e
            space = FLOOR_SIZE - len(floor)
            if overflow <= space:
                floor += REPEAT[colour][overflow]
            else:
                floor += REPEAT[colour][space]
                self.lid[colour] += overflow - space
        if self.table:  # R10
            self.current = (p + 1) % self.players
        else:  # R14
            self._run_tiling(0)

    # ------------------------------------------------------------- wall tiling
    def _apply_tiling(self, action: int) -> None:
        row, col = divmod(action - TILING_BASE, SIZE)
        p = self.current
        self.scores[p] += self._place(p, row, col)
        if self._tile_player(p):
            self._run_tiling((p - self.first) % self.players + 1)

    def _run_tiling(self, start: int) -> None:
        """R15-R18 for the players from seat-order position ``start`` (from the first player)."""
        players = self.players
        for k in range(start, players):
            p = (self.first + k) % players
            if not self._tile_player(p):
                self.phase = TILING
                self.current = p
                return
        self._finish_round()

    def _tile_player(self, p: int) -> bool:
        """Tile the complete lines of ``p`` top to bottom, then the floor.

        Returns False, leaving the rest undone, when a gray-wall line has several columns.
        """
        base = p * SIZE
        counts = self.line_count
        for r in range(SIZE):
            if counts[base + r] != r + 1:
                continue
            colour = self.line_colour[base + r]
            if not self.gray:  # R15
                self.scores[p] += self._place(p, r, STANDARD_COLUMN[r][colour])
                continue
            columns = self.free_columns(p, r, colour)  # R16
            if not columns:
                self._line_to_floor(p, r, colour)
            elif BIT_COUNT[columns] == 1:
                self.scores[p] += self._place(p, r, LOWEST_BIT[columns])
            else:
                return False
        if self.floors[p]:
            self._score_floor(p)
        return True

    def _line_to_floor(self, p: int, r: int, colour: int) -> None:
        """R16: a complete gray-wall line with no legal column goes to the floor (beyond: the
        lid)."""
        base = p * SIZE
        floor = self.floors[p]
        space = FLOOR_SIZE - len(floor)
        moved = r + 1
        if moved <= space:
            floor += REPEAT[colour][moved]
        else:
            floor += REPEAT[colour][space]
            self.lid[colour] += moved - space
        self.line_count[base + r] = 0
        self.line_colour[base + r] = -1
        self._refresh_line(base, r)

    def _score_floor(self, p: int) -> None:
        """R18: the penalty, then the floor at 0; R19: floor tiles to the lid."""
        floor = self.floors[p]
        lid = self.lid
        for item in floor:
            if item != MARKER:
                lid[item] += 1
        score = self.scores[p] - FLOOR_COST[len(floor)]
        self.scores[p] = score if score > 0 else 0
        self.floors[p] = []

    def _place(self, p: int, row: int, col: int) -> int:
        """Move the complete line ``row`` of ``p`` to the wall at ``col``; return R17 points."""
        base = p * SIZE
        colour = self.line_colour[base + row]
        row_mask = self.row_mask[base + row] | (1 << col)
        self.row_mask[base + row] = row_mask
        column_mask = self.column_mask[base + col] | (1 << row)
        self.column_mask[base + col] = column_mask
        self.row_colours[base + row] |= 1 << colour
        self.colour_columns[base + colour] |= 1 << col
        self.wall[p * 25 + row * SIZE + col] = colour
        self.lid[colour] += row  # the line held row + 1 tiles, one went to the wall
        self.line_count[base + row] = 0
        self.line_colour[base + row] = -1
        self._refresh_line(base, row)
        return POINTS[RUNS[row_mask][col]][RUNS[column_mask][row]]

    def _refresh_line(self, base: int, row: int) -> None:
        """Recompute bit ``row`` of ``allow`` for every colour (R13a-R13c)."""
        count = self.line_count[base + row]
        colour = self.line_colour[base + row]
        present = self.row_colours[base + row]
        bit = 1 << row
        allow = self.allow
        for c in range(SIZE):
            if count <= row and (colour == c if count else not (present >> c) & 1):
                allow[base + c] |= bit
            else:
                allow[base + c] &= ~bit

    # -------------------------------------------------------------- next round
    def _finish_round(self) -> None:
        if self.marker >= 0:  # R19 (R14: otherwise the same first player again)
            self.first = self.marker
            self.marker = -1
        self.current = self.first
        if FULL in self.row_mask:  # R20, R22
            self._end_game()
            return
        if not self._row_still_possible():
            # Engine ruling: nobody can ever complete a row, so R20 would never end the
            # game; it ends now instead.
            self._end_game()
            return
        self.round += 1
        self.phase = OFFER
        self._refill()
        if not self.table:
            # Engine ruling: nothing could be drawn, so no progress is possible.
            self._end_game()

    def _row_still_possible(self) -> bool:
        """Whether some player can still ever complete some wall row (called between rounds).

        Sound, never pessimistic: it answers False only when no sequence of moves can end
        the game by R20.  Two things can make a row dead: on the gray wall its missing
        colours may have no matching to its free columns (each colour needs a column not
        holding it yet, and walls only grow); and the tiles of a missing colour may all be
        on walls or locked in pattern lines that can never be completed.
        """
        bag, lid = self.bag, self.lid
        supply = [bag[c] + lid[c] for c in range(SIZE)]  # table and floors are empty now
        if min(supply) < SIZE:
            self._add_releasable(supply)
        elif not self.gray:
            return True  # any unfinished standard row can be fed, one tile at a time
        for p in range(self.players):
            for r in range(SIZE):
                if self._row_possible(p, r, supply):
                    return True
        return False

    def _add_releasable(self, supply: list[int]) -> None:
        """Add to ``supply`` the tiles of pattern lines that could ever be completed.

        Completing a line needs its missing tiles from the supply and gives its tiles back
        to the lid; repeat until nothing changes.  Adding a whole line is an over-estimate,
        which keeps the caller's answer sound.
        """
        pending = []
        for i in range(self.players * SIZE):
            count = self.line_count[i]
            if count:
                pending.append((self.line_colour[i], i % SIZE + 1 - count, count))
        changed = True
        while changed and pending:
            changed = False
            for item in pending[:]:
                colour, need, count = item
                if need <= supply[colour]:
                    supply[colour] += count
                    pending.remove(item)
                    changed = True

    def _row_possible(self, p: int, r: int, supply: list[int]) -> bool:
        base = p * SIZE
        free = FULL & ~self.row_mask[base + r]
        if not free:
            return True
        held = self.line_colour[base + r]
        count = self.line_count[base + r]
        if count and r + 1 - count > supply[held]:
            return False  # the line can never be cleared, so the row never fills
        options = []
        for c in range(SIZE):
            if (self.row_colours[base + r] >> c) & 1:
                continue
            need = r + 1 - (count if c == held else 0)
            if need > supply[c]:
                return False
            if self.gray:
                options.append(free & ~self.colour_columns[base + c])
            else:
                options.append(1 << STANDARD_COLUMN[r][c])
        return _matchable(options, 0, 0)

    def _refill(self) -> None:
        """R21: fill every factory with 4 tiles in factory order, the lid refilling the bag."""
        uniform = refill_random(RANDOM_TAG, self.seed, self.round).random
        bag, lid = self.bag, self.lid
        factories = self.factories
        table = 0
        for f in range(len(factories)):
            kind = 0
            for _ in range(FACTORY_SIZE):
                colour = draw_tile(uniform, bag, lid)
                if colour < 0:
                    break
                kind = KIND_ADD[kind][colour]
            factories[f] = kind
            table += KIND_SIZE[kind]
        self.table = table

    def _end_game(self) -> None:
        self.phase = OVER
        for p in range(self.players):
            self.scores[p] += self.bonuses(p)["points"]  # R23


_copy = field_copier(ClassicCore, shared=_SHARED, lists=_LISTS, nested=_NESTED)


def _matchable(options: list[int], index: int, used: int) -> bool:
    """Whether each entry of ``options`` (a column mask) can get its own column."""
    if index == len(options):
        return True
    available = options[index] & ~used
    while available:
        bit = available & -available
        if _matchable(options, index + 1, used | bit):
            return True
        available ^= bit
    return False


def _name(colour: int) -> str:
    return COLOURS[colour]
