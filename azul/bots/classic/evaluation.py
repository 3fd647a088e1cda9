"""How good a position is for each player: the projected score at the end of the round.

``project(core)`` returns, per player, the score they would have once the current round's
wall tiling is done (complete pattern lines placed and scored by R17, floor penalties of R18,
the floor at 0), plus the end bonuses (R23) already earned on the projected wall, plus
estimates of what is still to come: a partial credit for incomplete pattern lines and for
rows, columns and colours under construction, scaled by how many rounds the game probably
has left.  Everything reads the compact core directly (``azul.engine.ClassicCore``); only
public information is used (walls, lines, floors, scores).

The weights below are hand-tuned with ``bench/bot_arena.py``.
"""

from math import tanh
from typing import TypeAlias

from azul.engine.classic.core import ClassicCore
from azul.engine.classic.tables import (
    COLOUR_BONUS,
    COLUMN_BONUS,
    FLOOR_COST,
    FLOOR_SIZE,
    FULL,
    KIND_COUNTS,
    OVER,
    POINTS,
    ROW_BONUS,
    RUNS,
    SIZE,
    STANDARD_COLUMN,
)

BIT_COUNT = tuple(bin(mask).count("1") for mask in range(32))

# Partial credit for an incomplete pattern line holding n of r + 1 tiles, as a share of
# the points it would score if placed now: PARTIAL[r][n].
PARTIAL = tuple(
    tuple(0.0 if n == 0 else 0.30 + 0.45 * n / (r + 1) for n in range(r + 2))
    for r in range(SIZE)
)
# Credit for a row / column / colour holding k of 5 tiles (k < 5), before feasibility.
ROW_PROGRESS = (0.0, 0.0, 0.2, 0.6, 1.1)
COLUMN_PROGRESS = (0.0, 0.2, 0.9, 2.2, 4.0)
COLOUR_PROGRESS = (0.0, 0.3, 1.3, 3.2, 6.0)
# A tile on the wall next to free cells makes later placements score more.
ADJACENCY_CREDIT = 0.12
# Credit for what is still to come shrinks as the end nears: with one round left, little of
# it is realised, and a bot must never prefer keeping the game alive to finishing it.
FUTURE_SCALE = (0.0, 0.1, 0.5, 0.9, 1.0, 1.0)
# From this round on nothing is credited to the future, so bots that stall (e.g. both
# dumping tiles to keep rows open) are driven to complete a row and end the game.
LAST_PATIENT_ROUND = 10
# Share of the tiles a player cannot fit (of its share of those still on the table) that is
# expected to end on its floor when the round's last groups must be taken.
FORCED_SHARE = 0.4
WIN_BONUS = 15.0  # added to the winner's value in a finished game (search leaves)
# ``advantage``, 2 players: own value weight and the scale (points) at which a lead
# saturates; with LEAD_SCALE = 0 the former linear form, the other weighing OPPONENT_WEIGHT.
OWN_WEIGHT = 0.3
LEAD_SCALE = 10.0
OPPONENT_WEIGHT = 0.85
# 3-4 players: mine - MANY_OPPONENT_WEIGHT * best other.  The paranoid search already
# assumes the others gang up on the bot; at 0.85 it played too defensively at 4 players.
MANY_OPPONENT_WEIGHT = 0.3
# Points a player can expect from each further round: with OPPONENT_WEIGHT < 1 a bot that
# scores well has a reason not to hurry the end of the game.
ROUND_VALUE = 3.0


class Weights:
    """The tunable part of ``wall_value`` and ``forced_waste``: one set per bot level."""

    __slots__ = ("row_progress", "column_progress", "colour_progress", "adjacency",
                 "future_scale", "partial_scale", "round_value", "forced_share")
    row_progress: tuple[float, ...]  # by tiles in a row (0-4)
    column_progress: tuple[float, ...]  # by tiles in a column
    colour_progress: tuple[float, ...]  # by tiles of a colour
    adjacency: float
    future_scale: tuple[float, ...]  # by rounds left
    partial_scale: tuple[float, ...]  # by rounds left
    round_value: float
    forced_share: float

    def __init__(self, *, row_progress: tuple[float, ...], column_progress: tuple[float, ...],
                 colour_progress: tuple[float, ...], adjacency: float,
                 future_scale: tuple[float, ...], partial_scale: tuple[float, ...],
                 round_value: float, forced_share: float) -> None:
        self.row_progress = row_progress
        self.column_progress = column_progress
        self.colour_progress = colour_progress
        self.adjacency = adjacency
        self.future_scale = future_scale
        self.partial_scale = partial_scale
        self.round_value = round_value
        self.forced_share = forced_share


# ``project_wall``: (rows, columns, colours, score, partial credit, longest row)
Wall: TypeAlias = tuple[list[int], list[int], list[int], int, float, int]


# ``greedy`` (and the original ``strong``): the weights above.
GREEDY = Weights(
    row_progress=ROW_PROGRESS, column_progress=COLUMN_PROGRESS, colour_progress=COLOUR_PROGRESS,
    adjacency=ADJACENCY_CREDIT, future_scale=FUTURE_SCALE, partial_scale=FUTURE_SCALE,
    round_value=ROUND_VALUE, forced_share=FORCED_SHARE,
)
# ``strong``: more credit for columns and colours under way (their +7 / +10 bonuses), the
# next round's credit kept when one round is left (lines half filled now complete then),
# and more care for tiles that will not fit.  Measured with bench/bot_arena.py.
STRONG = Weights(
    row_progress=ROW_PROGRESS, column_progress=(0.0, 0.6, 1.8, 4.0, 6.0),
    colour_progress=(0.0, 0.8, 2.5, 5.5, 8.5), adjacency=ADJACENCY_CREDIT,
    future_scale=(0.0, 0.6, 0.8, 1.0, 1.0, 1.0), partial_scale=(0.0, 0.8, 0.9, 1.0, 1.0, 1.0),
    round_value=ROUND_VALUE, forced_share=0.7,
)


def project(core: ClassicCore, weights: Weights = GREEDY) -> list[float]:
    """The projected value of every player (see the module docstring)."""
    if core.phase == OVER:
        return _final_values(core)
    return values_of([project_wall(core, p) for p in range(core.players)], core.round, weights)


def values_of(walls: list[Wall], round_number: int, weights: Weights = GREEDY) -> list[float]:
    """Values from every player's ``project_wall``."""
    future = rounds_left(walls, round_number)
    return [wall_value(wall, future, weights) for wall in walls]


def rounds_left(walls: list[Wall], round_number: int) -> int:
    """Rounds after this one, if the leading row gains a tile per round (0: the game ends)."""
    if round_number >= LAST_PATIENT_ROUND:
        return 0
    return SIZE - max(wall[5] for wall in walls)


def _final_values(core: ClassicCore) -> list[float]:
    scores = core.scores
    best = max(scores)
    return [s + (WIN_BONUS if s == best else 0.0) for s in scores]


def project_wall(core: ClassicCore, p: int) -> Wall:
    """Tile ``p``'s complete lines on copies of its wall masks.

    Returns (rows, columns, colours, score, partial credit, longest row): the projected wall
    masks, the score after this round's placements and penalties, the credit of incomplete
    lines and the tile count of the fullest row.  Only ``p``'s own moves change it during a
    round's factory offer, so a search can reuse it for the other players.
    """
    base = p * SIZE
    rows = core.row_mask[base:base + SIZE]
    columns = core.column_mask[base:base + SIZE]
    colours = core.colour_columns[base:base + SIZE]
    counts = core.line_count
    line_colours = core.line_colour
    gray = core.gray
    score = core.scores[p]
    floor = len(core.floors[p])
    partial = 0.0
    for r in range(SIZE):
        n = counts[base + r]
        if not n:
            continue
        colour = line_colours[base + r]
        if gray:
            free = FULL & ~rows[r] & ~colours[colour]
            if not free:
                if n == r + 1:
                    floor += n  # R16: no legal column, the whole line falls
                continue
            col = _best_column(rows[r], columns, r, free)
        else:
            col = STANDARD_COLUMN[r][colour]
        row_mask = rows[r] | (1 << col)
        column_mask = columns[col] | (1 << r)
        points = POINTS[RUNS[row_mask][col]][RUNS[column_mask][r]]
        if n == r + 1:
            rows[r] = row_mask
            columns[col] = column_mask
            colours[colour] |= 1 << col
            score += points
        else:
            partial += points * PARTIAL[r][n]
    score -= FLOOR_COST[floor if floor < FLOOR_SIZE else FLOOR_SIZE]
    if score < 0:
        score = 0
    longest = max(BIT_COUNT[mask] for mask in rows)
    return rows, columns, colours, score, partial, longest


def _best_column(row_mask: int, columns: list[int], r: int, free: int) -> int:
    """Gray wall: the free column scoring most now (leftmost on ties)."""
    best, best_points = -1, -1
    for col in range(SIZE):
        if (free >> col) & 1:
            points = POINTS[RUNS[row_mask | (1 << col)][col]][RUNS[columns[col] | (1 << r)][r]]
            if points > best_points:
                best, best_points = col, points
    return best


def wall_value(wall: Wall, future: int, weights: Weights = GREEDY) -> float:
    rows, columns, colours, score, partial, _longest = wall
    value = float(score)
    credit = 0.0
    row_progress = weights.row_progress
    for mask in rows:
        k = BIT_COUNT[mask]
        if k == SIZE:
            value += ROW_BONUS
        elif future and SIZE - k <= future:
            credit += row_progress[k]
    # Columns and colours: a bonus when whole, credit by progress and by whether the rounds left
    # can still finish them.
    for masks, progress, bonus in ((columns, weights.column_progress, COLUMN_BONUS),
                                   (colours, weights.colour_progress, COLOUR_BONUS)):
        for mask in masks:
            k = BIT_COUNT[mask]
            if k == SIZE:
                value += bonus
            elif future:
                credit += progress[k] * _reach(SIZE - k, future)
    if future:
        credit += weights.adjacency * _adjacency(rows, columns) * min(future, 3)
        value += (credit * weights.future_scale[future] + partial * weights.partial_scale[future]
                  + weights.round_value * future)
    return value


def _reach(missing: int, future: int) -> float:
    """How likely ``missing`` tiles get placed in ``future`` rounds (about two per round)."""
    share = 2 * future / missing
    return 1.0 if share >= 1 else share


def _adjacency(rows: list[int], columns: list[int]) -> int:
    """Occupied cells counted once per occupied neighbour: a clustered wall scores more later."""
    total = 0
    for mask in rows:
        total += BIT_COUNT[mask & (mask >> 1)]
    for mask in columns:
        total += BIT_COUNT[mask & (mask >> 1)]
    return total


def advantage(values: list[float], player: int) -> float:
    """``player``'s value against the best of the others (how the strong search ranks outcomes).

    2 players: ``OWN_WEIGHT`` × its own value plus a saturating lead, ``LEAD_SCALE`` ×
    tanh(lead / ``LEAD_SCALE``): while the game is close every point of lead counts (about
    1.3 per own point, 1 per point of the other), so the bot plays to win; once it is well
    ahead the lead saturates and its own points (bonuses, a longer game) count most, so it
    stops spending tiles on denial.  3-4 players: ``mine - MANY_OPPONENT_WEIGHT * best``.
    """
    mine = values[player]
    best_other = max(v for i, v in enumerate(values) if i != player)
    if len(values) > 2:
        return mine - MANY_OPPONENT_WEIGHT * best_other
    if LEAD_SCALE:
        return OWN_WEIGHT * mine + LEAD_SCALE * tanh((mine - best_other) / LEAD_SCALE)
    return mine - OPPONENT_WEIGHT * best_other


def tiles_on_table(core: ClassicCore) -> list[int]:
    """Per-colour counts of the tiles in the factories and the centre."""
    counts = core.center[:]
    for kind in core.factories:
        if kind:
            k = KIND_COUNTS[kind]
            for c in range(SIZE):
                counts[c] += k[c]
    return counts


def forced_waste(core: ClassicCore, p: int, on_table: list[int],
                 share: float = FORCED_SHARE) -> float:
    """Expected floor penalty of ``p`` from the tiles still on the table that it cannot fit.

    Every player will take about an equal share of what is left; what does not fit the room
    in ``p``'s pattern lines for the colours on offer spills to its floor at the round's end.
    """
    total = on_table[0] + on_table[1] + on_table[2] + on_table[3] + on_table[4]
    if not total:
        return 0.0
    base = p * SIZE
    counts = core.line_count
    allow = core.allow
    room = 0
    for r in range(SIZE):
        n = counts[base + r]
        if not n:
            bit = 1 << r
            for c in range(SIZE):
                if on_table[c] and allow[base + c] & bit:
                    room += r + 1
                    break
        elif n <= r:
            available = on_table[core.line_colour[base + r]]
            if available:
                room += min(r + 1 - n, available)
    excess = (total / core.players - room) * share
    if excess <= 0:
        return 0.0
    have = len(core.floors[p])
    if have >= FLOOR_SIZE:
        return 0.0
    end = have + excess
    whole = int(end)
    if whole >= FLOOR_SIZE:
        return float(FLOOR_COST[FLOOR_SIZE] - FLOOR_COST[have])
    partial = (end - whole) * (FLOOR_COST[whole + 1] - FLOOR_COST[whole])
    return FLOOR_COST[whole] - FLOOR_COST[have] + partial
