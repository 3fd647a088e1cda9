"""The rules of Azul Duel on a compact, mutable state: the one implementation of D1-D24.
(Over 400 lines: the whole Duel rulebook on one state, each rule beside the others.)

``DuelCore`` is the fast path for bots (``legal_actions`` returns ints, ``apply_action``
mutates in place without validation, ``clone`` copies); the immutable ``DuelState``
validates and wraps it.  An action is an id of the fixed codebook in ``actions``, which
also gives the tuple it stands for (``("sun", factory, colour, line, moon_order)``, ...).
"""

import random
from collections.abc import Callable
from functools import cache
from itertools import combinations_with_replacement, permutations
from typing import Literal, TypeVar

from ..common.bag import draw_tile, refill_random
from ..common.core_copy import field_copier
from ..common.scoring import score_placement
from . import rulings
from .actions import (
    ACTION_IDS,
    ACTIONS,
    BUY_PLATE,
    CHIP,
    DESTINATIONS,
    LARGE_SUN_TAKES,
    MOON_TAKES,
    PASS,
    PAY_CHIPS,
    PLACE_TILE,
    RETURN_PLATE,
    SKIP_CHIPS,
)
from .tables import (
    ALL_CHIPS,
    BOTTOM_CORNER_SLOTS,
    BROKEN,
    BROKEN_SPACES,
    BUYING,
    CELL_SLOT,
    CELLS,
    CHIP_ORDER,
    CHIP_TYPES,
    COLOUR_COUNT,
    DIAGONALS,
    DISPLAY_SIZE,
    DRAFTING,
    EDGE_CELLS,
    GRID,
    LARGE,
    LARGE_SUN,
    LINES,
    OPENING,
    OVER,
    PLATE_COUNT,
    PLATE_ROUNDS,
    PLATE_ROW_SLOTS,
    PLATES_PER_ROUND,
    RETURNING,
    ROTATED,
    ROUNDS,
    SIDES,
    SLOT_CELLS,
    SLOTS,
    SMALL_FACTORIES,
    SMALL_SUN,
    SPECIAL,
    START_SCORE,
    TABLETS,
    TILING,
    TOP_CORNER_SLOTS,
    TOTAL_BROKEN_COST,
    WILD,
)

T = TypeVar("T")

RANDOM_TAG = "duel"
NO_CHIP = 0
EMPTY = -1  # an empty dome cell / no plate under a cell



@cache
def moon_orders(sun: tuple[int, ...], colour: int) -> tuple[tuple[int, ...], ...]:
    """D12: every distinct order (top first) of a small sun's tiles other than ``colour``."""
    rest = [o for o in range(COLOUR_COUNT) if o != colour for _ in range(sun[o])]
    return tuple(sorted(set(permutations(rest))))


@cache
def small_sun_takes(factory: int, sun: tuple[int, ...], colour: int, lines: int) -> tuple[int, ...]:
    """D12: the ids taking ``colour`` from small ``factory`` holding ``sun``, to each
    destination of the line mask ``lines`` in turn, with every moon order."""
    orders = moon_orders(sun, colour)
    return tuple(ACTION_IDS[("sun", factory, colour, d, order)]
                 for d in DESTINATIONS[lines] for order in orders)


@cache
def plate_actions(kind: Literal["opening_plate", "take_plate", "keep_plate"], plates: int,
                  free_slots: int) -> tuple[int, ...]:
    """Every (plate 0..``plates``-1, free slot, rotation) choice of D10/D11, as ids."""
    return tuple(ACTION_IDS[(kind, d, s, r)] for d in range(plates) for s in range(SLOTS)
                 if (free_slots >> s) & 1 for r in range(4))


# The fields of a core, by how a clone copies them (common/core_copy.py).
_SHARED = ("seed", "round", "phase", "current", "first", "fp", "tiling_line", "move_count")
_LISTS = (
    "scores", "bag", "tower", "large_moon", "chips", "chip_up", "chip_supply", "chips_gone",
    "plate_stack", "display", "revealed", "plates_taken", "passed",
    "line_colour", "line_count", "line_chips", "objectives",
)
_NESTED = ("suns", "moons")
# Per player, changed by few moves (plates, chips, broken tiles, the wall tiling): a clone shares
# each player's list, and a move that changes one replaces it (``_own``) rather than editing it.
# Ten fewer lists to copy per clone: cloning was over a quarter of a bot's search.
_ROWS = ("bonus", "slots", "layout", "grid", "broken")
_FIELDS = _SHARED + _LISTS + _NESTED + _ROWS


class DuelCore:
    """A mutable Duel position (always two players).

    - ``suns[f]``: per-colour counts of factory ``f`` (0-3 small, 4 large);
      ``moons[f]`` (small only): the stack top first; ``large_moon``: per-colour counts.
    - ``chips[f]``: chip mask under small factory ``f`` (0 = none); ``chip_up[f]``: revealed.
    - ``fp``: -1 while the first-player tile lies on the large moon, else its holder.
    - ``slots[p][s]``: (plate, rotation) or None; ``layout[p][cell]``: the cell kind
      (colour, WILD, SPECIAL, or -1 without a plate); ``grid[p][cell]``: the tile there
      (colour, SPECIAL, or -1).
    - ``line_colour`` (-1 = empty) / ``line_count`` (real tiles) / ``line_chips`` (spaces
      paid with chips, only while a chip-completed line waits for its cell), by
      ``p * 6 + line``; ``broken[p]``: colours on the broken spaces.
    - ``tiling_line``: the next pattern line of ``current`` to resolve (phase tiling).
    """

    __slots__ = _FIELDS
    # The fields' types (annotations only: the slots above hold the values).
    seed: int
    round: int
    phase: int
    current: int
    first: int
    fp: int
    tiling_line: int
    move_count: int
    scores: list[int]
    bag: list[int]
    tower: list[int]
    large_moon: list[int]
    chips: list[int]
    chip_up: list[bool]
    chip_supply: list[int]
    chips_gone: list[int]
    plate_stack: list[int]
    display: list[int]
    revealed: list[int]
    plates_taken: list[int]
    passed: list[bool]
    line_colour: list[int]
    line_count: list[int]
    line_chips: list[int]
    objectives: list[tuple[int, str]]
    suns: list[list[int]]
    moons: list[list[int]]
    bonus: list[list[int]]
    slots: list[list[tuple[int, int] | None]]
    layout: list[list[int]]
    grid: list[list[int]]
    broken: list[list[int]]

    ruleset = "duel"  # its name in the REGISTRY: what the bots' kits are looked up by
    players = 2  # the Core protocol's seat count (common/core_protocol.py)
    copy_on_write = _ROWS  # fields whose inner lists a clone shares (replaced, never edited)

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(cls, seed: int) -> "DuelCore":
        """D7-D10: plates shuffled, display, objectives, factories and chips for round 1."""
        core = cls.blank(seed)
        setup = random.Random(f"{RANDOM_TAG}-setup:{seed}")
        stack = list(range(PLATE_COUNT))
        setup.shuffle(stack)
        chips = list(ALL_CHIPS)
        setup.shuffle(chips)
        tablets = sorted(setup.sample(TABLETS, rulings.OBJECTIVES_IN_GAME))
        core.objectives = [(t, setup.choice(SIDES)) for t in tablets]
        core.plate_stack = stack
        core.chip_supply = chips
        core._refill()
        core.phase = OPENING
        core.current = 1  # D10: the second player opens first
        return core

    @classmethod
    def blank(cls, seed: int = 0) -> "DuelCore":
        core = cls.__new__(cls)
        core.seed = seed
        core.round = 1
        core.phase = OPENING
        core.current = 1
        core.first = 0  # D10
        core.fp = -1
        core.scores = [START_SCORE, START_SCORE]  # D7
        core.bag = [13] * COLOUR_COUNT
        core.tower = [0] * COLOUR_COUNT
        core.suns = [[0] * COLOUR_COUNT for _ in range(5)]
        core.moons = [[] for _ in range(SMALL_FACTORIES)]
        core.large_moon = [0] * COLOUR_COUNT
        core.chips = [NO_CHIP] * SMALL_FACTORIES
        core.chip_up = [False] * SMALL_FACTORIES
        core.chip_supply = []
        core.chips_gone = []
        core.bonus = [[], []]
        core.plate_stack = []
        core.display = []
        core.revealed = []
        core.plates_taken = [0, 0]
        core.passed = [False, False]
        core.slots = [[None] * SLOTS, [None] * SLOTS]
        core.layout = [[EMPTY] * CELLS, [EMPTY] * CELLS]
        core.grid = [[EMPTY] * CELLS, [EMPTY] * CELLS]
        core.line_colour = [-1] * (2 * LINES)
        core.line_count = [0] * (2 * LINES)
        core.line_chips = [0] * (2 * LINES)
        core.broken = [[], []]
        core.tiling_line = 0
        core.objectives = []
        core.move_count = 0
        return core

    def clone(self) -> "DuelCore":
        """An independent copy."""
        return _copy(self)

    @staticmethod
    def _own(rows: list[list[T]], p: int) -> list[T]:
        """Player ``p``'s list of a ``_ROWS`` field as a copy of its own, to change in place
        (a clone may share the one it holds)."""
        row = rows[p] = rows[p][:]
        return row

    def rebuild_layout(self) -> None:
        """Recompute ``layout`` from ``slots`` (after decoding)."""
        for p in range(2):
            layout = self.layout[p] = [EMPTY] * CELLS
            for s, placed in enumerate(self.slots[p]):
                if placed is not None:
                    for cell, kind in zip(SLOT_CELLS[s], ROTATED[placed[0]][placed[1]],
                                          strict=True):
                        layout[cell] = kind

    def determinize(self, rng: random.Random) -> None:
        """Replace what players cannot know by a random guess consistent with what they see:
        the order of the plate stack, the face-down chips and the chip supply, the seed."""
        # Sorted first, so that the guess depends only on what is visible and on ``rng``.
        self.plate_stack.sort()
        rng.shuffle(self.plate_stack)
        hidden = [self.chips[f] for f in range(SMALL_FACTORIES)
                  if self.chips[f] and not self.chip_up[f]] + self.chip_supply
        hidden.sort()
        rng.shuffle(hidden)
        k = 0
        for f in range(SMALL_FACTORIES):
            if self.chips[f] and not self.chip_up[f]:
                self.chips[f] = hidden[k]
                k += 1
        self.chip_supply = hidden[k:]
        self.seed = rng.getrandbits(52)

    # ------------------------------------------------------------ derived data
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def table_empty(self) -> bool:
        return (not any(any(s) for s in self.suns) and not any(self.moons)
                and not any(self.large_moon))

    def owes_plate(self, p: int) -> bool:
        return self.round <= PLATE_ROUNDS and self.plates_taken[p] < PLATES_PER_ROUND

    def drafting_over(self) -> bool:
        """D16: every factory empty and, in rounds 1-4, both players' plates taken."""
        return self.table_empty() and not self.owes_plate(0) and not self.owes_plate(1)

    def can_buy(self, p: int) -> bool:
        """D11: buying costs 1 point, so needs 1 point (rulings); free reveal when broke."""
        if not self.plate_stack:
            return False
        if self.scores[p] >= rulings.MIN_SCORE_TO_BUY:
            return True
        return rulings.FREE_REVEAL_WHEN_BROKE and self.phase == DRAFTING and not self.display

    def empty_slots(self, p: int) -> list[int]:
        return [s for s in range(SLOTS) if self.slots[p][s] is None]

    def line_accepts(self, p: int, line: int, colour: int) -> bool:
        """D15: an empty line, or one of the same colour that is not full."""
        i = p * LINES + line
        count = self.line_count[i]
        if not count:
            return True
        return self.line_colour[i] == colour and count < line + 1

    def fitting_columns(self, p: int, row: int, colour: int) -> list[int]:
        """D17: free cells of ``colour`` or wild in grid row ``row``, on placed plates."""
        layout = self.layout[p]
        grid = self.grid[p]
        base = row * GRID
        return [c for c in range(GRID)
                if grid[base + c] == EMPTY and layout[base + c] in (colour, WILD)]

    def plate_row_full(self, p: int, row: int) -> bool:
        slots = self.slots[p]
        return all(slots[s] is not None for s in PLATE_ROW_SLOTS[row // 2])

    @staticmethod
    def payable(missing: int, matching: int, total: int) -> bool:
        """D18: can ``missing`` tiles be paid with ``total`` chips, ``matching`` of which show
        the colour?  Each tile takes 2 matching chips or 3 of any colours."""
        two, three = rulings.CHIPS_PER_TILE_MATCHING, rulings.CHIPS_PER_TILE_ANY
        if missing <= 0:
            return True
        # k tiles paid with matching pairs: need two*k <= matching, and the rest from total.
        low = max(0, -(-(three * missing - total) // (three - two)))
        return low <= min(missing, matching // two)

    def line_missing(self, p: int, line: int) -> int:
        i = p * LINES + line
        return line + 1 - self.line_count[i] - self.line_chips[i]

    def can_complete_with_chips(self, p: int, line: int) -> bool:
        i = p * LINES + line
        if not self.line_count[i]:
            return False  # D18: only a line holding at least one tile
        colour = self.line_colour[i]
        bonus = self.bonus[p]
        matching = sum(1 for m in bonus if (m >> colour) & 1)
        return self.payable(self.line_missing(p, line), matching, len(bonus))

    def chip_options(self, p: int, line: int) -> list[tuple[int, ...]]:
        """D18, one missing tile at a time: every distinct pair of chips showing the colour
        and every distinct triple of chips, that leaves the rest of the line payable."""
        i = p * LINES + line
        missing = self.line_missing(p, line)
        if not self.line_count[i] or missing <= 0:
            return []
        colour = self.line_colour[i]
        bonus = self.bonus[p]
        kinds = sorted(set(bonus), key=CHIP_ORDER.__getitem__)
        have = {k: bonus.count(k) for k in kinds}
        matching = sum(1 for m in bonus if (m >> colour) & 1)
        options = []
        groups = [g for g in combinations_with_replacement(kinds, rulings.CHIPS_PER_TILE_MATCHING)
                  if all((m >> colour) & 1 for m in g)]
        groups += combinations_with_replacement(kinds, rulings.CHIPS_PER_TILE_ANY)
        for group in groups:
            if any(group.count(k) > have[k] for k in set(group)):
                continue
            used_matching = sum(1 for m in group if (m >> colour) & 1)
            if self.payable(missing - 1, matching - used_matching, len(bonus) - len(group)):
                options.append(group)
        return options

    def tiling_decision(self) -> Literal["chips", "cell"] | None:
        """In phase tiling: "chips" or "cell" for the current line of the current player."""
        p, line = self.current, self.tiling_line
        if line >= LINES:
            return None
        i = p * LINES + line
        count = self.line_count[i]
        if not count:
            return None
        fits = self.fitting_columns(p, line, self.line_colour[i])
        if not fits:
            return None
        if count + self.line_chips[i] == line + 1:
            return "cell" if len(fits) > 1 else None
        if self.can_complete_with_chips(p, line):
            return "chips"
        return None

    # ------------------------------------------------------------------ moves
    def legal_actions(self) -> list[int]:
        """DI2: every action legal now, as codebook ids (empty once the game is over)."""
        phase = self.phase
        p = self.current
        if phase == OPENING:
            free = sum(1 << s for s in range(SLOTS) if self.slots[p][s] is None)
            return list(plate_actions("opening_plate", len(self.display), free))
        if phase == DRAFTING:
            actions = self.drafting_actions(p)
            return actions if actions else [PASS]
        if phase == BUYING:
            actions = []
            if self.plate_stack and self.scores[p] >= rulings.MIN_SCORE_TO_BUY:
                actions.append(BUY_PLATE)
            free = sum(1 << s for s in range(SLOTS) if self.slots[p][s] is None)
            actions += plate_actions("keep_plate", len(self.revealed), free)
            return actions
        if phase == RETURNING:
            return list(RETURN_PLATE[:len(self.revealed)])
        if phase == TILING:
            line = self.tiling_line
            decision = self.tiling_decision()
            if decision == "chips":
                pay = PAY_CHIPS[line]
                actions = [pay[group] for group in self.chip_options(p, line)]
                if not self.line_chips[p * LINES + line]:
                    actions.append(SKIP_CHIPS[line])  # once started, the line is completed
                return actions
            colour = self.line_colour[p * LINES + line]
            place = PLACE_TILE[line]
            return [place[c] for c in self.fitting_columns(p, line, colour)]
        return []

    def _destination_lines(self, p: int, colour: int) -> int:
        """D15: the mask of the lines that accept ``colour`` (the broken area always does)."""
        base = p * LINES
        counts = self.line_count
        colours = self.line_colour
        mask = 0
        for d in range(LINES):
            count = counts[base + d]
            if not count or (colours[base + d] == colour and count <= d):
                mask |= 1 << d
        return mask

    def drafting_actions(self, p: int) -> list[int]:
        """Player p's drafting actions now (empty once they passed, or when they must pass)."""
        if self.passed[p]:
            return []
        actions: list[int] = []
        if self.owes_plate(p):
            slots = self.slots[p]
            free = sum(1 << s for s in range(SLOTS) if slots[s] is None)
            actions += plate_actions("take_plate", len(self.display), free)
            if self.can_buy(p):
                actions.append(BUY_PLATE)
        lines = [-1] * COLOUR_COUNT
        for f in range(5):
            sun = self.suns[f]
            key = None
            for c in range(COLOUR_COUNT):
                if not sun[c]:
                    continue
                if lines[c] < 0:
                    lines[c] = self._destination_lines(p, c)
                if f == LARGE:
                    actions += LARGE_SUN_TAKES[c][lines[c]]
                    continue
                if key is None:
                    key = tuple(sun)
                actions += small_sun_takes(f, key, c, lines[c])
        moon_colours = {m[0] for m in self.moons if m}
        moon_colours.update(c for c in range(COLOUR_COUNT) if self.large_moon[c])
        for c in sorted(moon_colours):
            if lines[c] < 0:
                lines[c] = self._destination_lines(p, c)
            actions += MOON_TAKES[c][lines[c]]
        for f in range(SMALL_FACTORIES):
            if self.chips[f] and self.chip_up[f]:
                actions.append(CHIP[f])
        return actions

    def apply_action(self, action: int) -> None:
        """Apply a legal action (a codebook id) in place.  No validation: see
        ``DuelState.check``."""
        self.move_count += 1
        # The tuple it stands for; each test reads its kind, parts[0], so that the test narrows
        # its type (mypy does not narrow a tuple through a copy of one of its items).
        parts = ACTIONS[action]
        p = self.current
        if parts[0] == "sun":
            self._take_sun(p, parts[1], parts[2], parts[3], parts[4])
        elif parts[0] == "moon":
            self._take_moon(p, parts[1], parts[2])
        elif parts[0] == "take_plate":
            self._place_plate(p, self.display.pop(parts[1]), parts[2], parts[3])
            self.plates_taken[p] += 1
            self._end_turn()
        elif parts[0] == "buy_plate":  # D11
            self.scores[p] = max(0, self.scores[p] - rulings.PLATE_PRICE)
            self.revealed.append(self.plate_stack.pop(0))
            self.phase = BUYING
        elif parts[0] == "keep_plate":
            self._place_plate(p, self.revealed.pop(parts[1]), parts[2], parts[3])
            self.plates_taken[p] += 1
            self._return_plates()
        elif parts[0] == "return_plate":
            self.plate_stack.append(self.revealed.pop(parts[1]))
            self._return_plates()
        elif parts[0] == "chip":  # D14
            f = parts[1]
            self._gain_chip(p, self.chips[f])
            self.chips[f] = NO_CHIP
            self.chip_up[f] = False
            self._end_turn()
        elif parts[0] == "pass":  # D16
            self.passed[p] = True
            self.current = 1 - p
        elif parts[0] == "opening_plate":  # D10
            self._place_plate(p, self.display.pop(parts[1]), parts[2], parts[3])
            self._refill_display()
            if p != self.first:
                self.current = self.first
            else:
                self.phase = DRAFTING
                self._check_drafting_over()
        elif parts[0] == "pay_chips":  # D18: one missing tile paid with 2 or 3 chips
            line, group = parts[1], parts[2]
            bonus = self._own(self.bonus, p)
            for mask in group:
                bonus.remove(mask)
            self.chips_gone += group
            self.line_chips[p * LINES + line] += 1
            self._resolve_tiling()
        elif parts[0] == "skip_chips":
            self.tiling_line += 1
            self._resolve_tiling()
        elif parts[0] == "place_tile":
            self._place_tile(p, parts[1], parts[2])
            self.tiling_line += 1
            self._resolve_tiling()
        else:  # pragma: no cover - DuelState.check never lets one through
            raise ValueError(f"unknown action {parts!r}")

    # ---------------------------------------------------------------- drafting
    def _take_sun(self, p: int, f: int, colour: int, line: int, order: tuple[int, ...]) -> None:
        """D12 (and D8's last sentence for a single-coloured large sun)."""
        sun = self.suns[f]
        taken = sun[colour]
        sun[colour] = 0
        if f == LARGE:
            rest = False
            for c in range(COLOUR_COUNT):
                if sun[c]:
                    self.large_moon[c] += sun[c]
                    sun[c] = 0
                    rest = True
            if not rest and self.fp < 0:
                self.fp = p
        else:
            self.suns[f] = [0] * COLOUR_COUNT
            self.moons[f] = list(order)
            self._maybe_reveal(f)
        self._draft_tiles(p, colour, taken, line)
        self._end_turn()

    def _take_moon(self, p: int, colour: int, line: int) -> None:
        """D13: the top of every small stack showing ``colour`` and that colour on the large
        moon; the first taker from the large moon gets the first-player tile."""
        taken = 0
        for f in range(SMALL_FACTORIES):
            stack = self.moons[f]
            if stack and stack[0] == colour:
                stack.pop(0)
                taken += 1
                self._maybe_reveal(f)
        large = self.large_moon[colour]
        if large:
            taken += large
            self.large_moon[colour] = 0
            if self.fp < 0:
                self.fp = p
        self._draft_tiles(p, colour, taken, line)
        self._end_turn()

    def _maybe_reveal(self, f: int) -> None:
        """D14: a small factory's chip is revealed once its sun and moon are empty."""
        if self.chips[f] and not self.moons[f] and not any(self.suns[f]):
            self.chip_up[f] = True

    def _draft_tiles(self, p: int, colour: int, count: int, line: int) -> None:
        """D15: to one line, the rest (or all) to the broken area, beyond it the tower."""
        if line != BROKEN:
            i = p * LINES + line
            room = line + 1 - self.line_count[i]
            put = count if count < room else room
            self.line_count[i] += put
            self.line_colour[i] = colour
            count -= put
        if count:
            self._break(p, colour, count)

    def _break(self, p: int, colour: int, count: int) -> None:
        broken = self.broken[p]
        space = BROKEN_SPACES - len(broken)
        put = count if count < space else space
        if put:
            self.broken[p] = broken + [colour] * put
        self.tower[colour] += count - put

    def _return_plates(self) -> None:
        """D11: the plates not kept go under the stack in the buyer's order, one decision
        per plate while there is a choice."""
        if len(self.revealed) > 1:
            self.phase = RETURNING
            return
        self.plate_stack += self.revealed
        self.revealed = []
        self.phase = DRAFTING
        self._end_turn()

    def _gain_chip(self, p: int, mask: int) -> None:
        self.bonus[p] = sorted(self.bonus[p] + [mask], key=CHIP_ORDER.__getitem__)

    def _place_plate(self, p: int, plate: int, slot: int, rotation: int) -> None:
        """D11: a plate goes into an empty slot in one of its 4 rotations, for good."""
        self._own(self.slots, p)[slot] = (plate, rotation)
        layout = self._own(self.layout, p)
        for cell, kind in zip(SLOT_CELLS[slot], ROTATED[plate][rotation], strict=True):
            layout[cell] = kind

    def _end_turn(self) -> None:
        if self._check_drafting_over():
            return
        other = 1 - self.current
        if not self.passed[other]:
            self.current = other

    def _check_drafting_over(self) -> bool:
        if not self.drafting_over():
            return False
        # D16: revealed chips still untaken are discarded (rulings).
        for f in range(SMALL_FACTORIES):
            if self.chips[f]:
                self.chips_gone.append(self.chips[f])
                self.chips[f] = NO_CHIP
                self.chip_up[f] = False
        self.phase = TILING
        self.current = self.first
        self.tiling_line = 0
        self._resolve_tiling()
        return True

    # ----------------------------------------------------------------- tiling
    def _resolve_tiling(self) -> None:
        """D17-D21 from the current line of the current player, until a decision is needed."""
        while True:
            p = self.current
            line = self.tiling_line
            if line >= LINES:
                self._penalties(p)
                if p == self.first:
                    self.current = 1 - p
                    self.tiling_line = 0
                    continue
                self._finish_round()
                return
            i = p * LINES + line
            count = self.line_count[i]
            if count:
                colour = self.line_colour[i]
                fits = self.fitting_columns(p, line, colour)
                if not fits:
                    complete = count + self.line_chips[i] == line + 1
                    if self.plate_row_full(p, line) and (
                            complete or rulings.UNPLACEABLE_RULE_FOR_INCOMPLETE_LINES):  # D19
                        self._clear_line(i)
                        self._break(p, colour, count)
                elif count + self.line_chips[i] == line + 1:
                    if len(fits) > 1:
                        return  # the player chooses the cell
                    self._place_tile(p, line, fits[0])
                elif self.can_complete_with_chips(p, line):
                    return  # the player may (or, once started, must) complete it with chips
            self.tiling_line = line + 1

    def _clear_line(self, i: int) -> None:
        self.line_count[i] = 0
        self.line_colour[i] = -1
        self.line_chips[i] = 0

    def _place_tile(self, p: int, line: int, column: int) -> None:
        """D17, D20: the rightmost tile to the cell, the rest to the tower, then scoring."""
        i = p * LINES + line
        colour = self.line_colour[i]
        self.tower[colour] += self.line_count[i] - 1
        self._clear_line(i)
        grid = self._own(self.grid, p)
        cell = line * GRID + column
        grid[cell] = colour
        self.scores[p] += self._run_points(grid, line, column)
        slot = CELL_SLOT[cell]
        cells = SLOT_CELLS[slot]
        layout = self.layout[p]
        special = -1
        for c in cells:
            if layout[c] == SPECIAL:
                special = c
            elif grid[c] == EMPTY:
                return
        if special >= 0 and grid[special] == EMPTY:
            grid[special] = SPECIAL  # D20: filled automatically, scores its row number
            if rulings.SPECIAL_SCORES_ROW_NUMBER:
                self.scores[p] += special // GRID + 1
            else:
                self.scores[p] += self._run_points(grid, special // GRID, special % GRID)

    @staticmethod
    def _run_points(grid: list[int], row: int, column: int) -> int:
        row_mask = 0
        column_mask = 0
        for k in range(GRID):
            if grid[row * GRID + k] != EMPTY:
                row_mask |= 1 << k
            if grid[k * GRID + column] != EMPTY:
                column_mask |= 1 << k
        return score_placement(row_mask, column_mask, row, column, GRID)

    def _penalties(self, p: int) -> None:
        """D21: broken spaces, the first-player tile, never below 0; broken tiles to tower."""
        broken = self.broken[p]
        cost = TOTAL_BROKEN_COST[len(broken)]
        if self.fp == p:
            cost += rulings.FIRST_PLAYER_TILE_COST
        for colour in broken:
            self.tower[colour] += 1
        self.broken[p] = []
        self.scores[p] = max(0, self.scores[p] - cost)

    # -------------------------------------------------------------- next round
    def _finish_round(self) -> None:
        if self.fp >= 0:  # D22
            self.first = self.fp
        elif not rulings.NOBODY_TOOK_FIRST_PLAYER_TILE_SAME_STARTER:
            self.first = 1 - self.first
        self.current = self.first
        self.tiling_line = 0
        if self.round == ROUNDS:  # D23
            self.phase = OVER
            for p in range(2):
                points = sum(self.objective_points(p))
                self.scores[p] = max(rulings.FINAL_SCORE_FLOOR, self.scores[p] + points)
            return
        self.round += 1
        if not rulings.CHIPS_KEPT_BETWEEN_ROUNDS:  # D14
            for p in range(2):
                self.chips_gone += self.bonus[p]
                self.bonus[p] = []
        self.fp = -1
        self.plates_taken = [0, 0]
        self.passed = [False, False]
        self.phase = DRAFTING
        self._refill()
        self._check_drafting_over()

    def _refill(self) -> None:
        """D8, D9, D22: suns from the bag, chips under the small moons, the plate display."""
        uniform = refill_random(RANDOM_TAG, self.seed, self.round).random
        bag, tower = self.bag, self.tower
        large = self._draw(uniform, LARGE_SUN)
        redraws = 0
        while large:
            colours = set(large)
            if len(colours) > 1:
                break
            supply = {c for c in range(COLOUR_COUNT) if bag[c] or tower[c]} | colours
            if len(supply) < 2 or redraws >= rulings.MAX_LARGE_REDRAWS:
                break  # D8: impossible, keep them
            for c in large:
                bag[c] += 1
            large = self._draw(uniform, LARGE_SUN)
            redraws += 1
        self.suns[LARGE] = [large.count(c) for c in range(COLOUR_COUNT)]
        self.large_moon = [0] * COLOUR_COUNT
        for f in range(SMALL_FACTORIES):
            tiles = self._draw(uniform, SMALL_SUN)
            self.suns[f] = [tiles.count(c) for c in range(COLOUR_COUNT)]
            self.moons[f] = []
            if self.chip_supply:
                self.chips[f] = self.chip_supply.pop(0)
                self.chip_up[f] = False
                self._maybe_reveal(f)
        self._refill_display()

    def _draw(self, uniform: Callable[[], float], count: int) -> list[int]:
        tiles: list[int] = []
        for _ in range(count):
            colour = draw_tile(uniform, self.bag, self.tower)
            if colour < 0:
                break
            tiles.append(colour)
        return tiles

    def _refill_display(self) -> None:
        while len(self.display) < DISPLAY_SIZE and self.plate_stack:
            self.display.append(self.plate_stack.pop(0))

    # -------------------------------------------------------------- objectives
    def objective_points(self, p: int) -> list[int]:
        """D24: the points of each of the game's objectives for player ``p``."""
        return [objective_score(t, side, self.grid[p], self.layout[p], self.slots[p])
                for t, side in self.objectives]

    def special_tiles_on_domes(self) -> int:
        return sum(g.count(SPECIAL) for g in self.grid)


_copy = field_copier(DuelCore, shared=_SHARED, lists=_LISTS, nested=_NESTED, rows=_ROWS)


def objective_score(tablet: int, side: str, grid: list[int], layout: list[int],
                    slots: list[tuple[int, int] | None]) -> int:
    """D24 for one dome (values in rulings.OBJECTIVE_VALUES)."""
    values = rulings.OBJECTIVE_VALUES[(tablet, side)]
    specials = rulings.SPECIAL_TILES_COUNT_FOR_OBJECTIVES
    filled = [cell != EMPTY and (specials or cell != SPECIAL) for cell in grid]
    if (tablet, side) == (1, "A"):
        rows = sum(1 for r in range(GRID) if all(filled[r * GRID:(r + 1) * GRID]))
        return rows * values["per_complete_row"]
    if (tablet, side) == (1, "B"):
        rows = sum(1 for r in range(GRID)
                   if len({x for x in grid[r * GRID:(r + 1) * GRID] if 0 <= x < WILD}) >= 5)
        return rows * values["per_row_with_5_colours"]
    if (tablet, side) == (2, "A"):
        columns = sum(1 for c in range(GRID) if all(filled[c::GRID]))
        return columns * values["per_complete_column"]
    if (tablet, side) == (2, "B"):
        return sum(1 for c in EDGE_CELLS if filled[c]) * values["per_edge_tile"]
    if (tablet, side) == (3, "A"):
        diagonals = sum(1 for d in DIAGONALS if all(filled[c] for c in d))
        return diagonals * values["per_complete_diagonal"]
    if (tablet, side) == (3, "B"):
        top = sum(1 for s in TOP_CORNER_SLOTS if all(filled[c] for c in SLOT_CELLS[s]))
        bottom = sum(1 for s in BOTTOM_CORNER_SLOTS if all(filled[c] for c in SLOT_CELLS[s]))
        return top * values["per_top_corner_plate"] + bottom * values["per_bottom_corner_plate"]
    if (tablet, side) == (4, "A"):
        wild = [c for c in range(CELLS) if layout[c] == WILD]
        if wild and all(filled[c] for c in wild):
            return len(wild) * values["per_wild_cell_if_all_filled"]
        return 0
    empty_special = sum(1 for c in range(CELLS) if layout[c] == SPECIAL and not filled[c])
    return empty_special * values["per_empty_special_cell"]


__all__ = ["DuelCore", "objective_score", "CHIP_TYPES"]
