"""A bot level's games judged as the site judges a player's: the level plays the greedy bot (or
another level) from a seed, and each of its own moves is graded by the judge. The accuracy
scale is validated on these (tests/analysis/test_accuracy.py, bench/accuracy_scale.py), and a
simulated player's profile is built the same way."""

import random
from typing import Any

from azul.engine import new_game

from .. import choose_move
from . import judge_move
from .accuracy import JudgedMove, PlayerAccuracy, player_accuracies


def judged_game(level: str, ruleset: str, seed: int, *, opponent: str = "greedy",
                bot_nodes: int = 200, judge_nodes: int = 300) -> PlayerAccuracy:
    """The level's accuracy in one two-player game against `opponent` (the level's seat is
    seed % 2), every move of its own judged with `judge_nodes` positions."""
    rng = random.Random(seed)
    # Either ruleset's state: the bots and the judge take each through the same type variable.
    state: Any = new_game(2, seed=seed, ruleset=ruleset)
    seat, judged = seed % 2, list[JudgedMove]()
    while not state.is_over:
        mine = state.current_player == seat
        move = choose_move(state, level if mine else opponent, rng=rng, budget=60,
                                max_nodes=bot_nodes)
        if mine:
            verdict = judge_move(state, move, nodes=judge_nodes,
                                 rng=random.Random(f"{seed}:{len(judged)}"))
            judged.append(JudgedMove(0, verdict.loss, verdict.grade, verdict.forced))
        state = state.apply(move)
    return player_accuracies(judged, 1)[0]
