"""Duel bot arena: how strong each Azul Duel bot level is, by playing them against each other.

Run: ``make bench-bots`` (includes a quick Duel round) or, as recorded in
docs/benchmarks.md, pinned to one core::

    taskset -c 1 .venv/bin/python bench/duel_arena.py --games 40 --budget 1.0

For every pair of levels (A, B), each deal (a seed) is played twice with the seats
swapped, on the fast engine path.  A game counts as a win for A when A ranks first (D23,
ties broken by the first-player tile; a shared first place counts half).  Printed per
pairing: A's win rate with a 95% Wilson interval, each level's mean score, and mean / max
thinking time per move (the ``strong`` level must stay within budget + 10%), with the
maximum CPU time of a move beside it: on a shared machine a wall-clock maximum well above
the CPU one means the process was kept waiting, not that the bot overran.

``--nodes N`` caps the ``strong`` search at N positions per move (with the budget as a
backstop): the games then no longer depend on the machine's speed or load, which is how
candidate changes are compared while other work shares the machine.
"""

import argparse
import itertools
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from azul.bots import LEVELS, choose_action  # noqa: E402
from azul.engine.duel import DuelCore, DuelState  # noqa: E402
from bench.arena_stats import chosen_levels, wilson  # noqa: E402


def play_game(levels: tuple[str, str], *, seed: int, budget: float, think: dict,
              nodes: int | None = None, choose=choose_action) -> list[int]:
    """Play one game, ``levels[p]`` in seat p, each move by ``choose`` (``choose_action``'s
    signature: bench/duel_variants.py passes its own); return the winners' seats."""
    core = DuelCore.new(seed)
    rngs = [random.Random(f"duel-arena:{seed}:{p}") for p in range(2)]
    while not core.is_over:
        p = core.current
        start, cpu = time.perf_counter(), time.thread_time()
        action = choose(core, levels[p], budget=budget, rng=rngs[p], max_nodes=nodes)
        think[levels[p]].append(time.perf_counter() - start)
        think[levels[p] + ":cpu"].append(time.thread_time() - cpu)
        core.apply_action(action)
    result = DuelState(core).result()
    for p in range(2):
        think[levels[p] + ":scores"].append(result["scores"][p])
    return result["winners"]


def run_pairing(a: str, b: str, games: int, *, seed: int, budget: float, progress: bool,
                nodes: int | None = None, choose=choose_action):
    think = {key: [] for level in (a, b) for key in (level, level + ":scores", level + ":cpu")}
    wins_a = 0.0
    started = time.perf_counter()
    for played in range(games):
        deal = seed * 100_000 + played // 2
        seating = (a, b) if played % 2 == 0 else (b, a)
        top = play_game(seating, seed=deal, budget=budget, think=think, nodes=nodes,
                        choose=choose)
        wins_a += sum(1 for p in top if seating[p] == a) / len(top)
        if progress and (played + 1) % 10 == 0:
            print(f"  .. {a} v {b}: {played + 1}/{games}, {a} wins {wins_a / (played + 1):.1%}, "
                  f"{time.perf_counter() - started:.0f}s", flush=True)
    return wins_a, think


def describe(think: dict, level: str) -> str:
    times, scores, cpu = think[level], think[level + ":scores"], think[level + ":cpu"]
    mean = sum(times) / len(times) if times else 0.0
    peak = max(times) if times else 0.0
    p99 = sorted(times)[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0
    cpu_peak = max(cpu) if cpu else 0.0
    return (f"mean score {sum(scores) / len(scores):5.1f}, think mean {mean * 1000:6.1f} ms "
            f"p99 {p99 * 1000:6.1f} ms max {peak * 1000:6.1f} ms (CPU max {cpu_peak * 1000:6.1f} ms)")


def report(a, b, wins, think, games):
    """Print a pairing's result: a's win share with its Wilson interval, the margin, the clocks."""
    low, high = wilson(wins, games)
    margin = (sum(think[a + ":scores"]) - sum(think[b + ":scores"])) / games
    print(f"duel {a} v {b}: {a} wins {wins / games:.1%} (95% CI {low:.1%}-{high:.1%}) "
          f"of {games} games, margin {margin:+.1f} points a game")
    print(f"    {a:7}: {describe(think, a)}")
    print(f"    {b:7}: {describe(think, b)}", flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated levels")
    parser.add_argument("--games", type=int, default=40, help="games per pairing (even)")
    parser.add_argument("--budget", type=float, default=1.0, help="thinking budget per move (s)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals")
    parser.add_argument("--quick", action="store_true",
                        help="a short smoke run: 4 games per pairing, budget 0.1 s")
    parser.add_argument("--nodes", type=int, default=None,
                        help="cap the strong and master searches at this many positions per move")
    parser.add_argument("--progress", action="store_true", help="print a line every 10 games")
    args = parser.parse_args(argv)
    levels = chosen_levels(parser, args.levels, LEVELS)
    games, budget = (4, 0.1) if args.quick else (args.games, args.budget)
    nodes = f"; nodes {args.nodes}" if args.nodes else ""
    print(f"duel arena: levels {', '.join(levels)}; {games} games per pairing; budget {budget} s; "
          f"seed {args.seed}{nodes}")
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, "
          f"{time.strftime('%Y-%m-%d %H:%M %Z')}", flush=True)
    if "master" in levels:  # read the weights before any move is timed, as a worker does
        from azul.bots.master import load_all

        load_all()
    for a, b in itertools.combinations(levels, 2):
        a, b = sorted((a, b), key=lambda level: -LEVELS.index(level))  # stronger first
        wins, think = run_pairing(a, b, games, seed=args.seed, budget=budget,
                                  progress=args.progress, nodes=args.nodes)
        report(a, b, wins, think, games)


if __name__ == "__main__":
    main()
