"""What each legal Azul Duel move would do, for the page to show before the player commits.

``move_previews(state)`` gives one preview per move of ``state.legal_moves()``, in order.  A
sun or moon move (D12, D13, D15, D21): the tiles taken, how many land on the line and on the
broken spaces, how many go past them to the tower, whether it brings the first-player tile,
the extra penalty at the round's end, and whether the line is complete after it, with the
points of tiling it now as [lowest, highest] over the cells it fits (D17, D20).  A
``place_tile`` move: the points of that placement (a special cell it fills included).  A
``pay_chips`` move (D18): the chips the player keeps and the tiles the line still misses after
it.  Other moves: None.  Computed by the rules core itself, on copies.
"""

from ..common.fields import JsonObject
from . import rulings
from .actions import ACTIONS, MoonTuple, PayChipsTuple, PlaceTileTuple, SunTuple
from .core import DuelCore
from .scoring_events import tiles_taken
from .state import DuelState
from .tables import BROKEN, BROKEN_SPACES, CHIP_NAME, LARGE, LINES, TOTAL_BROKEN_COST


def _placement_points(core: DuelCore, p: int, line: int, colour: int, column: int) -> int:
    trial = core.clone()
    i = p * LINES + line
    trial.line_colour[i] = colour
    trial.line_count[i] = line + 1
    before = trial.scores[p]
    trial._place_tile(p, line, column)
    return trial.scores[p] - before


# (line, colour) -> the [lowest, highest] points of tiling that line now, None if it fits nowhere
PointsCache = dict[tuple[int, int], list[int] | None]


def _draft_preview(core: DuelCore, action: SunTuple | MoonTuple, cache: PointsCache) -> JsonObject:
    p = core.current
    colour, line = (action[2], action[3]) if action[0] == "sun" else (action[1], action[2])
    taken = tiles_taken(core, action)
    to_line = 0
    completes = False
    if line != BROKEN:
        had = core.line_count[p * LINES + line]
        to_line = min(taken, line + 1 - had)
        completes = had + to_line == line + 1
    if action[0] == "sun":
        sun = core.suns[LARGE]
        first_player = action[1] == LARGE and core.fp < 0 and not any(
            sun[c] for c in range(len(sun)) if c != colour)
    else:
        first_player = core.fp < 0 and core.large_moon[colour] > 0
    broken_now = len(core.broken[p])
    broken_after = min(BROKEN_SPACES, broken_now + taken - to_line)
    penalty = TOTAL_BROKEN_COST[broken_now] - TOTAL_BROKEN_COST[broken_after]
    if first_player:
        penalty -= rulings.FIRST_PLAYER_TILE_COST
    points = None
    if completes:
        key = (line, colour)
        if key not in cache:
            figures = [_placement_points(core, p, line, colour, column)
                       for column in core.fitting_columns(p, line, colour)]
            cache[key] = [min(figures), max(figures)] if figures else None
        points = cache[key]
    return {
        "taken": taken,
        "to_line": to_line,
        "to_floor": broken_after - broken_now,
        "to_lid": taken - to_line - (broken_after - broken_now),
        "first_player": first_player,
        "penalty": penalty,
        "completes": completes,
        "points": points,
    }


def _place_preview(core: DuelCore, action: PlaceTileTuple) -> JsonObject:
    p = core.current
    _, line, column = action
    trial = core.clone()
    before = trial.scores[p]
    trial._place_tile(p, line, column)
    points = trial.scores[p] - before
    return {"points": [points, points]}


def _pay_preview(core: DuelCore, action: PayChipsTuple) -> JsonObject:
    p = core.current
    _, line, group = action
    kept = list(core.bonus[p])
    for mask in group:
        kept.remove(mask)
    i = p * LINES + line
    return {"chips_left": [CHIP_NAME[mask] for mask in kept],
            "still_missing": line + 1 - core.line_count[i] - core.line_chips[i] - 1}


def move_previews(state: DuelState) -> list[JsonObject | None]:
    """One preview per legal move, in ``legal_moves()`` order (None where nothing is scored)."""
    core = state.fast()
    cache: PointsCache = {}
    previews: list[JsonObject | None] = []
    for action in core.legal_actions():
        parts = ACTIONS[action]  # tested as parts[0], which narrows its type
        if parts[0] in ("sun", "moon"):
            previews.append(_draft_preview(core, parts, cache))
        elif parts[0] == "place_tile":
            previews.append(_place_preview(core, parts))
        elif parts[0] == "pay_chips":
            previews.append(_pay_preview(core, parts))
        else:
            previews.append(None)
    return previews
