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
from typing import Protocol

from azul.engine import REGISTRY, ClassicMove, DuelMove, ruleset_of

from ..gc_pause import collector_paused
from ..kits import BotKit, RulesetState, kit_of
from ..search import AlphaBeta, CoreT, Evaluator, NodeT


class JudgeMaker(Protocol):
    """Makes the judge's evaluator for ``core`` from its ruleset's ``kit``."""

    def __call__(self, kit: BotKit[CoreT, NodeT], core: CoreT) -> Evaluator[CoreT, NodeT]: ...


def _strong_judge(kit: BotKit[CoreT, NodeT], core: CoreT) -> Evaluator[CoreT, NodeT]:
    return kit.judge()


def _master_judge(kit: BotKit[CoreT, NodeT], core: CoreT) -> Evaluator[CoreT, NodeT]:
    judge = kit.master(core)  # numpy and the weights: imported only when the level judges
    # Under a node budget the net is best spent on the beam's children one ply above the horizon,
    # with cut-offs, as the strong judge searches, not on every child in one batch (the bot's
    # choice under a clock): the classic analysis took a third more CPU that way.
    judge.beam_last_ply = True
    # Under a node budget, a Duel judge deepens as strong's does: the Duel master's later
    # deepening spends a clock that strong leaves unused, not the judge's positions.
    if kit.judge_paced_by is not None:
        judge.deepen, judge.share = kit.judge_paced_by.deepen, kit.judge_paced_by.share
    return judge


# The evaluator the judge searches with, per level: strong's ranks outcomes in points (classic:
# the mover's value minus the best other's; Duel: the margin it already plays by), master's by
# the value nets' expected final margins.
JUDGES: dict[str, JudgeMaker] = {"strong": _strong_judge, "master": _master_judge}

# The bot level whose search judges the moves; a stronger level swaps in here (and bumps
# BOT_VERSION, stored with every analysis so older results are known to be from another judge).
LEVEL = "master"
BOT_VERSION = f"{LEVEL}-7"  # -7: the Duel search tries killer moves first
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


def judge_move(state: RulesetState, played: ClassicMove | DuelMove | object, *,
               rng: random.Random, nodes: int = DEFAULT_NODES) -> Judgement:
    """Judge ``played`` (a Move / DuelMove or its dict) for the player to move in ``state``."""
    move_type = REGISTRY[kit_of(state, "state").ruleset].move_type
    if isinstance(nodes, bool) or not isinstance(nodes, int) or nodes <= 0:
        raise ValueError(f"nodes must be a positive number of positions, not {nodes!r}")
    if state.is_over:
        raise ValueError("the game is over: there is no move to judge")
    if not isinstance(played, move_type):
        played = move_type.from_dict(played)
    if played not in state.legal_moves():
        raise ValueError(f"{played} is not a legal move in this position")
    # The public form hides the seed (and Duel's hidden order); decoding it leaves the engine's
    # placeholders, which the judge replaces by its own guesses from rng.
    core = ruleset_of(state).state_type.from_dict(state.to_dict(public=True)).fast()
    core.determinize(rng)  # never the game's hidden state: any refill is the judge's sample
    with collector_paused():
        search = AlphaBeta(JUDGES[LEVEL](kit_of(core, "core"), core), core, max_nodes=nodes)
        best, best_margin, played_margin, forced = _judge(search, played.action)
    best_margin, played_margin = round(best_margin, 2), round(played_margin, 2)
    loss = max(0.0, round(best_margin - played_margin, 2))
    return Judgement(
        best=move_type.from_action(best), best_margin=best_margin, played_margin=played_margin,
        loss=loss, grade=grade_of(loss), forced=forced, depth=search.depth, nodes=search.nodes,
    )


def _judge(search: AlphaBeta[CoreT, NodeT], played: int) -> tuple[int, float, float, bool]:
    """(best action, its margin, the margin of ``played``, forced) from the deepest iteration
    the node budget finished; every root move is valued whatever the budget."""
    outcome = search.run(whole_root=True)
    if outcome.forced:
        value = search.exact_value(played, 0)
        return played, value, value, True
    best_value, best = outcome.scored[0]
    if played == best:
        return best, best_value, best_value, False
    # The played move's value from that iteration may be a bound: search it exactly at the same
    # depth (one root move costs less than the iteration that finished).
    played_value = search.exact_value(played, outcome.depth)
    if played_value > best_value:  # equal moves, ordered differently: the played one is best
        return played, played_value, played_value, False
    return best, best_value, played_value, False


__all__ = ["BOT_VERSION", "DEFAULT_NODES", "ENGINE_VERSION", "GRADES", "GRADE_NAMES", "LEVEL",
           "Judgement",
           "grade_of", "judge_move"]
