"""Constants and precomputed lookup tables of classic Azul.

The compact core works on small ints: colours 0-4 (R1 order), factory contents as an
index into every multiset of at most 4 tiles, actions as ints (see ``encode_take``).
"""

from itertools import combinations_with_replacement

from ..common.colours import COLOURS
from ..common.scoring import points_table, run_table

SIZE = 5  # wall rows, columns, pattern lines and colours
TILES_PER_COLOUR = 20  # R1
FACTORY_SIZE = 4  # R3
FLOOR_SIZE = 7  # R4
FLOOR_PENALTIES = (1, 1, 2, 2, 2, 3, 3)  # R5, as positive costs
# FLOOR_COST[n]: the total cost of a floor holding n items.
FLOOR_COST = tuple(sum(FLOOR_PENALTIES[:n]) for n in range(FLOOR_SIZE + 1))
FACTORY_COUNT = {2: 5, 3: 7, 4: 9}  # R3
VARIANTS = ("standard", "gray")
ROW_BONUS, COLUMN_BONUS, COLOUR_BONUS = 2, 7, 10  # R23
FULL = (1 << SIZE) - 1

OFFER, TILING, OVER = 0, 1, 2
PHASES = ("offer", "tiling", "over")

MARKER = 5  # the first-player marker as a floor item (R2)
CENTER = 9  # source index of the centre in an action (factories are 0-8)
FLOOR = 5  # destination index of the floor line in an action
TILING_BASE = 300  # tiling actions are TILING_BASE + row * 5 + column
ACTION_COUNT = TILING_BASE + SIZE * SIZE


def encode_take(source: int, colour: int, destination: int) -> int:
    return (source * SIZE + colour) * 6 + destination


def standard_column(row: int, colour: int) -> int:
    """R6: the column of ``colour`` in ``row`` of the standard wall."""
    return (colour + row) % SIZE


def standard_colour(row: int, column: int) -> int:
    """R6: the colour of cell (row, column) of the standard wall."""
    return (column - row) % SIZE


STANDARD_COLUMN = tuple(tuple(standard_column(r, c) for c in range(SIZE)) for r in range(SIZE))

# Decoding of take actions: DECODE[action] = (source, colour, destination).
DECODE = tuple(
    (a // 30, (a // 6) % SIZE, a % 6) for a in range(TILING_BASE)
)

# OFFER_ACTIONS[source][colour][mask]: the take actions for the destinations in ``mask``
# (bits 0-4 the pattern lines, bit 5 the floor).
OFFER_ACTIONS = tuple(
    tuple(
        tuple(
            tuple(encode_take(source, colour, d) for d in range(6) if (mask >> d) & 1)
            for mask in range(64)
        )
        for colour in range(SIZE)
    )
    for source in range(CENTER + 1)
)

# TILING_ACTIONS[row][column_mask]: the tiling actions for the free columns of ``row``.
TILING_ACTIONS = tuple(
    tuple(
        tuple(TILING_BASE + row * SIZE + col for col in range(SIZE) if (mask >> col) & 1)
        for mask in range(32)
    )
    for row in range(SIZE)
)
BIT_COUNT = tuple(bin(mask).count("1") for mask in range(64))
LOWEST_BIT = tuple((mask & -mask).bit_length() - 1 for mask in range(64))

RUNS = run_table(SIZE)
POINTS = points_table(SIZE)

# Factory contents: every multiset of 0-4 tiles, as per-colour counts; kind 0 is empty.
KIND_COUNTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(combo.count(c) for c in range(SIZE))
    for size in range(FACTORY_SIZE + 1)
    for combo in combinations_with_replacement(range(SIZE), size)
)
KIND_OF_COUNTS = {counts: kind for kind, counts in enumerate(KIND_COUNTS)}
KIND_SIZE = tuple(sum(counts) for counts in KIND_COUNTS)
KIND_COLOURS = tuple(tuple(c for c in range(SIZE) if counts[c]) for counts in KIND_COUNTS)
KIND_NAMES = tuple(
    [COLOURS[c] for c in range(SIZE) for _ in range(counts[c])] for counts in KIND_COUNTS
)


def _added(counts: tuple[int, ...], colour: int) -> int:
    if sum(counts) == FACTORY_SIZE:
        return -1
    grown = list(counts)
    grown[colour] += 1
    return KIND_OF_COUNTS[tuple(grown)]


KIND_ADD = tuple(tuple(_added(counts, c) for c in range(SIZE)) for counts in KIND_COUNTS)
# KIND_REST[kind][colour]: (colour, count) pairs that go to the centre when ``colour`` is taken.
KIND_REST = tuple(
    tuple(
        tuple((other, counts[other]) for other in range(SIZE) if other != c and counts[other])
        for c in range(SIZE)
    )
    for counts in KIND_COUNTS
)
REPEAT = tuple(tuple([c] * n for n in range(FLOOR_SIZE + 1)) for c in range(SIZE))
