"""How good a Duel position looks for one player: points now plus what is on its way.

``value(core, p)`` = score + projected tiling of the pattern lines (placement points of the
best fitting cell, a share for incomplete lines, a loss for lines that will break)
- penalties pending (broken spaces, first-player tile) + chips + objectives progress
+ a little for free cells on placed plates.  Each term has a weight (``Weights``), one set
per round: ``HAND``, plain guesses tuned by the arena (bench/duel_arena.py), is what ``strong``
plays with; ``value`` is linear in the weights, so other sets can be fitted to game outcomes
(tools/train/duel_weights.py).
"""

from typing import NamedTuple, TypeAlias

from azul.engine.common.scoring import score_placement
from azul.engine.duel import rulings
from azul.engine.duel.core import EMPTY, DuelCore
from azul.engine.duel.tables import (
    COLOUR_COUNT,
    GRID,
    LINES,
    OVER,
    ROUNDS,
    SPECIAL,
    TILING,
    TOTAL_BROKEN_COST,
)


class Weights(NamedTuple):
    """The weight of each term of ``value`` in one round (a term's unit in its comment)."""

    score: float = 1.0  # points scored
    complete: float = 1.0  # placement points of a complete line's best fitting cell
    complete_bonus: float = 0.2  # per complete line
    partial: float = 0.5  # those points of an incomplete fitting line, times its fill ratio
    waiting: float = 0.3  # fill ratio of a line whose row has no fitting plate yet, but room
    breaking: float = -1.5  # per tile of a line that will break at tiling
    broken: float = -1.0  # the broken spaces' pending cost
    first_player: float = -1.0  # the first-player tile's pending cost
    chip: float = 0.5  # per chip held
    objectives: float = 0.45  # objective points the dome would score now
    free_cell: float = 0.15  # per free cell on a placed plate


def objective_weight(round_number: int) -> float:
    """Objectives count fully at the end; earlier their progress counts less."""
    return 0.3 + 0.15 * round_number


# A line partly paid with chips: each tile still missing costs 2 more chips (D18), at 0.5 each.
PAID_TILE_COST = 1.0

# The hand-made weights, rounds 1..ROUNDS; chips are worth less in the last round.
HAND = tuple(
    Weights(objectives=objective_weight(r), chip=0.25 if r == ROUNDS else 0.5)
    for r in range(1, ROUNDS + 1)
)


def points_at(grid: list[int], row: int, column: int) -> int:
    """D20 points a tile would score at (row, column) of ``grid`` now."""
    row_mask = column_mask = 0
    for k in range(GRID):
        if grid[row * GRID + k] != EMPTY or k == column:
            row_mask |= 1 << k
        if grid[k * GRID + column] != EMPTY or k == row:
            column_mask |= 1 << k
    return score_placement(row_mask, column_mask, row, column, GRID)


# What ``value`` needs of a dome (see ``dome_facts``).
DomeFacts: TypeAlias = tuple[tuple[tuple[int, ...], ...], tuple[bool, ...], int, int]
# (grid, layout, objectives) -> its facts; positions in a search share domes (most moves only
# change pattern lines), so each dome is worked out once.
_DOMES: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, str], ...]], DomeFacts] = {}
_DOMES_MAX = 16_384


def dome_facts(core: DuelCore, p: int) -> DomeFacts:
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


def value(core: DuelCore, p: int, weights: tuple[Weights, ...] = HAND) -> float:
    """``p``'s value with ``weights`` (one ``Weights`` per round)."""
    if core.phase == OVER:
        return float(core.scores[p])
    (w_score, w_complete, w_bonus, w_partial, w_waiting, w_breaking, w_broken, w_first,
     w_chip, w_objectives, w_free) = weights[core.round - 1]
    total = w_score * core.scores[p]
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
                total += w_complete * best + w_bonus
            elif core.line_chips[base + r]:
                # Partly paid with chips: it will be completed (D18), at about 2 chips a tile.
                total += w_complete * (best - PAID_TILE_COST * (need - filled)) + w_bonus
            elif not last_round:
                total += w_partial * best * filled / need
        elif full[r // 2]:
            total += w_breaking * count
        elif not last_round:
            total += w_waiting * filled / need
    tiled = core.phase == TILING and p == core.first and core.current != p
    if not tiled:
        total += w_broken * TOTAL_BROKEN_COST[len(core.broken[p])]
        if core.fp == p:
            total += w_first * rulings.FIRST_PLAYER_TILE_COST
    total += w_chip * len(core.bonus[p])
    total += w_objectives * objectives
    total += w_free * free
    return total


def margin(core: DuelCore, p: int) -> float:
    """``p``'s value minus the opponent's: a zero-sum view for the search."""
    return value(core, p) - value(core, 1 - p)
