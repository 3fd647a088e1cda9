"""Swiss for tables of three or four (BGA-like): tables by standing, repeats minimised, seats
rotated, and the placement points a table earns.

Table sizes (`table_sizes`): the fewest tables of at most `table_size` that seat everyone, sized
as evenly as possible, larger tables first (on top): 10 at 4 -> 4+3+3, 9 at 4 -> 3+3+3, 5 at 4
-> 3+2, 7 at 3 -> 3+2+2. Nobody is ever alone: 2 entrants make one table of 2, and a lone
entrant gets no table (the caller gives it a bye).

Forming tables (`multiplayer_round`): the standing (points, rating, id) is cut into consecutive
blocks, the leaders on table 1. Then pairs of entrants at different tables are swapped while that
lowers the number of repeat tablemates (each earlier meeting of two entrants seated together
counts once), trying the swaps of entrants closest in the standing first. What is guaranteed:
- with no repeat in the blocks, the tables are exactly the blocks of the standing;
- otherwise no swap of two entrants between tables lowers the repeats further (a local optimum,
  not always the fewest possible), and there are never more repeats than in the blocks.

Seats (`seat_order`): each table takes the seat order, among all its orders, in which the one who
moves first has moved first the fewest times; then in which the entrants have held the seats given
the fewest times in all; then the one closest to the standing (better-ranked earlier). At a table
that stays together for as many rounds as it has seats, everyone holds every seat once.
"""

import itertools
from collections import Counter
from collections.abc import Sequence

from .errors import PairingError
from .swiss import Entrant, check_entrants, standing_key

TABLE_SIZES = (3, 4)


def table_sizes(count: int, table_size: int) -> tuple[int, ...]:
    """How many at each table for `count` entrants (see the module's docstring)."""
    if table_size < 2:
        raise PairingError("bad_table_size", "a table seats at least two")
    if count < 2:
        return ()
    tables = -(-count // table_size)
    small, extra = divmod(count, tables)
    return tuple([small + 1] * extra + [small] * (tables - extra))


Meetings = dict[int, Counter[int]]  # entrant id -> how often it met each other id


def repeats_at(table: Sequence[Entrant], meetings: Meetings) -> int:
    """Earlier meetings among the entrants of one table (each pair counted by its meetings)."""
    return sum(meetings[a.id][b.id] for a, b in itertools.combinations(table, 2))


def seat_order(table: Sequence[Entrant]) -> tuple[int, ...]:
    """The table's ids in seat order (first to move first); `table` in standing order."""
    seat_counts = [Counter(entrant.seats) for entrant in table]

    def cost(order: tuple[int, ...]) -> tuple[int, int, tuple[int, ...]]:
        first = seat_counts[order[0]][0]
        held = sum(seat_counts[member][seat] for seat, member in enumerate(order))
        return first, held, order

    best = min(itertools.permutations(range(len(table))), key=cost)
    return tuple(table[member].id for member in best)


def multiplayer_round(entrants: Sequence[Entrant], table_size: int) -> tuple[tuple[int, ...], ...]:
    """The round's tables, top table first, each in seat order (first to move first)."""
    if table_size not in TABLE_SIZES:
        raise PairingError("bad_table_size", "multiplayer tables seat 3 or 4")
    check_entrants(entrants)
    ranked = sorted(entrants, key=standing_key)
    tables: list[list[Entrant]] = []
    start = 0
    for size in table_sizes(len(ranked), table_size):
        tables.append(ranked[start : start + size])
        start += size
    fewer_repeats(tables, {entrant.id: index for index, entrant in enumerate(ranked)})
    return tuple(seat_order(sorted(table, key=standing_key)) for table in tables)


def fewer_repeats(tables: list[list[Entrant]], position: dict[int, int]) -> None:
    """Swap entrants between tables, in place, while a swap lowers the repeats: swaps between
    entrants closer in the standing are tried first, passes repeat until none helps."""
    meetings = {entrant.id: Counter(entrant.opponents) for table in tables for entrant in table}
    if sum(repeats_at(table, meetings) for table in tables) == 0:
        return
    seated = sorted((entrant for table in tables for entrant in table), key=lambda e: position[e.id])
    table_of = {entrant.id: index for index, table in enumerate(tables) for entrant in table}
    # Every pair, closest in the standing first: two at one table now may not be after a swap.
    swaps = sorted(
        itertools.combinations(seated, 2),
        key=lambda pair: (position[pair[1].id] - position[pair[0].id], position[pair[0].id]),
    )
    improved = True
    while improved:
        improved = False
        for a, b in swaps:
            table_a, table_b = tables[table_of[a.id]], tables[table_of[b.id]]
            if table_a is table_b:
                continue
            before = repeats_at(table_a, meetings) + repeats_at(table_b, meetings)
            swapped_a = [b if entrant is a else entrant for entrant in table_a]
            swapped_b = [a if entrant is b else entrant for entrant in table_b]
            if repeats_at(swapped_a, meetings) + repeats_at(swapped_b, meetings) < before:
                table_a[:], table_b[:] = swapped_a, swapped_b
                table_of[a.id], table_of[b.id] = table_of[b.id], table_of[a.id]
                improved = True


def default_scheme(table_size: int) -> tuple[float, ...]:
    """Points by place at a full table: 1/0 for two; from three up, 2 per tablemate finished
    above (6/4/2/0 at four, 4/2/0 at three), as if each pair of tablemates had played a game
    scored 2 for a win and 1 for a draw."""
    if table_size == 2:
        return (1.0, 0.0)
    return tuple(2.0 * (table_size - 1 - place) for place in range(table_size))


def placement_points(
    places: Sequence[int], table_size: int, scheme: Sequence[float] | None = None
) -> tuple[float, ...]:
    """Points per seat at one table. `places`: competition ranks in seat order (1 = won, tied
    entrants share a rank and the next rank is skipped: 1, 1, 3). `table_size`: the tournament's
    full table; `scheme`: points by place at a full table (default: `default_scheme`). A smaller
    table reads the scheme at evenly spread places (linear interpolation), so its winner and its
    last get what a full table's would. Tied entrants share the mean of the points they span."""
    points_by_place = tuple(default_scheme(table_size) if scheme is None else scheme)
    if len(points_by_place) != table_size or any(
        better < worse for better, worse in itertools.pairwise(points_by_place)
    ):
        raise PairingError(
            "bad_scheme", "a scheme gives one number per place of a full table, never more to a worse place"
        )
    size = len(places)
    if not 2 <= size <= table_size:
        raise PairingError("bad_places", f"a table has 2 to {table_size} places")
    if any(place < 1 or sum(other < place for other in places) != place - 1 for place in places):
        raise PairingError(
            "bad_places", "places are competition ranks: 1, then each rank is one more than the number of players ahead"
        )

    def at(rank_index: int) -> float:  # the scheme read at this table's 0-based place
        spot = rank_index * (table_size - 1) / (size - 1)
        low = int(spot)
        high = min(low + 1, table_size - 1)
        return points_by_place[low] + (points_by_place[high] - points_by_place[low]) * (spot - low)

    sharing = Counter(places)
    return tuple(sum(at(place - 1 + offset) for offset in range(sharing[place])) / sharing[place] for place in places)
