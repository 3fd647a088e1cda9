"""How good a position is for each player: the projected score at the end of the round.

``project(core)`` returns, per player, the score they would have once the current round's
wall tiling is done (complete pattern lines placed and scored by R17, floor penalties of R18,
the floor at 0), plus the end bonuses (R23) already earned on the projected wall, plus
estimates of what is still to come: a partial credit for incomplete pattern lines and for
rows, columns and colours under construction, scaled by how many rounds the game probably
has left.  Everything reads the compact core directly (``games.engine.ClassicCore``); only
public information is used (walls, lines, floors, scores).

The weights below are hand-tuned with ``bench/bot_arena.py``.
"""

from games.engine.classic.tables import (
    COLOUR_BONUS,
    COLUMN_BONUS,
    FLOOR_COST,
    FLOOR_SIZE,
    FULL,
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
WIN_BONUS = 15.0  # added to the winner's value in a finished game (search leaves)


def project(core) -> list[float]:
    """The projected value of every player (see the module docstring)."""
    if core.phase == OVER:
        return _final_values(core)
    return values_of([project_wall(core, p) for p in range(core.players)], core.round)


def values_of(walls, round_number: int) -> list[float]:
    """Values from every player's ``project_wall``."""
    future = rounds_left(walls, round_number)
    return [wall_value(wall, future) for wall in walls]


def rounds_left(walls, round_number: int) -> int:
    """Rounds after this one, if the leading row gains a tile per round (0: the game ends)."""
    if round_number >= LAST_PATIENT_ROUND:
        return 0
    return SIZE - max(wall[5] for wall in walls)


def _final_values(core) -> list[float]:
    scores = core.scores
    best = max(scores)
    return [s + (WIN_BONUS if s == best else 0.0) for s in scores]


def project_wall(core, p):
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


def _best_column(row_mask, columns, r, free):
    """Gray wall: the free column scoring most now (leftmost on ties)."""
    best, best_points = -1, -1
    for col in range(SIZE):
        if (free >> col) & 1:
            points = POINTS[RUNS[row_mask | (1 << col)][col]][RUNS[columns[col] | (1 << r)][r]]
            if points > best_points:
                best, best_points = col, points
    return best


def wall_value(wall, future) -> float:
    rows, columns, colours, score, partial, _longest = wall
    value = float(score)
    credit = 0.0
    for mask in rows:
        k = BIT_COUNT[mask]
        if k == SIZE:
            value += ROW_BONUS
        elif future and SIZE - k <= future:
            credit += ROW_PROGRESS[k]
    for mask in columns:
        k = BIT_COUNT[mask]
        if k == SIZE:
            value += COLUMN_BONUS
        elif future:
            credit += COLUMN_PROGRESS[k] * _reach(SIZE - k, future)
    for mask in colours:
        k = BIT_COUNT[mask]
        if k == SIZE:
            value += COLOUR_BONUS
        elif future:
            credit += COLOUR_PROGRESS[k] * _reach(SIZE - k, future)
    if future:
        credit += partial + ADJACENCY_CREDIT * _adjacency(rows, columns) * min(future, 3)
        value += credit * FUTURE_SCALE[future]
    return value


def _reach(missing: int, future: int) -> float:
    """How likely ``missing`` tiles get placed in ``future`` rounds (about two per round)."""
    share = 2 * future / missing
    return 1.0 if share >= 1 else share


def _adjacency(rows, columns) -> int:
    """Occupied cells counted once per occupied neighbour: a clustered wall scores more later."""
    total = 0
    for mask in rows:
        total += BIT_COUNT[mask & (mask >> 1)]
    for mask in columns:
        total += BIT_COUNT[mask & (mask >> 1)]
    return total


def advantage(values: list[float], player: int) -> float:
    """How far ``player`` is ahead of the best of the others (negative when behind)."""
    mine = values[player]
    best_other = max(v for i, v in enumerate(values) if i != player)
    return mine - best_other
