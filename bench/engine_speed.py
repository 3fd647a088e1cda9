"""Engine speed: random games per second through the public API and through the fast path.

Run: ``make bench-engine`` or, pinned to one core as in docs/benchmarks.md,
``taskset -c 0 .venv/bin/python bench/engine_speed.py``.

A random game: from ``new_game(players, seed=i)``, every move is drawn uniformly from the
legal ones by a ``random.Random`` with a fixed seed, until the game is over.  A "move"
costs one legal-move generation plus one apply.
- public: ``ClassicState.legal_moves()`` + ``ClassicState.apply(move)`` (full validation, a new
  immutable state each move), as the web server does.
- fast: ``ClassicCore.legal_actions()`` + ``apply_action(int)`` in place, as bots do.

Rates are per second of this process's CPU time (``time.process_time``), so that other
load on the machine does not distort them; the wall-clock rate is printed beside.
"""

import argparse
import platform
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from azul.engine import ClassicCore, new_game  # noqa: E402


def play_public(players: int, variant: str, games: int) -> tuple[float, float, int]:
    chooser = Random(1)
    moves = 0
    start = time.process_time(), time.perf_counter()
    for seed in range(games):
        state = new_game(players, variant=variant, seed=seed)
        while not state.is_over:
            legal = state.legal_moves()
            state = state.apply(legal[int(chooser.random() * len(legal))])
            moves += 1
    return time.process_time() - start[0], time.perf_counter() - start[1], moves


def play_fast(players: int, variant: str, games: int) -> tuple[float, float, int]:
    chooser = Random(1)
    uniform = chooser.random
    gray = variant == "gray"
    moves = 0
    start = time.process_time(), time.perf_counter()
    for seed in range(games):
        core = ClassicCore.new(players, gray, seed)
        while not core.is_over:
            legal = core.legal_actions()
            core.apply_action(legal[int(uniform() * len(legal))])
            moves += 1
    return time.process_time() - start[0], time.perf_counter() - start[1], moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per fast-path run")
    parser.add_argument("--public-games", type=int, default=500, help="games per public run")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{platform.machine()}")
    print(f"{'path':<7} {'variant':<9} {'players':>7} {'games':>6} {'games/s':>9} "
          f"{'moves/s':>9} {'moves/game':>10} {'wall games/s':>12}")
    for path, play, games in (("public", play_public, args.public_games),
                              ("fast", play_fast, args.games)):
        for variant in ("standard", "gray"):
            for players in (2, 3, 4):
                cpu, wall, moves = play(players, variant, games)
                print(f"{path:<7} {variant:<9} {players:>7} {games:>6} {games / cpu:>9.0f} "
                      f"{moves / cpu:>9.0f} {moves / games:>10.1f} {games / wall:>12.0f}",
                      flush=True)


if __name__ == "__main__":
    main()
