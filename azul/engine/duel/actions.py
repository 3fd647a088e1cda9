"""Azul Duel actions as small ints, as classic's are: one fixed codebook built at import.

The core lists and applies ids (``DuelCore.legal_actions`` / ``apply_action``); the tuple an
id stands for is the readable form that moves, codecs, previews and events work with:

- ``("opening_plate", display, slot, rotation)`` / ``("take_plate", display, slot, rotation)``
- ``("buy_plate",)``, ``("keep_plate", revealed, slot, rotation)`` and
  ``("return_plate", revealed)`` (the next plate to go under the stack)
- ``("sun", factory, colour, line, moon_order)`` (``moon_order`` top first; () for the large)
- ``("moon", colour, line)``; ``("chip", factory)``; ``("pass",)``
- ``("pay_chips", line, chips)`` (2 or 3 chip masks, canonical order: one missing tile),
  ``("skip_chips", line)``, ``("place_tile", line, column)``

``line`` 0-5 is a pattern line, 6 (``BROKEN``) the broken area.  Colours are 0-4.

The codebook holds every tuple a JSON move can express (``DuelMove.from_dict``), a superset
of what the core lists: every well-formed move has an id, and the rules, not the codebook,
say why one is illegal.  Its order is fixed by the loops below, never by what a process met
first, so an id means the same action in every process and release of this order.
"""

from collections.abc import Iterator
from itertools import combinations_with_replacement, product
from typing import Literal, TypeAlias

from . import rulings
from .tables import (
    BROKEN,
    CHIP_TYPES,
    COLOUR_COUNT,
    DISPLAY_SIZE,
    FACTORIES,
    GRID,
    LARGE,
    LINES,
    PLATE_COUNT,
    SLOTS,
    SMALL_FACTORIES,
    SMALL_SUN,
)

# The action tuples, one type per shape, keyed by their first item (the kind): a test of
# ``action[0]`` narrows an ``ActionTuple`` to the shapes of the kinds it admits.
# A plate taken: (kind, plate, slot, rotation), the plate's index in the display (opening_plate,
# take_plate) or among the revealed ones (keep_plate).
PlateTuple: TypeAlias = tuple[Literal["opening_plate", "take_plate", "keep_plate"], int, int, int]
BareTuple: TypeAlias = tuple[Literal["buy_plate", "pass"]]
ReturnPlateTuple: TypeAlias = tuple[Literal["return_plate"], int]  # revealed
# factory, colour, line, moon order
SunTuple: TypeAlias = tuple[Literal["sun"], int, int, int, tuple[int, ...]]
MoonTuple: TypeAlias = tuple[Literal["moon"], int, int]  # colour, line
ChipTuple: TypeAlias = tuple[Literal["chip"], int]  # factory
PayChipsTuple: TypeAlias = tuple[Literal["pay_chips"], int, tuple[int, ...]]  # line, chip masks
SkipChipsTuple: TypeAlias = tuple[Literal["skip_chips"], int]  # line
PlaceTileTuple: TypeAlias = tuple[Literal["place_tile"], int, int]  # line, column
ActionTuple: TypeAlias = (PlateTuple | BareTuple | ReturnPlateTuple | SunTuple | MoonTuple
                          | ChipTuple | PayChipsTuple | SkipChipsTuple | PlaceTileTuple)
ActionKind: TypeAlias = Literal["opening_plate", "take_plate", "buy_plate", "keep_plate",
                                "return_plate", "sun", "moon", "chip", "pass", "pay_chips",
                                "skip_chips", "place_tile"]

PLACINGS = tuple(product(range(SLOTS), range(rulings.ROTATIONS)))  # (slot, rotation)
# Every moon order a small sun can leave (top first): its other tiles, 0 to 3 of them.
MOON_ORDERS = tuple(order for size in range(SMALL_SUN)
                    for order in product(range(COLOUR_COUNT), repeat=size))
# Every group of chips that pays one tile (D18), sorted as ``DuelCore.chip_options`` lists them.
CHIP_GROUPS = tuple(group for size in (rulings.CHIPS_PER_TILE_MATCHING, rulings.CHIPS_PER_TILE_ANY)
                    for group in combinations_with_replacement(CHIP_TYPES, size))


def _codebook() -> Iterator[ActionTuple]:
    yield from (("opening_plate", d, s, r) for d in range(DISPLAY_SIZE) for s, r in PLACINGS)
    yield from (("take_plate", d, s, r) for d in range(DISPLAY_SIZE) for s, r in PLACINGS)
    yield ("buy_plate",)
    yield from (("keep_plate", i, s, r) for i in range(PLATE_COUNT) for s, r in PLACINGS)
    yield from (("return_plate", i) for i in range(PLATE_COUNT))
    for f in range(FACTORIES):
        orders: tuple[tuple[int, ...], ...] = ((),) if f == LARGE else MOON_ORDERS
        yield from (("sun", f, c, d, order) for c in range(COLOUR_COUNT)
                    for d in range(BROKEN + 1) for order in orders)
    yield from (("moon", c, d) for c in range(COLOUR_COUNT) for d in range(BROKEN + 1))
    yield from (("chip", f) for f in range(SMALL_FACTORIES))
    yield ("pass",)
    yield from (("pay_chips", line, group) for line in range(LINES) for group in CHIP_GROUPS)
    yield from (("skip_chips", line) for line in range(LINES))
    yield from (("place_tile", line, c) for line in range(LINES) for c in range(GRID))


ACTIONS: tuple[ActionTuple, ...] = tuple(_codebook())  # ACTIONS[id]: the action tuple
ACTION_COUNT = len(ACTIONS)
ACTION_IDS: dict[ActionTuple, int] = dict(zip(ACTIONS, range(ACTION_COUNT), strict=True))


def action_id(action: ActionTuple) -> int:
    """The id of an action tuple (KeyError for a tuple no move can express)."""
    return ACTION_IDS[action]


def action_of(action: int) -> ActionTuple:
    """The action tuple of an id."""
    return ACTIONS[action]


# Lookup tables of the core's fast path, so listing legal actions builds no tuples.
BUY_PLATE = ACTION_IDS[("buy_plate",)]
PASS = ACTION_IDS[("pass",)]
CHIP = tuple(ACTION_IDS[("chip", f)] for f in range(SMALL_FACTORIES))
RETURN_PLATE = tuple(ACTION_IDS[("return_plate", i)] for i in range(PLATE_COUNT))
SKIP_CHIPS = tuple(ACTION_IDS[("skip_chips", line)] for line in range(LINES))
# PLACE_TILE[line][column]
PLACE_TILE = tuple(tuple(ACTION_IDS[("place_tile", line, c)] for c in range(GRID))
                   for line in range(LINES))
# PAY_CHIPS[line]: group -> id
PAY_CHIPS = tuple({group: ACTION_IDS[("pay_chips", line, group)] for group in CHIP_GROUPS}
                  for line in range(LINES))
# DESTINATIONS[lines]: the pattern lines in the mask ``lines`` (bits 0-5), then BROKEN (D15).
DESTINATIONS = tuple(
    tuple(d for d in range(LINES) if (lines >> d) & 1) + (BROKEN,) for lines in range(1 << LINES)
)
# MOON_TAKES[colour][lines] / LARGE_SUN_TAKES[colour][lines]: the ids taking ``colour`` to
# each destination of the line mask ``lines`` (D13; D12 from the large factory).
MOON_TAKES = tuple(tuple(tuple(ACTION_IDS[("moon", c, d)] for d in destinations)
                         for destinations in DESTINATIONS) for c in range(COLOUR_COUNT))
LARGE_SUN_TAKES = tuple(tuple(tuple(ACTION_IDS[("sun", LARGE, c, d, ())] for d in destinations)
                              for destinations in DESTINATIONS) for c in range(COLOUR_COUNT))
