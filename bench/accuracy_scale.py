"""The accuracy scale (azul.bots.analysis.accuracy) against the bot levels: mean game accuracy of
each level, per ruleset, over games against the greedy bot (seats alternating, only the tested
level's moves judged), with the grade counts per game. tests/analysis/test_accuracy.py checks the
order on 20 Duel games; this prints the table of docs/analysis.md ("Accuracy") over more.

    .venv/bin/python bench/accuracy_scale.py [--games 10] [--bot-nodes 200] [--judge-nodes 300]
"""

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from azul import bots  # noqa: E402
from azul.bots.analysis import judge_move  # noqa: E402
from azul.bots.analysis.accuracy import JudgedMove, player_accuracies  # noqa: E402
from azul.engine import new_game  # noqa: E402

LEVELS = ("master", "strong", "greedy", "random")


def one_game(level, ruleset, seed, bot_nodes, judge_nodes):
    """The tested level's PlayerAccuracy in one game against greedy."""
    rng = random.Random(seed)
    state = new_game(2, seed=seed, ruleset=ruleset)
    seat, judged = seed % 2, []
    while not state.is_over:
        mine = state.current_player == seat
        move = bots.choose_move(state, level if mine else "greedy", rng=rng, budget=60,
                                max_nodes=bot_nodes)
        if mine:
            verdict = judge_move(state, move, nodes=judge_nodes,
                                 rng=random.Random(f"{seed}:{len(judged)}"))
            judged.append(JudgedMove(0, verdict.loss, verdict.grade, verdict.forced))
        state = state.apply(move)
    return player_accuracies(judged, 1)[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per level and ruleset")
    parser.add_argument("--bot-nodes", type=int, default=200)
    parser.add_argument("--judge-nodes", type=int, default=300)
    args = parser.parse_args()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True, cwd=Path(__file__).resolve().parents[1]).stdout.strip()
    print(f"commit {commit}; {args.games} games per level against greedy; bot {args.bot_nodes} "
          f"and judge {args.judge_nodes} positions per move; load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print("| ruleset | level | mean accuracy | lowest game | highest game | avg points lost "
          "| inaccuracies / mistakes / blunders per game | CPU s |")
    print("| --- | --- | ---: | ---: | ---: | ---: | --- | ---: |")
    for ruleset in ("classic", "duel"):
        for level in LEVELS:
            start = time.process_time()
            games = [one_game(level, ruleset, seed, args.bot_nodes, args.judge_nodes)
                     for seed in range(args.games)]
            accuracies = [g.accuracy for g in games if g.accuracy is not None]
            per_game = [statistics.mean(getattr(g, name) for g in games)
                        for name in ("inaccuracies", "mistakes", "blunders")]
            print(f"| {ruleset} | {level} | {statistics.mean(accuracies):.1f} "
                  f"| {min(accuracies):.1f} | {max(accuracies):.1f} "
                  f"| {statistics.mean(g.average_loss for g in games):.2f} "
                  f"| {' / '.join(f'{x:.1f}' for x in per_game)} "
                  f"| {time.process_time() - start:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
