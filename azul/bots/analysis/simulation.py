"""A bot level's games judged as the site judges a player's: the level plays the greedy bot (or
another level) from a seed, and each of its own moves is graded by the judge. The accuracy
scale is validated on these (tests/analysis/test_accuracy.py, bench/accuracy_scale.py), and the
fair-play calibration's simulated players (``SIMULATED_PLAYERS``) are judged the same way
(bench/fair_play_calibration.py, docs/fair-play.md)."""

import random
from dataclasses import dataclass
from typing import Any

from azul.engine import new_game

from .. import choose_move
from . import judge_move
from .accuracy import JudgedMove, PlayerAccuracy, player_accuracies


def judged_game(level: str, ruleset: str, seed: int, *, opponent: str = "greedy",
                bot_nodes: int = 200, judge_nodes: int = 300) -> PlayerAccuracy:
    """The level's accuracy in one two-player game against `opponent` (the level's seat is
    seed % 2), every move of its own judged with `judge_nodes` positions."""
    moves = judged_moves(SimulatedPlayer(level), ruleset, seed, opponent=opponent,
                         bot_nodes=bot_nodes, judge_nodes=judge_nodes)
    return player_accuracies([JudgedMove(0, m.loss, m.grade, m.forced) for m in moves], 1)[0]


@dataclass(frozen=True)
class SimulatedPlayer:
    """How a simulated account picks its moves: its own `level` (at `nodes` positions a move,
    the bench's bot budget when None), a random legal move instead in a share `noise` of its
    moves (an honest player's lapses), or the master's move at the judge's budget in a share
    `cheat` of them (a player consulting an engine)."""

    level: str
    nodes: int | None = None
    noise: float = 0.0
    cheat: float = 0.0


# The calibration's players (docs/fair-play.md): three honest kinds and cheaters copying the
# master's move in 100, 70 and 40 % of their moves, playing as "strong-short" otherwise.
SIMULATED_PLAYERS: dict[str, SimulatedPlayer] = {
    "greedy": SimulatedPlayer("greedy"),
    "strong-short": SimulatedPlayer("strong", nodes=100),
    "strong-noisy": SimulatedPlayer("strong", noise=0.2),
    "cheat-100": SimulatedPlayer("strong", nodes=100, cheat=1.0),
    "cheat-70": SimulatedPlayer("strong", nodes=100, cheat=0.7),
    "cheat-40": SimulatedPlayer("strong", nodes=100, cheat=0.4),
}
HONEST = ("greedy", "strong-short", "strong-noisy")
CHEATERS = ("cheat-100", "cheat-70", "cheat-40")


@dataclass(frozen=True)
class SimulatedMove:
    """One judged move of a simulated player: what the fair-play profile reads of a stored
    MoveAnalysis row (agreed: the move played was the judge's best)."""

    loss: float
    grade: str
    forced: bool
    agreed: bool


def judged_moves(player: SimulatedPlayer, ruleset: str, seed: int, *, opponent: str = "greedy",
                 bot_nodes: int = 200, judge_nodes: int = 300) -> list[SimulatedMove]:
    """Every move of `player` in one two-player game against `opponent` (the player's seat is
    seed % 2), judged with `judge_nodes` positions, as the site's analysis judges a game."""
    rng = random.Random(seed)
    # Either ruleset's state: the bots and the judge take each through the same type variable.
    state: Any = new_game(2, seed=seed, ruleset=ruleset)
    seat, judged = seed % 2, list[SimulatedMove]()
    while not state.is_over:
        if state.current_player == seat:
            move = _player_move(player, state, rng, bot_nodes, judge_nodes)
            verdict = judge_move(state, move, nodes=judge_nodes,
                                 rng=random.Random(f"{seed}:{len(judged)}"))
            judged.append(SimulatedMove(verdict.loss, verdict.grade, verdict.forced,
                                        verdict.best == move))
        else:
            move = choose_move(state, opponent, rng=rng, budget=60, max_nodes=bot_nodes)
        state = state.apply(move)
    return judged


def _player_move(player: SimulatedPlayer, state: Any, rng: random.Random, bot_nodes: int,
                 judge_nodes: int) -> Any:
    roll = rng.random()
    if roll < player.cheat:
        return choose_move(state, "master", rng=rng, budget=60, max_nodes=judge_nodes)
    if roll < player.cheat + player.noise:
        return choose_move(state, "random", rng=rng)
    return choose_move(state, player.level, rng=rng, budget=60,
                       max_nodes=player.nodes or bot_nodes)
