"""The shipped puzzle set (docs/puzzles.md, "The shipped set"): bot-vs-bot games from fixed seeds,
every position mined by the rule of azul.puzzles.mining, then deduplicated, themed and written as
puzzles/data/shipped.json.gz (gzipped JSON, loaded by the puzzles app's data migration).

    nice -n 10 .venv/bin/python bench/mine_shipped_puzzles.py mine --seeds 0:160 --out raw.jsonl
    .venv/bin/python bench/mine_shipped_puzzles.py build --raw raw.jsonl [--out puzzles/data/shipped.json.gz]

`mine` appends one JSON line per puzzle found and one per finished game (so a stopped run resumes
after its last whole game); `build` keeps the first puzzle of each canonical key, in seed and ply
order, and prints the set's statistics.
"""

import argparse
import gzip
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from azul.engine import REGISTRY, state_from_dict  # noqa: E402
from azul.puzzles import explanation, themes_of  # noqa: E402
from azul.puzzles.bot_games import BOT_NODES, KINDS, LEVELS, RANDOM_SHARE, mine_bot_game  # noqa: E402
from azul.puzzles.mining import CHECK_GAP, CHECK_NODES, MINING_GAP, MINING_NODES  # noqa: E402

BASE_DIR = Path(__file__).resolve().parents[1]


def mine(args):
    start, stop = (int(part) for part in args.seeds.split(":"))
    out = Path(args.out)
    done = set()
    if out.exists():
        for line in out.read_text().splitlines():
            row = json.loads(line)
            if row.get("game_done") is not None:
                done.add(row["game_done"])
    began = time.time()
    with out.open("a") as file:
        for seed in range(start, stop):
            if seed in done:
                continue
            found = 0
            for kind, ply, state, find in mine_bot_game(seed):
                found += 1
                file.write(json.dumps({
                    "seed": seed, "ply": ply, "ruleset": kind[0], "players": kind[1],
                    "variant": kind[2], "state": state.to_dict(public=True),
                    "solution": find.solution.to_dict(), "alternative": find.alternative.to_dict(),
                    "gap": find.gap, "check_gap": find.check_gap, "value": find.value,
                    "alternative_value": find.alternative_value, "key": find.key,
                }, separators=(",", ":")) + "\n")
            file.write(json.dumps({"game_done": seed, "found": found}) + "\n")
            file.flush()
            print(f"seed {seed}: {found} puzzles, {time.time() - began:.0f} s", flush=True)


def build(args):
    rows, keys, games, found = [], set(), set(), 0
    for line in Path(args.raw).read_text().splitlines():
        row = json.loads(line)
        if "game_done" in row:
            games.add(row["game_done"])
            continue
        found += 1
        if row["key"] not in keys:
            keys.add(row["key"])
            rows.append(row)
    rows = [row for row in rows if row["seed"] in games]  # whole games only (a stopped run's last is not)
    rows.sort(key=lambda row: (row["seed"], row["ply"]))
    puzzles = []
    for row in rows:
        state = state_from_dict(row["state"])
        move_type = REGISTRY[row["ruleset"]].move_type
        solution, alternative = move_type.from_dict(row["solution"]), move_type.from_dict(row["alternative"])
        puzzles.append({
            "key": row["key"], "ruleset": row["ruleset"], "players": row["players"], "variant": row["variant"],
            "seed": row["seed"], "ply": row["ply"], "state": row["state"], "solution": row["solution"],
            "alternative": row["alternative"], "gap": row["gap"], "check_gap": row["check_gap"],
            "themes": themes_of(state, solution, alternative),
            "explanation": explanation(state, solution, alternative, row["value"], row["alternative_value"]),
        })
    made_by = {
        "command": "bench/mine_shipped_puzzles.py mine, then build",
        "games": [min(games), max(games)] if games else [],
        "kinds": [list(kind) for kind in KINDS], "levels": list(LEVELS),
        "random_share": RANDOM_SHARE, "bot_nodes": BOT_NODES,
        "rule": {"mining_nodes": MINING_NODES, "mining_gap": MINING_GAP, "check_nodes": CHECK_NODES,
                 "check_gap": CHECK_GAP},
    }
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"format": 1, "made_by": made_by, "puzzles": puzzles}, separators=(",", ":"))
    out.write_bytes(gzip.compress(text.encode(), mtime=0))  # the same file from the same puzzles
    print(f"{len(puzzles)} puzzles (of {found} found: near-duplicates dropped) from {len(games)} games, "
          f"{out.stat().st_size // 1024} KiB")
    statistics(puzzles)


def statistics(puzzles):
    """The table of docs/puzzles.md, "The shipped set"."""
    from collections import Counter  # noqa: PLC0415

    kinds = Counter(f"{p['ruleset']} {p['players']}p {p['variant']}" for p in puzzles)
    themes = Counter(theme for p in puzzles for theme in p["themes"])
    gaps = sorted(p["check_gap"] for p in puzzles)
    print("| kind | puzzles |\n| --- | ---: |")
    for kind, count in sorted(kinds.items()):
        print(f"| {kind} | {count} |")
    print("\n| theme | puzzles |\n| --- | ---: |")
    for theme, count in themes.most_common():
        print(f"| {theme} | {count} |")
    print(f"\nno theme: {sum(1 for p in puzzles if not p['themes'])}")
    print(f"deeper gap: min {gaps[0]:.2f}, median {gaps[len(gaps) // 2]:.2f}, max {gaps[-1]:.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    mining = sub.add_parser("mine")
    mining.add_argument("--seeds", default="0:160", help="start:stop")
    mining.add_argument("--out", required=True)
    building = sub.add_parser("build")
    building.add_argument("--raw", required=True)
    building.add_argument("--out", default=str(BASE_DIR / "puzzles" / "data" / "shipped.json.gz"))
    args = parser.parse_args()
    print(f"mining rule: gap >= {MINING_GAP} at {MINING_NODES} positions, "
          f">= {CHECK_GAP} at {CHECK_NODES}", flush=True)
    if args.command == "mine":
        mine(args)
    else:
        build(args)


if __name__ == "__main__":
    main()
