"""The shipped puzzle set (docs/puzzles.md, "The shipped set"): bot-vs-bot games from fixed seeds,
every position mined by the rule of azul.puzzles.mining, then deduplicated, themed and written as
puzzles/data/shipped.json (loaded by the puzzles app's data migration).

    nice -n 10 .venv/bin/python bench/mine_shipped_puzzles.py mine --seeds 0:160 --out raw.jsonl
    .venv/bin/python bench/mine_shipped_puzzles.py build --raw raw.jsonl [--out puzzles/data/shipped.json]

`mine` appends one JSON line per puzzle found and one per finished game (so a stopped run resumes
after its last whole game); `build` keeps the first puzzle of each canonical key, in seed and ply
order, and prints the set's statistics.
"""

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from azul.puzzles.bot_games import mine_bot_game  # noqa: E402
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    mining = sub.add_parser("mine")
    mining.add_argument("--seeds", default="0:160", help="start:stop")
    mining.add_argument("--out", required=True)
    building = sub.add_parser("build")
    building.add_argument("--raw", required=True)
    building.add_argument("--out", default=str(BASE_DIR / "puzzles" / "data" / "shipped.json"))
    args = parser.parse_args()
    print(f"mining rule: gap >= {MINING_GAP} at {MINING_NODES} positions, "
          f">= {CHECK_GAP} at {CHECK_NODES}", flush=True)
    if args.command == "mine":
        mine(args)
    else:
        from puzzles_build import build  # noqa: PLC0415 (the build step, written with the themes)
        build(args)


if __name__ == "__main__":
    main()
