"""The fair-play calibration (docs/fair-play.md): simulated honest players and cheaters, their
games judged move by move, then many simulated accounts resampled from those games (bootstrap)
and scored by the fair-play rule against the honest players' norms. Prints, per ruleset, the
norms, the thresholds that flag no honest account of one set (1,000 accounts per honest kind
and number of games, up to 1,000 games each: a threshold per number of games), and the
detection and false-positive rates of a second set drawn afresh, against the number of games
an account has (and false positives at numbers of games between the calibrated ones).

    .venv/bin/python bench/fair_play_calibration.py [--games 100] [--accounts 1000]
        [--cache FILE] [--bot-nodes 200] [--judge-nodes 300] [--write fairplay/calibration.json]

Judging is the dear part (one to a few seconds of CPU a game): the judged games are kept in the
cache file (one JSON per settings) and reused; resampling costs nothing by comparison.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from azul.bots.analysis.fair_play import (  # noqa: E402
    MIN_UNFORCED,
    GameFigures,
    calibrate_thresholds,
    flagged,
    norms_of,
    profile_of,
    scores,
)
from azul.bots.analysis.simulation import CHEATERS, HONEST, SIMULATED_PLAYERS, judged_moves  # noqa: E402

RULESETS = ("classic", "duel")
# Outside the repository: the user's cache folder (XDG), like any tool's.
DEFAULT_CACHE = (Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
                 / "azulsite" / "fair_play_judged.json")
GAME_COUNTS = (5, 10, 20, 50, 100, 200, 500, 1000)
# Numbers of games between those, where no threshold was calibrated: the false positives there
# are a check of the steps between calibrated numbers.
BETWEEN = (7, 15, 35, 75, 150, 350, 750)


def judged_figures(ruleset, kind, seed, bot_nodes, judge_nodes):
    moves = judged_moves(SIMULATED_PLAYERS[kind], ruleset, seed, bot_nodes=bot_nodes,
                         judge_nodes=judge_nodes)
    return GameFigures.of_moves((m.loss, m.agreed) for m in moves if not m.forced)


def load_games(args):
    """{ruleset: {kind: [GameFigures, ...]}}, judged now where the cache lacks them."""
    path = Path(args.cache)
    path.parent.mkdir(parents=True, exist_ok=True)
    key = f"bot{args.bot_nodes}-judge{args.judge_nodes}"
    cache = json.loads(path.read_text()) if path.exists() else {}
    games = cache.setdefault(key, {})
    start = time.process_time()
    # Seed by seed across every kind, so that an interrupted run leaves every kind about as far.
    for seed in range(args.games):
        judged = False
        for ruleset in RULESETS:
            for kind in HONEST + CHEATERS:
                done = games.setdefault(ruleset, {}).setdefault(kind, [])
                if len(done) > seed:
                    continue
                figures = judged_figures(ruleset, kind, seed, args.bot_nodes, args.judge_nodes)
                done.append([figures.unforced, figures.agreements, figures.loss,
                             figures.loss_squares])
                judged = True
        if not judged:
            continue
        path.write_text(json.dumps(cache))
        print(f"# judged seed {seed}: {time.process_time() - start:.0f} CPU s so far",
              file=sys.stderr, flush=True)
    return {ruleset: {kind: [GameFigures(*g) for g in games[ruleset][kind][:args.games]]
                      for kind in HONEST + CHEATERS} for ruleset in RULESETS}


def accounts(games, count, size, rng):
    """`count` simulated accounts of `size` games each, drawn with replacement from `games`."""
    return [profile_of(rng.choices(games, k=size)) for _ in range(count)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="judged games per player kind")
    parser.add_argument("--accounts", type=int, default=1000, help="simulated accounts per "
                        "kind and number of games")
    parser.add_argument("--cache", default=str(DEFAULT_CACHE),
                        help="the judged games, kept between runs (default: %(default)s)")
    parser.add_argument("--bot-nodes", type=int, default=200)
    parser.add_argument("--judge-nodes", type=int, default=300)
    parser.add_argument("--judge-only", action="store_true", help="judge and cache, no report")
    parser.add_argument("--write", help="write the shipped figures there "
                        "(fairplay/calibration.json)")
    args = parser.parse_args()
    games = load_games(args)
    if args.judge_only:
        return 0
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True, cwd=Path(__file__).resolve().parents[1]).stdout.strip()
    provenance = (f"bench/fair_play_calibration.py at commit {commit}: {args.games} judged "
                  f"games per kind and ruleset (bots {args.bot_nodes}, judge "
                  f"{args.judge_nodes} positions a move), {args.accounts} accounts per kind "
                  f"and size resampled from them")
    print(f"{provenance}; load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    shipped = {}
    for ruleset in RULESETS:
        rng = random.Random(f"fair-play:{ruleset}")
        honest_games = [g for kind in HONEST for g in games[ruleset][kind]]
        honest_accounts = {kind: accounts(games[ruleset][kind], 30, 50, rng) for kind in HONEST}
        norms = norms_of(honest_games, [p for kind in HONEST for p in honest_accounts[kind]])
        print(f"\n## {ruleset}\n\nnorms (the honest players' games): {norms.describe()}")
        # Thresholds from one set of honest accounts; every rate below from another, drawn
        # afresh: the false-positive rates are measured on accounts the threshold never saw.
        calibration_set = {size: [scores(p, norms) for kind in HONEST for p in
                                  accounts(games[ruleset][kind], args.accounts, size, rng)]
                           for size in GAME_COUNTS}
        thresholds = calibrate_thresholds(calibration_set)
        per_kind = {}
        for kind in HONEST + CHEATERS:
            for size in GAME_COUNTS + BETWEEN:
                per_kind[kind, size] = [scores(p, norms)
                                        for p in accounts(games[ruleset][kind], args.accounts,
                                                          size, rng)]
        shipped[ruleset] = {"norms": norms.as_dict(), "thresholds": thresholds.as_dict()}
        print(f"thresholds: {thresholds.describe()}\n")
        for sizes in (GAME_COUNTS, BETWEEN):
            print("| player | " + " | ".join(f"{n} games (z >= {thresholds.z_for(n)})"
                                             for n in sizes) + " |")
            print("| --- |" + " ---: |" * len(sizes))
            for kind in (HONEST + CHEATERS if sizes is GAME_COUNTS else HONEST):
                rates = [sum(flagged(s, thresholds) for s in per_kind[kind, size])
                         / len(per_kind[kind, size]) for size in sizes]
                label = "false positives" if kind in HONEST else "detected"
                print(f"| {kind} ({label}) | "
                      + " | ".join(f"{100 * r:.1f} %" for r in rates) + " |")
            print()
        single = max(z for _, z in thresholds.steps)
        print(f"For comparison, not shipped: one threshold for every number of games, the "
              f"strictest step's (z >= {single}):\n")
        print("| player | " + " | ".join(f"{n} games" for n in GAME_COUNTS) + " |")
        print("| --- |" + " ---: |" * len(GAME_COUNTS))
        for kind in CHEATERS:
            rates = [sum(min(s.agreement, s.loss) >= single and s.unforced >= MIN_UNFORCED
                         for s in per_kind[kind, size]) / len(per_kind[kind, size])
                     for size in GAME_COUNTS]
            print(f"| {kind} (detected) | " + " | ".join(f"{100 * r:.1f} %" for r in rates)
                  + " |")
        print("\n| player | games | agreement | points lost a move | spread |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for kind in HONEST + CHEATERS:
            p = profile_of(games[ruleset][kind])
            print(f"| {kind} | {p.games} | {100 * p.agreement:.1f} % | {p.mean_loss:.2f} "
                  f"| {p.spread:.2f} |")
    if args.write:
        Path(args.write).write_text(json.dumps({"provenance": provenance, "rulesets": shipped},
                                               indent=1, sort_keys=True) + "\n")
        print(f"\nwritten: {args.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
