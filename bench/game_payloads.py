"""What `legal_moves` adds to a game payload, per ruleset: time to build and JSON size.

Run: ``.venv/bin/python bench/game_payloads.py [--games 20]``.

Positions come from random games (every 3rd position). For each, the part of
``games.payloads.game_payload`` that touches the engine is timed the way the payload builder does
it: decode the stored full state, encode its public form, and (the addition) list the legal moves
of the player to move as JSON. Sizes are the compact JSON of the public state and of the list.
"""

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "azulsite.settings")

from games import game_rules  # noqa: E402

REPEAT = 5


def positions(ruleset, players, games):
    rng = random.Random(f"{ruleset}:{players}")
    found = []
    for seed in range(games):
        state = game_rules.new_state(ruleset, players, "standard", seed)
        while not state.is_over:
            if state.move_count % 3 == 0:
                found.append(state.to_dict())
            state = state.apply(rng.choice(state.legal_moves()))
    return found


def per_position_ms(work, stored):
    times = []
    for data in stored:
        start = time.perf_counter()
        for _ in range(REPEAT):
            work(data)
        times.append((time.perf_counter() - start) / REPEAT * 1000)
    return statistics.mean(times), sorted(times)[int(len(times) * 0.95)]


def state_only(data):
    return game_rules.load_state(data).to_dict(public=True)


def with_legal_moves(data):
    state = game_rules.load_state(data)
    return state.to_dict(public=True), game_rules.legal_moves(state)


def compact(value):
    return len(json.dumps(value, separators=(",", ":")))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    print(f"{platform.machine()}, Python {platform.python_version()}, {os.cpu_count()} cores")
    print("| game | positions | state only: mean / p95 | + legal_moves: mean / p95 | state JSON | "
          "legal_moves JSON mean / max | moves mean / max |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for ruleset, players in (("classic", 2), ("classic", 4), ("duel", 2)):
        stored = positions(ruleset, players, args.games)
        base = per_position_ms(state_only, stored)
        full = per_position_ms(with_legal_moves, stored)
        sizes = [with_legal_moves(data) for data in stored]
        state_bytes = statistics.mean(compact(s) for s, _ in sizes)
        move_bytes = [compact(m) for _, m in sizes]
        counts = [len(m) for _, m in sizes]
        print(f"| {ruleset} {players}p | {len(stored)} | {base[0]:.2f} / {base[1]:.2f} ms | "
              f"{full[0]:.2f} / {full[1]:.2f} ms | {state_bytes:.0f} B | "
              f"{statistics.mean(move_bytes):.0f} / {max(move_bytes)} B | "
              f"{statistics.mean(counts):.0f} / {max(counts)} |")


if __name__ == "__main__":
    main()
