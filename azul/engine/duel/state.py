"""The public, immutable state of an Azul Duel game (same API as the classic ``ClassicState``).

``DuelState`` validates everything that comes in and delegates the rules to one
``DuelCore``, which it never mutates: ``apply`` works on a clone.  What every
ruleset's state shares is in ``common/state_base.py``.
"""

from ..common.colours import COLOURS
from ..common.fields import JsonObject
from ..common.state_base import StateBase, seed_or_fresh
from ..errors import IllegalMove, InvalidState
from . import codec, rulings
from .actions import ACTIONS, ActionTuple
from .core import DuelCore
from .moves import DuelMove
from .tables import (
    BROKEN,
    BUYING,
    CHIP_NAME,
    DRAFTING,
    LARGE,
    LINES,
    OPENING,
    OVER,
    PHASES,
    PLATE_ROUNDS,
    RETURNING,
    TILING,
)


def refusal(core: DuelCore, action: int) -> str | None:
    """Why the rules refuse ``action`` (a codebook id) now, or None if it is legal."""
    if action in core.legal_actions():
        return None
    return illegal_reason(core, ACTIONS[action]) or "that move is not legal now"


class DuelState(StateBase[DuelCore, DuelMove]):
    """A position of an Azul Duel game.  Never changes; ``apply`` returns a new one."""

    __slots__ = ()
    ruleset = "duel"
    _encode = staticmethod(codec.encode)
    _decode = staticmethod(codec.decode)
    _move_type = DuelMove
    _phases = PHASES
    _over = OVER
    _illegal_reason = staticmethod(refusal)

    # ------------------------------------------------------------- creation
    @classmethod
    def new(cls, players: int = 2, *, seed: int | None = None) -> "DuelState":
        if isinstance(players, bool) or players != 2:
            raise InvalidState(f"players: Azul Duel is for 2 players, not {players!r}")
        return cls(DuelCore.new(seed_or_fresh(seed)))

    # ---------------------------------------------------------------- reading
    players = 2
    variant = "duel"

    @property
    def pending(self) -> JsonObject | None:
        return codec.pending(self._core)

    # ------------------------------------------------------------------ moves
    def legal_moves(self) -> list[DuelMove]:
        return [DuelMove(a) for a in self._core.legal_actions()]

    # ----------------------------------------------------------------- result
    def result(self) -> JsonObject:
        """D23: final scores, ranks (1 = best, ties share), winners, objective points."""
        core = self._core
        if core.phase != OVER:
            raise IllegalMove("the game is not over yet")
        scores = core.scores
        holder = core.fp
        keys = [(scores[p], 1 if rulings.TIE_WON_BY_FIRST_PLAYER_TILE and holder == p else 0)
                for p in range(2)]
        ranks = [1 + sum(1 for other in keys if other > keys[p]) for p in range(2)]
        return {
            "scores": list(scores),
            "ranks": ranks,
            "winners": [p for p in range(2) if ranks[p] == 1],
            "first_player_tile": None if holder < 0 else holder,
            "objectives": [
                [{"tablet": t, "side": s, "points": pts}
                 for (t, s), pts in zip(core.objectives, core.objective_points(p), strict=True)]
                for p in range(2)
            ],
        }

    # ---------------------------------------------------------------- python
    def __repr__(self) -> str:
        core = self._core
        return (f"<DuelState round {core.round} {self.phase} player {core.current} "
                f"move {core.move_count}>")


def illegal_reason(core: DuelCore, action: ActionTuple) -> str | None:
    """Why ``action`` (an action tuple) is not legal now, in one sentence (None if no specific
    reason found)."""
    # Each test reads the kind as action[0], so that it narrows the tuple's type (a copy of
    # the kind in a variable would not) and the items read after it are typed by kind.
    phase = core.phase
    p = core.current
    if phase == OVER:
        return "the game is over"
    if phase == OPENING and action[0] != "opening_plate":
        return f"player {p} must first choose an opening plate (D10)"
    if phase != OPENING and action[0] == "opening_plate":
        return "the opening is over"
    if phase == BUYING and action[0] not in ("buy_plate", "keep_plate"):
        return f"player {p} must keep one of the revealed plates or buy another (D11)"
    if action[0] == "keep_plate" and phase != BUYING:
        return "no plates have been bought: buy one first"
    if phase == RETURNING:
        if action[0] != "return_plate":
            return (f"player {p} must choose which revealed plate goes under the stack next "
                    "(D11)")
        return (f"only {len(core.revealed)} plates wait to go under the stack, there is no "
                f"plate {action[1]}")
    if action[0] == "return_plate":
        return "no revealed plates wait to go under the stack"
    if phase == TILING:
        # Tiling waits only on a decision: "chips" (pay_chips or skip_chips) or "cell"
        # (place_tile), so the kinds that pass the first three tests all name a line.
        decision = core.tiling_decision()
        line = core.tiling_line
        if decision == "chips" and action[0] not in ("pay_chips", "skip_chips"):
            return f"player {p} must decide whether to complete line {line} with chips (D18)"
        if (decision == "chips" and action[0] == "skip_chips"
                and core.line_chips[p * LINES + line]):
            return f"line {line} is partly paid with chips and must be completed (D18)"
        if decision == "cell" and action[0] != "place_tile":
            return f"player {p} must choose the cell for line {line} (D17)"
        if (action[0] == "pay_chips" or action[0] == "skip_chips"
                or action[0] == "place_tile") and action[1] != line:
            return f"line {line} is the one being tiled, not line {action[1]}"
    elif action[0] in ("pay_chips", "skip_chips", "place_tile"):
        return "the dome tiling has not started: this is the drafting phase"
    if phase == DRAFTING:
        if action[0] == "pass":
            return f"player {p} has a legal action, so may not pass (D16)"
        if not core.drafting_actions(p):
            return f"player {p} has no legal action and must pass (D16)"
    display = len(core.display)
    if action[0] in ("opening_plate", "take_plate", "keep_plate", "buy_plate"):
        if action[0] != "opening_plate" and not core.owes_plate(p) and phase == DRAFTING:
            if core.round > PLATE_ROUNDS:
                return "no plates are taken in round 5 (D11)"
            return f"player {p} has already taken 2 plates this round (D11)"
        if action[0] in ("opening_plate", "take_plate") and action[1] >= display:
            return f"the display holds {display} plates, there is no plate {action[1]}"
        if (action[0] in ("opening_plate", "take_plate", "keep_plate")
                and core.slots[p][action[2]]):
            return f"dome slot {action[2]} already holds a plate (D11)"
        if action[0] == "buy_plate":
            if not core.plate_stack:
                return "the plate stack is empty"
            return f"player {p} has {core.scores[p]} points and cannot buy a plate (D11)"
        if action[0] == "keep_plate" and action[1] >= len(core.revealed):
            return (f"only {len(core.revealed)} plates are revealed, there is no plate "
                    f"{action[1]}")
        return None
    if action[0] in ("sun", "moon"):
        if action[0] == "sun":
            f, colour, line, order = action[1:]
            sun = core.suns[f]
            if not any(sun):
                return f"the sun of factory {f} is empty"
            if not sun[colour]:
                return f"the sun of factory {f} holds no {COLOURS[colour]}"
            if f != LARGE:
                rest = sorted(c for c in range(5) if c != colour for _ in range(sun[c]))
                if sorted(order) != rest:
                    names = [COLOURS[c] for c in rest]
                    return ("moon_order must stack exactly the other tiles of the sun: "
                            f"{names} (D12)")
        else:
            colour, line = action[1:]
            if not any(m and m[0] == colour for m in core.moons) and not core.large_moon[colour]:
                return f"no moon shows {COLOURS[colour]} on top (D13)"
        if line != BROKEN:
            i = p * LINES + line
            if core.line_count[i] == line + 1:
                return f"pattern line {line} is full"
            if core.line_count[i] and core.line_colour[i] != colour:
                return f"pattern line {line} already holds {COLOURS[core.line_colour[i]]} (D15)"
        return None
    if action[0] == "chip":
        return f"factory {action[1]} has no revealed chip (D14)"
    if action[0] == "pay_chips":
        group = action[2]
        bonus = list(core.bonus[p])
        for mask in group:
            if mask not in bonus:
                return f"player {p} holds no {CHIP_NAME[mask]} chip to spend"
            bonus.remove(mask)
        colour = core.line_colour[p * LINES + action[1]]
        if len(group) == 2 and not all((m >> colour) & 1 for m in group):
            return f"two chips pay for a tile only if both show {COLOURS[colour]} (D18)"
        return (f"after these chips the rest of line {action[1]} could not be paid, "
                "and a line paid with chips must be completed (D18)")
    if action[0] == "place_tile":
        colour = core.line_colour[p * LINES + action[1]]
        return (f"cell ({action[1]}, {action[2]}) of the dome cannot take "
                f"{COLOURS[colour]} now (D17)")
    return None


__all__ = ["DuelState", "illegal_reason", "DRAFTING", "TILING"]
