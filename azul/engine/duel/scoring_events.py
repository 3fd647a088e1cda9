"""What an Azul Duel move scored, event by event, as the rules computed it (D11, D17-D21, D23).

``apply_scored(state, move)`` applies the move exactly as ``DuelState.apply`` does and also
returns its account: the tiles it took and every scoring event in the order the rules run
them (tiles placed in the dome with their runs, special cells filling themselves, lines
broken by D19, broken-tile and first-player penalties, a plate bought, the objectives at the
end).  A subclass of the one rules core records them from the methods that score, so they
cannot disagree with the score: each event carries the running score after it.
"""

from typing import overload

from ..common.colours import COLOURS
from ..common.core_copy import fields_into
from ..common.fields import JsonObject
from ..common.scoring import placement_points, run_table
from . import codec, rulings
from .actions import BUY_PLATE, ActionTuple, MoonTuple, SunTuple
from .core import EMPTY, DuelCore
from .moves import DuelMove
from .state import DuelState
from .tables import CELLS, GRID, LINES, ROUNDS, SMALL_FACTORIES, TILING


def _runs(grid: list[int], row: int, column: int) -> tuple[int, int]:
    """(across, down): the runs through (row, column) on ``grid`` (the cell counted)."""
    row_mask = column_mask = 0
    for k in range(GRID):
        if grid[row * GRID + k] != EMPTY:
            row_mask |= 1 << k
        if grid[k * GRID + column] != EMPTY:
            column_mask |= 1 << k
    runs = run_table(GRID)
    return runs[row_mask][column], runs[column_mask][row]


class _RecordingDuelCore(DuelCore):
    """The Duel rules core, noting each scoring step as it happens."""

    __slots__ = ("events", "before_tiling", "placing")
    events: list[JsonObject]  # the scoring events so far, in the order the rules ran them
    before_tiling: JsonObject | None  # the round and boards as the tiling found them
    placing: bool  # inside _place_tile (its own line clearing is no D19 breaking)

    @classmethod
    def of(cls, core: DuelCore) -> "_RecordingDuelCore":
        recording = fields_into(cls, core)
        recording.events = []
        recording.before_tiling = None
        recording.placing = False
        return recording

    def note_tiling_start(self) -> None:
        if self.before_tiling is None:
            self.before_tiling = {"round": self.round,
                                  "boards": [codec._encode_board(self, p) for p in range(2)]}

    def apply_action(self, action: int) -> None:
        if self.phase == TILING:
            self.note_tiling_start()
        p = self.current
        before = self.scores[p]
        super().apply_action(action)
        if action == BUY_PLATE:  # D11
            self.events.append({"type": "plate_bought", "player": p,
                                "points": self.scores[p] - before, "score": self.scores[p]})

    def _resolve_tiling(self) -> None:
        self.note_tiling_start()
        super()._resolve_tiling()

    def _place_tile(self, p: int, line: int, column: int) -> None:
        i = p * LINES + line
        colour = self.line_colour[i]
        tiles = self.line_count[i]
        chips = self.line_chips[i]
        grid = self.grid[p]
        empty_before = [cell for cell in range(CELLS) if grid[cell] == EMPTY]
        before = self.scores[p]
        self.placing = True
        super()._place_tile(p, line, column)
        self.placing = False
        grid = self.grid[p]  # the placing replaced the row it changed (copy-on-write)
        own = line * GRID + column
        specials = [cell for cell in empty_before if cell != own and grid[cell] != EMPTY]
        # The tile scored before the special cell filled itself: count its runs without it.
        scored = grid[:]
        for cell in specials:
            scored[cell] = EMPTY
        across, down = _runs(scored, line, column)
        total = self.scores[p] - before
        special_points = 0
        if specials:
            cell = specials[0]
            special_points = (cell // GRID + 1 if rulings.SPECIAL_SCORES_ROW_NUMBER
                              else total - placement_points(across, down))
        tile_points = total - special_points
        self.events.append({
            "type": "wall", "player": p, "row": line, "column": column, "color": COLOURS[colour],
            "tiles": tiles, "chips": chips, "across": across, "down": down, "points": tile_points,
            "score": before + tile_points,
        })
        for cell in specials:
            self.events.append({
                "type": "special", "player": p, "row": cell // GRID, "column": cell % GRID,
                "points": special_points, "score": self.scores[p],
            })

    def _clear_line(self, i: int) -> None:
        if not self.placing and self.line_count[i]:  # D19: the line's tiles are broken
            p, line = divmod(i, LINES)
            self.events.append({
                "type": "line_to_floor", "player": p, "row": line,
                "color": COLOURS[self.line_colour[i]],
                "tiles": self.line_count[i], "points": 0, "score": self.scores[p],
            })
        super()._clear_line(i)

    def _penalties(self, p: int) -> None:
        items = len(self.broken[p])
        first_player = self.fp == p
        before = self.scores[p]
        super()._penalties(p)
        if items or first_player:
            self.events.append({
                "type": "floor", "player": p, "items": items, "first_player": first_player,
                "points": self.scores[p] - before, "score": self.scores[p],
            })

    def _finish_round(self) -> None:
        last_round = self.round == ROUNDS
        if last_round:
            points = [self.objective_points(p) for p in range(2)]
            before = list(self.scores)
        super()._finish_round()
        if not last_round:
            return
        for p in range(2):
            running = before[p]
            events: list[JsonObject] = []
            for (tablet, side), gained in zip(self.objectives, points[p], strict=True):
                running += gained
                events.append({"type": "objective", "player": p, "tablet": tablet, "side": side,
                               "points": gained, "score": running})
            if events:  # the final score has a floor (D23): the last event shows where it ended
                events[-1]["score"] = self.scores[p]
            self.events += events


@overload
def tiles_taken(core: DuelCore, action: SunTuple | MoonTuple) -> int: ...
@overload
def tiles_taken(core: DuelCore, action: ActionTuple) -> int | None: ...
def tiles_taken(core: DuelCore, action: ActionTuple) -> int | None:
    """How many tiles a sun or moon action (a tuple) picks up (D12, D13); None for other actions."""
    if action[0] == "sun":
        return core.suns[action[1]][action[2]]
    if action[0] == "moon":
        colour = action[1]
        tops = sum(1 for f in range(SMALL_FACTORIES)
                   if core.moons[f] and core.moons[f][0] == colour)
        return tops + core.large_moon[colour]
    return None


def apply_scored(state: DuelState, move: DuelMove | object, *,
                 player: int | None = None) -> tuple[DuelState, JsonObject]:
    """``state.apply(move)`` and its account (the same keys as the classic one)."""
    checked = state.check(move, player=player)
    core = _RecordingDuelCore.of(state.fast())
    taken = tiles_taken(core, checked.parts)
    core.apply_action(checked.action)
    after = DuelState(core.clone())
    account: JsonObject = {
        "taken": taken,
        "scoring": core.events,
        "before_tiling": core.before_tiling if core.events else None,
    }
    return after, account
