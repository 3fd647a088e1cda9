"""The bots' frozen ratings: a bot-vs-bot arena per ladder, fitted and anchored (docs/bots.md).

Run: ``make calibrate-bots`` (the committed figures; about 6 minutes on 2 shared cores), or::

    .venv/bin/python bench/calibrate_bots.py --games 180 --multi-games 72 --nodes 200 --jobs 2

Every game is played from a fixed seed with the searching levels (strong, master) bounded by
``--nodes`` positions a move rather than by the clock, so the run gives the same games on any
machine, however loaded. Per ladder:

- classic-2p and duel: every pair of levels, each deal played twice with the seats swapped;
- classic-multi: every table of 3 distinct levels (seatings rotated) and the 4-level table.

Each game is split into its pairs of players (ahead: 1, level: ½, behind: 0). The pairs are fitted
by maximum likelihood to the logistic curve of the rating scale (P = 1 / (1 + 10^(−d/400)), the
2-player curve of Glicko-2 and of the multiplayer model alike), with a tenth of a virtual draw per pair
of levels that met (a random bot that never beats greedy would otherwise be rated minus infinity;
a whole draw would pull it to within 600 points of a bot it never beat in 30 games).
A level's `error` is the standard error of its fit; the `deviation` people are rated against is
that error kept between 30 and 60: a bot's play never changes, only our estimate of it is uncertain,
and a large deviation would flatten the expected score against it, so that beating the random bot
(whose fit is only a bound: it never wins) would pay. At 60 a win over a far weaker bot pays a
point or two, as it should. The scale is then shifted
so that ANCHOR_LEVEL sits at ANCHOR_RATING on every ladder.

Writes ratings/data/bot_ratings.json (read by ratings.bots: the figures the site freezes) and
ratings/data/arena_games.json (every game: levels by seat and ranks; bench/rating_models.py
replays them to compare the models).
"""

import argparse
import itertools
import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from azul.bots import choose_action  # noqa: E402
from azul.engine import ClassicCore, ClassicState  # noqa: E402
from azul.engine.duel import DuelCore, DuelState  # noqa: E402

LEVELS = ("random", "greedy", "strong", "master")
# The scale's anchor: the greedy bot plays like a newcomer who has learnt the rules and takes the
# best-looking move; it sits a little above the 1500 every account starts at (docs/ratings.md).
ANCHOR_LEVEL, ANCHOR_RATING = "greedy", 1700
MIN_DEVIATION, MAX_DEVIATION = 30.0, 60.0
VIRTUAL = 0.1  # virtual drawn games per pair of levels: the prior that keeps the fit finite
OUT = ROOT / "ratings" / "data"


def play(job):
    """One game: (ladder, levels by seat, seed, nodes) -> (ladder, levels, ranks)."""
    ladder, levels, seed, nodes = job
    core = DuelCore.new(seed) if ladder == "duel" else ClassicCore.new(len(levels), False, seed)
    rngs = [random.Random(f"calibrate:{ladder}:{seed}:{p}") for p in range(len(levels))]
    while not core.is_over:
        p = core.current
        core.apply_action(choose_action(core, levels[p], budget=60.0, rng=rngs[p], max_nodes=nodes))
    state = DuelState(core) if ladder == "duel" else ClassicState(core)
    return ladder, list(levels), state.result()["ranks"]


def jobs(games, multi_games, nodes):
    out = []
    pairs = list(itertools.combinations(LEVELS, 2))
    for ladder in ("classic-2p", "duel"):
        for n in range(games):
            a, b = pairs[(n // 2) % len(pairs)]
            seating = (a, b) if n % 2 == 0 else (b, a)
            out.append((ladder, seating, 1000 + n // 2, nodes))
    tables = [list(c) for c in itertools.combinations(LEVELS, 3)] + [list(LEVELS)]
    seatings = [t[s:] + t[:s] for t in tables for s in range(len(t))]
    for n in range(multi_games):
        out.append(("classic-multi", tuple(seatings[n % len(seatings)]), 5000 + n // len(seatings), nodes))
    return out


def pairwise(games):
    """{(a, b): [score of a, count]} over every pair of levels of every game."""
    results = {}
    for levels, ranks in games:
        for i, j in itertools.combinations(range(len(levels)), 2):
            a, b = levels[i], levels[j]
            s = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
            if a > b:
                a, b, s = b, a, 1.0 - s
            cell = results.setdefault((a, b), [0.0, 0])
            cell[0] += s
            cell[1] += 1
    return results


def fit(results):
    """Maximum-likelihood ratings (mean 0) and standard errors on the 400-point logistic scale."""
    levels = sorted({x for pair in results for x in pair}, key=LEVELS.index)
    c = 400 / math.log(10)
    data = {pair: (s + VIRTUAL / 2, n + VIRTUAL) for pair, (s, n) in results.items()}
    theta = dict.fromkeys(levels, 0.0)
    for _ in range(200):  # Newton steps on each level in turn (converges in a few dozen)
        for x in levels:
            grad = hess = 0.0
            for (a, b), (s, n) in data.items():
                if x not in (a, b):
                    continue
                p = 1 / (1 + math.exp(-(theta[a] - theta[b]) / c))
                mine, pm = (s, p) if x == a else (n - s, 1 - p)
                grad += (mine - n * pm) / c
                hess += n * p * (1 - p) / c / c
            theta[x] += grad / hess
    mean = sum(theta.values()) / len(theta)
    errors = {}
    for x in levels:  # the information about x, the others held: a fair error for a few levels
        info = sum(n * (p := 1 / (1 + math.exp(-(theta[a] - theta[b]) / c))) * (1 - p) / c / c
                   for (a, b), (s, n) in data.items() if x in (a, b))
        errors[x] = 1 / math.sqrt(info)
    return {x: theta[x] - mean for x in levels}, errors


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=180, help="games per 2-player ladder")
    parser.add_argument("--multi-games", type=int, default=72, help="3-4 player games")
    parser.add_argument("--nodes", type=int, default=200, help="positions a move, strong and master")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--refit", action="store_true",
                        help="fit the games of the last run (arena_games.json) again, play none")
    args = parser.parse_args(argv)
    todo = [] if args.refit else jobs(args.games, args.multi_games, args.nodes)
    started = time.perf_counter()
    played = {}
    if args.refit:
        stored = json.loads((args.out / "arena_games.json").read_text())
        played = {ladder: [tuple(game) for game in games] for ladder, games in stored.items()}
        args.nodes = json.loads((args.out / "bot_ratings.json").read_text())["nodes"]
    with multiprocessing.Pool(args.jobs) as pool:
        for done, (ladder, levels, ranks) in enumerate(pool.imap(play, todo, chunksize=4), 1):
            played.setdefault(ladder, []).append((levels, ranks))
            if done % 40 == 0 or done == len(todo):
                print(f"\r{done}/{len(todo)} games, {time.perf_counter() - started:.0f} s",
                      end="", file=sys.stderr, flush=True)
    if todo:
        print(file=sys.stderr)
    figures = {"anchor": {"level": ANCHOR_LEVEL, "rating": ANCHOR_RATING},
               "command": "make calibrate-bots", "nodes": args.nodes, "ladders": {}}
    print(f"{'ladder':14} {'games':>5}  " + "  ".join(f"{x:>12}" for x in LEVELS))
    for ladder, games in played.items():
        theta, errors = fit(pairwise(games))
        shift = ANCHOR_RATING - theta[ANCHOR_LEVEL]
        figures["ladders"][ladder] = {
            "games": len(games),
            "bots": {x: {"rating": round(theta[x] + shift, 1),
                         "deviation": round(min(MAX_DEVIATION, max(MIN_DEVIATION, errors[x])), 1),
                         "error": round(errors[x], 1)} for x in theta},
        }
        row = figures["ladders"][ladder]["bots"]
        print(f"{ladder:14} {len(games):>5}  " + "  ".join(
            f"{row[x]['rating']:>6.0f} ± {row[x]['error']:<3.0f}" for x in LEVELS))
    for ladder, games in played.items():
        print(f"{ladder}: " + ", ".join(f"{a}-{b} {s:g}/{n}" for (a, b), (s, n)
                                        in sorted(pairwise(games).items())))
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "bot_ratings.json").write_text(json.dumps(figures, indent=1) + "\n")
    (args.out / "arena_games.json").write_text(json.dumps(
        {ladder: [[levels, ranks] for levels, ranks in games] for ladder, games in played.items()},
        separators=(",", ":")) + "\n")
    print(f"wrote {args.out / 'bot_ratings.json'} and arena_games.json "
          f"in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
