"""How deep and how fast the Duel master searches, on fixed positions, without playing games.

An arena needs an hour of both cores for 80 Duel games at 1 s, and its interval is still ±10
points; a change to the search (move ordering, reuse between iterations, the clock's shares)
is first seen here, in seconds: over the positions of a few games of `strong` (every fifth
move, the same positions every run), the master's search from each, one guess of the hidden
parts each, seeded. Printed: the deepest iteration reached (a partial one counts, as in the
search), the time of the search and of the whole call (freeing the tree included), and the
positions made.

Run, pinned to one core (figures in docs/benchmarks.md, "Duel master search: the tree kept between iterations")::

    taskset -c 0 .venv/bin/python bench/duel_search_depth.py --budget 1.0
    taskset -c 0 .venv/bin/python bench/duel_search_depth.py --depth 5   # time to a fixed depth
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from azul.bots import choose_action  # noqa: E402
from azul.bots.gc_pause import collector_paused  # noqa: E402
from azul.bots.master import evaluator  # noqa: E402
from azul.bots.search import AlphaBeta  # noqa: E402
from azul.engine import DuelCore  # noqa: E402


def positions(games, every=5):
    """Positions of `games` Duel games of `strong` at 300 positions a move (seeds 0, 1, ...)."""
    found = []
    for seed in range(games):
        core, rng = DuelCore.new(seed), random.Random(seed)
        for ply in range(10_000):
            if core.is_over:
                break
            if ply % every == 2:
                found.append(core.clone())
            core.apply_action(choose_action(core, "strong", budget=10.0, rng=rng, max_nodes=300))
    return found


def search(core, seed, budget, depth):
    """(deepest iteration, search seconds, call seconds, positions made) of one master search."""
    private = core.clone()
    private.determinize(random.Random(seed))
    started = time.perf_counter()
    with collector_paused():  # as choose_action: the tree is freed inside the pause
        tree = AlphaBeta(evaluator(private), private, budget=budget, start=started,
                         max_depth=depth)
        outcome = tree.run(random.Random(seed).shuffle)
        searched = time.perf_counter() - started
        made = tree.nodes
        del tree
    return outcome.depth, searched, time.perf_counter() - started, made


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6, help="games whose positions are searched")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per search")
    parser.add_argument("--depth", type=int, default=None,
                        help="search every position to this depth (the budget lifted)")
    args = parser.parse_args(argv)
    budget = 1000.0 if args.depth else args.budget
    cores = positions(args.games)
    evaluator(cores[0])  # the weights read before anything is timed
    print(f"duel search depth: {len(cores)} positions of {args.games} games; "
          + (f"depth {args.depth}" if args.depth else f"budget {budget} s"), flush=True)
    rows = [search(core, seed, budget, args.depth) for seed, core in enumerate(cores)]
    depths, searched, calls, made = (list(column) for column in zip(*rows, strict=True))
    print(f"  depth mean {statistics.mean(depths):.2f} (min {min(depths)}, max {max(depths)})")
    print(f"  search s: mean {statistics.mean(searched):.3f}, max {max(searched):.3f}; "
          f"whole call: mean {statistics.mean(calls):.3f}, max {max(calls):.3f}")
    print(f"  positions made: mean {statistics.mean(made):,.0f}, "
          f"per second of search {sum(made) / sum(searched):,.0f}", flush=True)


if __name__ == "__main__":
    main()
