"""What each legal classic move would do, for the page to show before the player commits.

``move_previews(state)`` gives one preview per move of ``state.legal_moves()``, in the same
order.  A take move's preview (R11-R13, R18): the tiles taken, how many land on the line and
how many on the floor (the first-player marker included), how many go past a full floor to
the lid, the extra floor penalty, and whether the line is complete after it, with the points
it scores when tiled at the round's end as the wall stands now (R17; on the standard wall the
complete lines above it are tiled first, as they will be; on the gray wall, one figure per
free column, as [lowest, highest]).  A gray-wall tiling move's preview: the points of that
placement.  Computed by the rules core itself, on copies.
"""

from ..common.fields import JsonObject
from .core import ClassicCore
from .scoring_events import take_count
from .state import ClassicState
from .tables import (
    CENTER,
    DECODE,
    FLOOR,
    FLOOR_COST,
    FLOOR_SIZE,
    SIZE,
    STANDARD_COLUMN,
    TILING_BASE,
)

# (line, colour) -> the [lowest, highest] points of that line complete, None if no column is free
PointsCache = dict[tuple[int, int], list[int] | None]


def _completion_points(core: ClassicCore, p: int, line: int, colour: int) -> list[int] | None:
    """[lowest, highest] points of ``line`` holding ``colour`` complete, tiled now (None on a
    gray wall where no column of ``line`` is free for ``colour``)."""
    base = p * SIZE
    if not core.gray:
        trial = core.clone()
        trial.line_colour[base + line] = colour
        trial.line_count[base + line] = line + 1
        points = 0
        for r in range(line + 1):  # R15: the complete lines above are tiled first
            if trial.line_count[base + r] == r + 1:
                points = trial._place(p, r, STANDARD_COLUMN[r][trial.line_colour[base + r]])
        return [points, points]
    columns = core.free_columns(p, line, colour)
    figures = []
    for column in range(SIZE):
        if (columns >> column) & 1:
            trial = core.clone()
            trial.line_colour[base + line] = colour
            trial.line_count[base + line] = line + 1
            figures.append(trial._place(p, line, column))
    return [min(figures), max(figures)] if figures else None


def _take_preview(core: ClassicCore, action: int, cache: PointsCache) -> JsonObject:
    p = core.current
    source, colour, dest = DECODE[action]
    taken = take_count(core, action)
    base = p * SIZE
    to_line = 0
    completes = False
    if dest != FLOOR:
        had = core.line_count[base + dest]
        to_line = min(taken, dest + 1 - had)
        completes = had + to_line == dest + 1
    marker = 1 if source == CENTER and core.marker < 0 else 0
    floor_now = len(core.floors[p])
    wanted = taken - to_line + marker
    floor_after = min(FLOOR_SIZE, floor_now + wanted)
    points = None
    if completes:
        key = (dest, colour)
        if key not in cache:
            cache[key] = _completion_points(core, p, dest, colour)
        points = cache[key]
    return {
        "taken": taken,
        "to_line": to_line,
        "to_floor": floor_after - floor_now,
        "to_lid": wanted - (floor_after - floor_now),
        "penalty": FLOOR_COST[floor_now] - FLOOR_COST[floor_after],
        "completes": completes,
        "points": points,
        # The marker leads the floor's share (R12): the board can draw the tiles where they will go.
        "first_player": bool(marker),
    }


def _tiling_preview(core: ClassicCore, action: int) -> JsonObject:
    row, column = divmod(action - TILING_BASE, SIZE)
    trial = core.clone()
    points = trial._place(core.current, row, column)
    return {"points": [points, points]}


def move_previews(state: ClassicState) -> list[JsonObject]:
    """One preview per legal move, in ``legal_moves()`` order (empty once the game is over)."""
    core = state.fast()
    cache: PointsCache = {}
    return [
        _tiling_preview(core, action) if action >= TILING_BASE
        else _take_preview(core, action, cache)
        for action in core.legal_actions()
    ]
