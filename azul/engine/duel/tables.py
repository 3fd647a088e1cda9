"""Components of Azul Duel (D1-D6, D24) as small-int tables.

Colours are the common ones (0 blue, 1 yellow, 2 red, 3 black, 4 white); a plate cell is
a colour, ``WILD`` or ``SPECIAL``.  The dome is a 6x6 grid of cells numbered
``row * 6 + column``; slot ``s`` (0-8, row-major over the 3x3 slots) covers the 2x2 cells
at rows ``2*(s//3)``.., columns ``2*(s%3)``...
"""

from itertools import combinations

from ..common.colours import COLOURS
from . import rulings

COLOUR_COUNT = 5
TILES_PER_COLOUR = 13  # D1
SPECIAL_TILES = 9  # D1
GRID = 6  # D3: 6x6 cells, 6 pattern lines
CELLS = GRID * GRID
SLOTS = 9
LINES = GRID
BROKEN = LINES  # the broken area as a destination index
BROKEN_SPACES = 4  # D3
SMALL_FACTORIES = 4  # D2
LARGE = 4  # index of the large factory
FACTORIES = 5
SMALL_SUN = 4
LARGE_SUN = 5
LARGE_MOON_SPACES = 4
ROUNDS = 5
PLATES_PER_ROUND = 2  # D11, rounds 1-4
PLATE_ROUNDS = 4
DISPLAY_SIZE = 3  # D7
START_SCORE = 5  # D7
CHIPS_PER_ROUND = SMALL_FACTORIES  # D9, D22

WILD, SPECIAL = 5, 6
# Letters of D4: B blue, T white/turquoise, Y yellow, R red, K black, W wild, S special.
LETTER_KIND = {"B": 0, "Y": 1, "R": 2, "K": 3, "T": 4, "W": WILD, "S": SPECIAL}
KIND_LETTER = {kind: letter for letter, kind in LETTER_KIND.items()}
_PLATE_TEXT = (
    "YKTS WBTK TRBW KYRW KSTR TYWK SKRB YBKS TRBS "
    "YRWB YSKR TKRW BKST RTYW TBWY STYB RWBK SYBR"
)
# D4: PLATES[id] = cell kinds [top-left, top-right, bottom-left, bottom-right].
PLATES: tuple[tuple[int, ...], ...] = tuple(
    tuple(LETTER_KIND[ch] for ch in word) for word in _PLATE_TEXT.split()
)
PLATE_COUNT = len(PLATES)


def rotate(cells: tuple[int, ...], turns: int) -> tuple[int, ...]:
    """``turns`` clockwise quarter turns of [TL, TR, BL, BR] (rulings.ROTATIONS)."""
    for _ in range(turns % 4):
        tl, tr, bl, br = cells
        cells = (bl, tl, br, tr)
    return cells


# ROTATED[plate][rotation]: the four cell kinds as laid.
ROTATED = tuple(tuple(rotate(cells, k) for k in range(rulings.ROTATIONS)) for cells in PLATES)


def slot_cells(slot: int) -> tuple[int, int, int, int]:
    """Grid cells of a slot as [TL, TR, BL, BR]."""
    top, left = 2 * (slot // 3), 2 * (slot % 3)
    first = top * GRID + left
    return (first, first + 1, first + GRID, first + GRID + 1)


SLOT_CELLS = tuple(slot_cells(s) for s in range(SLOTS))
CELL_SLOT = tuple((r // 2) * 3 + c // 2 for r in range(GRID) for c in range(GRID))
# The three slots of each plate-row, i.e. of grid rows 2k and 2k+1.
PLATE_ROW_SLOTS = tuple(tuple(range(3 * k, 3 * k + 3)) for k in range(3))

# D5: chips as colour bitmasks; CHIP_TYPES lists the 15 kinds in canonical order.
SINGLE_CHIPS = tuple(1 << c for c in range(COLOUR_COUNT))
PAIR_CHIPS = tuple((1 << a) | (1 << b) for a, b in combinations(range(COLOUR_COUNT), 2))
CHIP_TYPES = SINGLE_CHIPS + PAIR_CHIPS
CHIP_ORDER = {mask: i for i, mask in enumerate(CHIP_TYPES)}
# Two of each one-colour chip, one of each pair (a D5 ruling built in here:
# azul/engine/duel/rulings.py).
ALL_CHIPS: tuple[int, ...] = (tuple(sorted(SINGLE_CHIPS * 2, key=CHIP_ORDER.__getitem__))
                              + PAIR_CHIPS)
CHIP_NAME = {
    mask: "+".join(COLOURS[c] for c in range(COLOUR_COUNT) if (mask >> c) & 1)
    for mask in CHIP_TYPES
}
CHIP_OF_NAME = {name: mask for mask, name in CHIP_NAME.items()}

# D24: the four tablets, each with sides "A" and "B".
TABLETS = (1, 2, 3, 4)
SIDES = ("A", "B")
TOTAL_BROKEN_COST = tuple(
    sum(rulings.BROKEN_SPACE_COSTS[:n]) for n in range(BROKEN_SPACES + 1)
)  # D21: 0, 1, 3, 6, 10

# D24 geometry.
EDGE_CELLS = tuple(
    r * GRID + c for r in range(GRID) for c in range(GRID)
    if r in (0, GRID - 1) or c in (0, GRID - 1)
)
DIAGONALS = (
    tuple(i * GRID + i for i in range(GRID)),
    tuple(i * GRID + (GRID - 1 - i) for i in range(GRID)),
)
TOP_CORNER_SLOTS = (0, 2)
BOTTOM_CORNER_SLOTS = (6, 8)

OPENING, DRAFTING, BUYING, TILING, OVER, RETURNING = range(6)
PHASES = ("opening", "drafting", "buying", "tiling", "over", "returning")
