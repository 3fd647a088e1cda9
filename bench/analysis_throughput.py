"""Rated games analysed per worker-hour: the CPU an automatic analysis takes, per kind of game.

A rated game's analysis (games.analysis.services.analyse_rated_game) searches each move with the
game's share of ANALYSIS_GAME_NODES, at most ANALYSIS_NODES (the judge's DEFAULT_NODES) and at
least ANALYSIS_MIN_NODES; the per-move figure below is computed the same way
(`automatic_node_budget`, the settings' defaults unless given). For each kind of rated game, games
played by the strong bot (a short node budget, so they take minutes, not hours, to make) are
analysed move by move as the task does, and the process CPU time is reported: a worker_analysis
process (concurrency 1) is one core, so games per worker-hour = 3,600 / CPU seconds per game.
docs/operations.md turns it into workers for N rated games a day.

    .venv/bin/python bench/analysis_throughput.py [--games 2] [--game-nodes 1500000]
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
from azul.bots.analysis import DEFAULT_NODES, judge_move  # noqa: E402
from azul.engine import new_game  # noqa: E402

KINDS = (("classic", 2, "classic, 2 players"), ("classic", 3, "classic, 3 players"),
         ("classic", 4, "classic, 4 players"), ("duel", 2, "Azul Duel"))


def automatic_node_budget(moves, per_move, game_nodes, floor):
    """As games.analysis.services.automatic_node_budget does with these settings."""
    return max(min(per_move, floor), min(per_move, game_nodes // max(1, moves)))


def played(ruleset, players, seed, bot_nodes):
    rng = random.Random(seed)
    state = new_game(players, seed=seed, ruleset=ruleset)
    out = []
    while not state.is_over:
        move = bots.choose_move(state, "strong", rng=rng, budget=60, max_nodes=bot_nodes)
        out.append((state, move))
        state = state.apply(move)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per kind")
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES, help="ANALYSIS_NODES")
    parser.add_argument("--game-nodes", type=int, default=1_500_000, help="ANALYSIS_GAME_NODES")
    parser.add_argument("--min-nodes", type=int, default=2_000, help="ANALYSIS_MIN_NODES")
    parser.add_argument("--bot-nodes", type=int, default=2_000, help="the players' budget")
    args = parser.parse_args()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True, cwd=Path(__file__).resolve().parents[1]).stdout.strip()
    print(f"commit {commit}; {args.games} games per kind; at most {args.nodes} positions a move, "
          f"{args.game_nodes} a game; load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print("| game | moves | positions/move | CPU s/game | wall s/game | games per worker-hour |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for ruleset, players, label in KINDS:
        cpu, wall, moves, budgets = [], [], [], []
        for seed in range(args.games):
            decisions = played(ruleset, players, 100 + seed, args.bot_nodes)
            nodes = automatic_node_budget(len(decisions), args.nodes, args.game_nodes,
                                          args.min_nodes)
            start, started = time.process_time(), time.perf_counter()
            for ply, (state, move) in enumerate(decisions, 1):
                judge_move(state, move, nodes=nodes, rng=random.Random(f"analysis:{seed}:{ply}"))
            cpu.append(time.process_time() - start)
            wall.append(time.perf_counter() - started)
            moves.append(len(decisions))
            budgets.append(nodes)
        per_game = statistics.mean(cpu)
        print(f"| {label} | {statistics.mean(moves):.0f} | {statistics.mean(budgets):.0f} "
              f"| {per_game:.1f} | {statistics.mean(wall):.1f} | {3600 / per_game:.0f} |",
              flush=True)
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
