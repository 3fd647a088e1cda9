"""What the scoring shown at the table costs the server, per game payload (docs/benchmarks.md).

For every position of 40 random classic games (2-4 players): ``state.apply`` against
``engine.apply_scored`` (the same move with its scoring events), ``engine.move_previews``
(what each legal move would do, sent with every payload) and the JSON size it adds.
Best of 3 passes, per position. Run: ``.venv/bin/python bench/engine_scoring.py``.
"""

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from azul.engine import apply_scored, move_previews, new_game  # noqa: E402


def positions(games=40):
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(2 + seed % 3, seed=seed)
        while not state.is_over:
            found.append(state)
            state = state.apply(rng.choice(state.legal_moves()))
    return found


def per_position_us(work, count):
    best = min(_timed(work) for _ in range(3))
    return best / count * 1e6


def _timed(work):
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main():
    states = positions()
    moves = [random.Random(k).choice(s.legal_moves()) for k, s in enumerate(states)]
    pairs = list(zip(states, moves, strict=True))
    print(f"positions: {len(states)}")
    print(f"apply:         {per_position_us(lambda: [s.apply(m) for s, m in pairs], len(states)):.1f} µs")
    print(f"apply_scored:  {per_position_us(lambda: [apply_scored(s, m) for s, m in pairs], len(states)):.1f} µs")
    print(f"move_previews: {per_position_us(lambda: [move_previews(s) for s in states], len(states)):.1f} µs")
    sizes = sorted(len(json.dumps(move_previews(s))) for s in states)
    p95 = sizes[len(sizes) * 95 // 100]
    print(f"previews JSON: mean {sum(sizes) / len(sizes):.0f} B, p95 {p95} B, max {sizes[-1]} B")


if __name__ == "__main__":
    main()
