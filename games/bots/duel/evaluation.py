"""How good a Duel position looks for one player: points now plus what is on its way.

``value(core, p)`` = score + projected tiling of the pattern lines (placement points of the
best fitting cell, a share for incomplete lines, a loss for lines that will break)
- penalties pending (broken spaces, first-player tile) + chips + objectives progress
+ a little for free cells on placed plates.  The weights are plain guesses tuned by the
arena (bench/duel_arena.py), not rules.
"""

from games.engine.common.scoring import score_placement
from games.engine.duel import rulings
from games.engine.duel.core import EMPTY, DuelCore
from games.engine.duel.tables import (
    COLOUR_COUNT,
    GRID,
    LINES,
    OVER,
    ROUNDS,
    SPECIAL,
    TILING,
    TOTAL_BROKEN_COST,
)

PARTIAL_SHARE = 0.5  # of a fitting line's placement points, times its fill ratio
WAITING_SHARE = 0.3  # a line whose row has no fitting plate yet, but room for one
BREAK_COST_PER_TILE = 1.5  # a line that will break at tiling
CHIP_VALUE = 0.5
CHIP_VALUE_LAST_ROUND = 0.25
FREE_CELL_VALUE = 0.15
COMPLETE_BONUS = 0.2


def objective_weight(round_number: int) -> float:
    """Objectives count fully at the end; earlier their progress counts less."""
    return 0.3 + 0.15 * round_number


def points_at(grid: list[int], row: int, column: int) -> int:
    """D20 points a tile would score at (row, column) of ``grid`` now."""
    row_mask = column_mask = 0
    for k in range(GRID):
        if grid[row * GRID + k] != EMPTY or k == column:
            row_mask |= 1 << k
        if grid[k * GRID + column] != EMPTY or k == row:
            column_mask |= 1 << k
    return score_placement(row_mask, column_mask, row, column, GRID)


# (grid, layout, objectives) -> what ``value`` needs of a dome; positions in a search share
# domes (most moves only change pattern lines), so each dome is worked out once.
_DOMES: dict = {}
_DOMES_MAX = 16_384


def dome_facts(core: DuelCore, p: int) -> tuple:
    """(best[row][colour] placement points, -1 if no fitting cell; plate-row full flags;
    objective points; free cells on placed plates) of ``p``'s dome, memoised."""
    grid = core.grid[p]
    layout = core.layout[p]
    key = (tuple(grid), tuple(layout), tuple(core.objectives))
    facts = _DOMES.get(key)
    if facts is not None:
        return facts
    best = []
    for r in range(LINES):
        row = []
        for colour in range(COLOUR_COUNT):
            fits = core.fitting_columns(p, r, colour)
            row.append(max(points_at(grid, r, c) for c in fits) if fits else -1)
        best.append(tuple(row))
    full = tuple(all(layout[k * 2 * GRID + c] != EMPTY for c in range(2 * GRID))
                 for k in range(LINES // 2))
    free = sum(1 for cell in range(GRID * GRID)
               if grid[cell] == EMPTY and layout[cell] >= 0 and layout[cell] != SPECIAL)
    facts = (tuple(best), full, sum(core.objective_points(p)), free)
    if len(_DOMES) >= _DOMES_MAX:
        _DOMES.clear()
    _DOMES[key] = facts
    return facts


def value(core: DuelCore, p: int) -> float:
    total = float(core.scores[p])
    if core.phase == OVER:
        return total
    last_round = core.round == ROUNDS
    best_points, full, objectives, free = dome_facts(core, p)
    base = p * LINES
    for r in range(LINES):
        count = core.line_count[base + r]
        if not count:
            continue
        colour = core.line_colour[base + r]
        filled = count + core.line_chips[base + r]
        need = r + 1
        best = best_points[r][colour]
        if best >= 0:
            if filled >= need:
                total += best + COMPLETE_BONUS
            elif core.line_chips[base + r]:
                # Partly paid with chips: it will be completed (D18), at about 2 chips a tile.
                total += best + COMPLETE_BONUS - 2 * CHIP_VALUE * (need - filled)
            elif not last_round:
                total += best * PARTIAL_SHARE * filled / need
        elif full[r // 2]:
            total -= BREAK_COST_PER_TILE * count
        elif not last_round:
            total += WAITING_SHARE * filled / need
    tiled = core.phase == TILING and p == core.first and core.current != p
    if not tiled:
        total -= TOTAL_BROKEN_COST[len(core.broken[p])]
        if core.fp == p:
            total -= rulings.FIRST_PLAYER_TILE_COST
    total += len(core.bonus[p]) * (CHIP_VALUE_LAST_ROUND if last_round else CHIP_VALUE)
    total += objective_weight(core.round) * objectives
    total += FREE_CELL_VALUE * free
    return total


def margin(core: DuelCore, p: int) -> float:
    """``p``'s value minus the opponent's: a zero-sum view for the search."""
    return value(core, p) - value(core, 1 - p)
