"""Post-game analysis of one decision: what the strongest bot's search thinks of the move played.

``judge_move(state, played, rng=..., nodes=...)`` searches the position with the search of the
strongest bot level (``LEVEL``), bounded by a fixed number of positions (``nodes``), not by the
clock, so a result depends only on the position, the move, ``rng`` and the code: the same game
analysed twice, on any machine and under any load, gives the same rows.

It returns the best move found, the expected final-score margin for the mover (its projected
final score minus the best other player's, as the search's evaluation estimates it) after the
best move and after the move played, and the points the move played lost.  Grades, by points
lost (``GRADES``): good < 1.5 <= inaccuracy < 4 <= mistake < 8 <= blunder.

Only what the mover could know is used: the state is taken in its public form and what is
hidden (the bag's order and seed in classic; in Duel also the plate stack's order and the
face-down chips) is replaced by a guess drawn from ``rng`` before searching, as the bots do.
Pure library: no Django, no I/O, its own random source.
"""

import random
from dataclasses import dataclass

from games.engine import ClassicMove, ClassicState, DuelMove, DuelState, state_from_dict

from ..gc_pause import collector_paused
from .classic import ClassicJudge
from .duel import DuelJudge
from .master_judge import MasterDuelJudge, MasterJudge

# The judge of each ruleset for ``LEVEL``: the level's search and its evaluation.
CLASSIC_JUDGES = {"strong": ClassicJudge, "master": MasterJudge}
DUEL_JUDGES = {"strong": DuelJudge, "master": MasterDuelJudge}

# The bot level whose search judges the moves; a stronger level swaps in here (and bumps
# BOT_VERSION, stored with every analysis so older results are known to be from another judge).
LEVEL = "master"
BOT_VERSION = f"{LEVEL}-1"
# The rules and codecs the judged states come from (classic and Duel state formats); bump on a
# rules change that alters what a position is worth.
ENGINE_VERSION = "classic-1+duel-1"
# Positions searched per decision: about 0.5 s of one core for classic, less for Duel.
DEFAULT_NODES = 20_000
# (grade, smallest loss in points that earns it), worst first.
GRADES = (("blunder", 8.0), ("mistake", 4.0), ("inaccuracy", 1.5), ("good", 0.0))
GRADE_NAMES = tuple(name for name, _ in reversed(GRADES))


@dataclass(frozen=True)
class Judgement:
    """The verdict on one decision (margins are for the mover, in points)."""

    best: ClassicMove | DuelMove
    best_margin: float
    played_margin: float
    loss: float
    grade: str
    forced: bool  # the only legal move: nothing to judge
    depth: int  # plies searched
    nodes: int  # positions searched


def grade_of(loss: float) -> str:
    for name, threshold in GRADES:
        if loss >= threshold:
            return name
    return "good"


def judge_move(state: ClassicState | DuelState, played, *, rng: random.Random,
               nodes: int = DEFAULT_NODES) -> Judgement:
    """Judge ``played`` (a Move / DuelMove or its dict) for the player to move in ``state``."""
    if not isinstance(state, ClassicState | DuelState):
        raise TypeError(f"state must be a ClassicState or DuelState, not {type(state).__name__}")
    if isinstance(nodes, bool) or not isinstance(nodes, int) or nodes <= 0:
        raise ValueError(f"nodes must be a positive number of positions, not {nodes!r}")
    if state.is_over:
        raise ValueError("the game is over: there is no move to judge")
    duel = isinstance(state, DuelState)
    move_type = DuelMove if duel else ClassicMove
    if not isinstance(played, move_type):
        played = move_type.from_dict(played)
    if played not in state.legal_moves():
        raise ValueError(f"{played} is not a legal move in this position")
    # The public form hides the seed (and Duel's hidden order); decoding it leaves the engine's
    # placeholders, which the judge replaces by its own guesses from rng.
    public = state_from_dict(state.to_dict(public=True))
    core = public.fast()
    with collector_paused():
        if duel:
            judge = DUEL_JUDGES[LEVEL](core, rng, nodes)
        else:
            judge = CLASSIC_JUDGES[LEVEL](core, rng, nodes)
        best, best_margin, played_margin = judge.judge(played.action)
    best_margin, played_margin = round(best_margin, 2), round(played_margin, 2)
    loss = max(0.0, round(best_margin - played_margin, 2))
    return Judgement(
        best=move_type.from_action(best) if not duel else DuelMove(best),
        best_margin=best_margin, played_margin=played_margin,
        loss=loss, grade=grade_of(loss), forced=judge.forced,
        depth=judge.depth, nodes=judge.nodes,
    )


__all__ = ["BOT_VERSION", "DEFAULT_NODES", "ENGINE_VERSION", "GRADES", "GRADE_NAMES", "LEVEL", "Judgement",
           "grade_of", "judge_move"]
