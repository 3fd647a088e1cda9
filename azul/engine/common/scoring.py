"""Run scoring (R17, Duel D20) on a square grid of any size, via bitmask lookup tables.

A line of the grid (a row or a column) is a bitmask of occupied cells.  ``run_table(n)``
gives, for every mask and position, the length of the contiguous run through that
position (0 if the position itself is empty).
"""

from functools import cache


@cache
def run_table(size: int) -> tuple[tuple[int, ...], ...]:
    table = []
    for mask in range(1 << size):
        lengths = []
        for position in range(size):
            if not (mask >> position) & 1:
                lengths.append(0)
                continue
            low = position
            while low > 0 and (mask >> (low - 1)) & 1:
                low -= 1
            high = position
            while high < size - 1 and (mask >> (high + 1)) & 1:
                high += 1
            lengths.append(high - low + 1)
        table.append(tuple(lengths))
    return tuple(table)


def placement_points(horizontal: int, vertical: int) -> int:
    """Points for a tile whose horizontal and vertical runs (counting itself) are given."""
    if horizontal <= 1 and vertical <= 1:
        return 1
    return (horizontal if horizontal > 1 else 0) + (vertical if vertical > 1 else 0)


@cache
def points_table(size: int) -> tuple[tuple[int, ...], ...]:
    """``points_table(n)[h][v]`` == ``placement_points(h, v)`` for runs up to ``n``."""
    return tuple(tuple(placement_points(h, v) for v in range(size + 1)) for h in range(size + 1))


def score_placement(row_mask: int, column_mask: int, row: int, column: int, size: int) -> int:
    """Score a tile just placed at (row, column); the masks already include it.

    ``row_mask`` holds the occupied columns of ``row``, ``column_mask`` the occupied rows of
    ``column``.
    """
    runs = run_table(size)
    return placement_points(runs[row_mask][column], runs[column_mask][row])
