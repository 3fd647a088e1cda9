"""What a classic move scored, event by event, as the rules computed it (R15-R18, R23).

``apply_scored(state, move)`` applies the move exactly as ``ClassicState.apply`` does and also
returns its account: how many tiles it took, and every scoring event of the wall tiling it
triggered, in the order the rules run them (players from the round's first player, lines top
to bottom, then the floor; end bonuses last).  The events are recorded by a subclass of the
one rules core that hooks the methods doing the scoring, so they can never disagree with the
score: each event carries the running score after it.
"""

from ..common.colours import COLOURS
from ..common.core_copy import fields_into
from ..common.fields import JsonObject
from . import codec
from .core import ClassicCore
from .moves import ClassicMove
from .state import ClassicState
from .tables import (
    CENTER,
    COLOUR_BONUS,
    COLUMN_BONUS,
    DECODE,
    FLOOR_COST,
    FULL,
    KIND_COUNTS,
    ROW_BONUS,
    RUNS,
    SIZE,
    TILING_BASE,
)

BONUS_POINTS = {"row": ROW_BONUS, "column": COLUMN_BONUS, "color": COLOUR_BONUS}


class _RecordingCore(ClassicCore):
    """The rules core, noting each scoring step as it happens."""

    __slots__ = ("events", "before_tiling")
    events: list[JsonObject]  # the scoring events so far, in the order the rules ran them
    before_tiling: JsonObject | None  # the round and boards as the wall tiling found them

    @classmethod
    def of(cls, core: ClassicCore) -> "_RecordingCore":
        recording = fields_into(cls, core)
        recording.events = []
        recording.before_tiling = None
        return recording

    def _note_tiling_start(self) -> None:
        if self.before_tiling is None:
            self.before_tiling = {
                "round": self.round,
                "boards": codec.encode(self, public=True)["boards"],
            }

    def _apply_tiling(self, action: int) -> None:
        self._note_tiling_start()
        super()._apply_tiling(action)

    def _run_tiling(self, start: int) -> None:
        self._note_tiling_start()
        super()._run_tiling(start)

    def _place(self, p: int, row: int, col: int) -> int:
        colour = self.line_colour[p * SIZE + row]
        points = super()._place(p, row, col)
        base = p * SIZE
        self.events.append({
            "type": "wall",
            "player": p,
            "row": row,
            "column": col,
            "color": COLOURS[colour],
            "tiles": row + 1,
            "across": RUNS[self.row_mask[base + row]][col],
            "down": RUNS[self.column_mask[base + col]][row],
            "points": points,
            "score": self.scores[p] + points,  # the caller adds the points on return
        })
        return points

    def _line_to_floor(self, p: int, r: int, colour: int) -> None:
        super()._line_to_floor(p, r, colour)
        self.events.append({
            "type": "line_to_floor",
            "player": p,
            "row": r,
            "color": COLOURS[colour],
            "tiles": r + 1,
            "points": 0,
            "score": self.scores[p],
        })

    def _score_floor(self, p: int) -> None:
        items = len(self.floors[p])
        before = self.scores[p]
        super()._score_floor(p)
        self.events.append({
            "type": "floor",
            "player": p,
            "items": items,
            "penalty": -FLOOR_COST[items],
            "points": self.scores[p] - before,  # the score never goes below 0 (R18)
            "score": self.scores[p],
        })

    def _end_game(self) -> None:
        # R23, itemised: each complete row, column and colour of each player.
        running = list(self.scores)
        for p in range(self.players):
            base = p * SIZE
            cells = self.wall[p * 25:(p + 1) * 25]
            found = [("row", r) for r in range(SIZE) if self.row_mask[base + r] == FULL]
            found += [("column", c) for c in range(SIZE) if self.column_mask[base + c] == FULL]
            found += [("color", c) for c in range(SIZE) if cells.count(c) == SIZE]
            for kind, index in found:
                points = BONUS_POINTS[kind]
                running[p] += points
                self.events.append({
                    "type": "bonus",
                    "player": p,
                    "kind": kind,
                    "index": COLOURS[index] if kind == "color" else index,
                    "points": points,
                    "score": running[p],
                })
        super()._end_game()


def tiles_taken(core: ClassicCore, action: int) -> int | None:
    """How many tiles a take action picks up (R11); None for a gray-wall tiling action."""
    return None if action >= TILING_BASE else take_count(core, action)


def take_count(core: ClassicCore, action: int) -> int:
    """How many tiles the take action ``action`` (below ``TILING_BASE``) picks up (R11)."""
    source, colour, _ = DECODE[action]
    if source == CENTER:
        return core.center[colour]
    return KIND_COUNTS[core.factories[source]][colour]


def apply_scored(state: ClassicState, move: ClassicMove | object, *,
                 player: int | None = None) -> tuple[ClassicState, JsonObject]:
    """``state.apply(move)`` and its account.

    The account: ``taken`` (tiles picked up, None for a tiling move), ``scoring`` (the events,
    see docs/engine.md "Scoring events"), ``before_tiling`` (``{"round", "boards"}`` as they
    stood when this move's wall tiling began, or None when it tiled nothing).
    """
    checked = state.check(move, player=player)
    core = _RecordingCore.of(state.fast())
    taken = tiles_taken(core, checked.action)
    core.apply_action(checked.action)
    after = ClassicState(core.clone())  # a plain core: the recorder stays here
    account: JsonObject = {
        "taken": taken,
        "scoring": core.events,
        "before_tiling": core.before_tiling if core.events else None,
    }
    return after, account
