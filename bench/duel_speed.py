"""Azul Duel engine speed: random games per second, public API and fast path.

Run: ``taskset -c 0 .venv/bin/python bench/duel_speed.py`` (figures in docs/benchmarks.md).

A random game: from seed i, every decision drawn uniformly from the legal ones by a
``random.Random`` with a fixed seed, until the game is over.  A "move" costs one legal-move
generation plus one apply.  Rates are per CPU second (``process_time``), so that other
processes on the machine do not distort them; the wall rate is printed beside.
- public: ``DuelState.legal_moves()`` + ``DuelState.apply(move)`` (full validation).
- fast: ``DuelCore.legal_actions()`` + ``apply_action(int)`` in place, as bots do.
"""

import argparse
import platform
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from azul.engine import new_game  # noqa: E402
from azul.engine.duel import DuelCore  # noqa: E402


def play_public(games: int) -> int:
    chooser = Random(1)
    moves = 0
    for seed in range(games):
        state = new_game(2, ruleset="duel", seed=seed)
        while not state.is_over:
            legal = state.legal_moves()
            state = state.apply(legal[int(chooser.random() * len(legal))])
            moves += 1
    return moves


def play_fast(games: int) -> int:
    uniform = Random(1).random
    moves = 0
    for seed in range(games):
        core = DuelCore.new(seed)
        while not core.is_over:
            legal = core.legal_actions()
            core.apply_action(legal[int(uniform() * len(legal))])
            moves += 1
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per fast-path run")
    parser.add_argument("--public-games", type=int, default=200, help="games per public run")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{platform.machine()}")
    for name, play, games in (("public", play_public, args.public_games),
                              ("fast", play_fast, args.games)):
        cpu, wall = time.process_time(), time.perf_counter()
        moves = play(games)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(f"duel {name:6}: {games / cpu:8.1f} games/s, {moves / cpu:9.0f} moves/s per CPU "
              f"second ({games / wall:.1f} games/s wall), {moves / games:.0f} moves/game")


if __name__ == "__main__":
    main()
