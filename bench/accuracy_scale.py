"""The accuracy scale (azul.bots.analysis.accuracy) against the bot levels: mean game accuracy of
each level, per ruleset, over games against the greedy bot (seats alternating, only the tested
level's moves judged), with the grade counts per game. tests/analysis/test_accuracy.py checks the
order on 20 Duel games; this prints the table of docs/analysis.md ("Accuracy") over more.

    .venv/bin/python bench/accuracy_scale.py [--games 10] [--bot-nodes 200] [--judge-nodes 300]
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from azul.bots.analysis.simulation import judged_game  # noqa: E402

LEVELS = ("master", "strong", "greedy", "random")


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
            games = [judged_game(level, ruleset, seed, bot_nodes=args.bot_nodes,
                                 judge_nodes=args.judge_nodes)
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
