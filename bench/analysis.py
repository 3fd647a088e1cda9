"""Game analysis (azul.bots.analysis): the worker time to analyse a whole game, and agreement.

For a 2-player classic game and an Azul Duel game (played by the greedy bot from a fixed seed,
so every run analyses the same games), judge every move at the default node budget, as the
analysis task does, and report the process CPU time (one core: the judge is single-threaded).
Then analyse the same game again with other random sources (as another worker would, were the
rng not fixed) and report how often the two agree on the grade and on the best move.

    .venv/bin/python bench/analysis.py [--nodes N] [--seed S]
    taskset -c 0 .venv/bin/python bench/analysis.py   # pinned, as docs/benchmarks.md measures

Target (issue #16): a 2-player classic game analysed in under 60 s of worker time.
"""

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from azul import bots  # noqa: E402
from azul.bots.analysis import DEFAULT_NODES, judge_move  # noqa: E402
from azul.engine import new_game  # noqa: E402

TARGET_SECONDS = 60.0


def played(ruleset, seed):
    """(state before, move) for every move of a game the greedy bot plays."""
    rng = random.Random(seed)
    state = new_game(2, seed=seed, ruleset=ruleset)
    out = []
    while not state.is_over:
        move = bots.choose_move(state, "greedy", rng=rng)
        out.append((state, move))
        state = state.apply(move)
    return out


def analyse(decisions, nodes, salt):
    start = time.process_time()
    verdicts = [judge_move(state, move, nodes=nodes, rng=random.Random(f"{salt}:{ply}"))
                for ply, (state, move) in enumerate(decisions, 1)]
    return verdicts, time.process_time() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"nodes per move: {args.nodes}; load average {os.getloadavg()[0]:.1f}")
    print("| game | moves | CPU s | ms/move | positions | grades agree | best move agrees "
          "| mean abs loss diff | same rng, same rows |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    failed = False
    for ruleset, label in (("classic", "classic 2p"), ("duel", "Duel")):
        decisions = played(ruleset, args.seed)
        first, seconds = analyse(decisions, args.nodes, "a")
        again, _ = analyse(decisions, args.nodes, "a")
        other, _ = analyse(decisions, args.nodes, "b")
        n = len(decisions)
        grades = sum(x.grade == y.grade for x, y in zip(first, other, strict=True)) / n
        best = sum(x.best == y.best for x, y in zip(first, other, strict=True)) / n
        diff = sum(abs(x.loss - y.loss) for x, y in zip(first, other, strict=True)) / n
        positions = sum(v.nodes for v in first)
        print(f"| {label} | {n} | {seconds:.1f} | {1000 * seconds / n:.0f} | {positions} "
              f"| {grades:.0%} | {best:.0%} | {diff:.2f} | {'yes' if first == again else 'NO'} |")
        if ruleset == "classic" and seconds > TARGET_SECONDS:
            failed = True
    if failed:
        print(f"classic game over the {TARGET_SECONDS:.0f} s target")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
