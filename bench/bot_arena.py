"""Bot arena: how strong each bot level is, by playing them against each other.

Run: ``make bench-bots`` (a quick round) or, as recorded in docs/benchmarks.md, pinned to
one core in the background::

    nohup taskset -c 1 .venv/bin/python bench/bot_arena.py --players 2 --games 200 \
        --levels greedy,random --budget 1.0 > arena.log 2>&1 &

For every pair of levels (A, B) and player count n, games are played from fixed seeds on
the fast engine path: seats alternate A, B, A, B…, and each deal is replayed with the
seats rotated so both levels sit everywhere.  A game counts as a win for A when a seat of
A ranks first (R24; a first place shared between A and B counts half).  At 3-4 players A
holds more than one seat in some seatings, so that win rate's fair share is not 50 %; the
head-to-head share is: over every pair of one A seat and one B seat in a game, the share
where A's seat ranks higher (a tie counts half).  Printed per pairing: A's win rate with a
95% Wilson interval, at 3-4 players the head-to-head share (its interval over games, each
game's share counted as one result), the mean score of each level per seat,
and mean / max wall-clock thinking time per move of each level (with the mean CPU time,
which differs when other processes share the core, and the count of moves over the
budget + 10 %).
"""

import argparse
import itertools
import platform
import random
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from azul.bots import LEVELS, choose_action  # noqa: E402
from azul.engine import ClassicCore  # noqa: E402
from bench.arena_stats import chosen_levels, wilson  # noqa: E402


class Tally:
    def __init__(self):
        self.scores = []
        self.think = []
        self.cpu = []

    def mean_score(self):
        return sum(self.scores) / len(self.scores) if self.scores else 0.0


def play_game(levels: list[str], *, seed: int, gray: bool, budget: float, tallies: dict,
              nodes: int | None = None):
    """Play one game; ``levels[p]`` plays seat p.  Returns the final scores and rows."""
    players = len(levels)
    core = ClassicCore.new(players, gray, seed)
    rngs = [random.Random(f"arena:{seed}:{p}") for p in range(players)]
    while not core.is_over:
        p = core.current
        start, cpu = time.perf_counter(), time.process_time()
        action = choose_action(core, levels[p], budget=budget, rng=rngs[p], max_nodes=nodes)
        tallies[levels[p]].think.append(time.perf_counter() - start)
        tallies[levels[p]].cpu.append(time.process_time() - cpu)
        core.apply_action(action)
    for p in range(players):
        tallies[levels[p]].scores.append(core.scores[p])
    return list(core.scores), [core.complete_rows(p) for p in range(players)]


def ranking_keys(scores, rows):
    """Per seat, what ranks it (R24): score, then complete rows."""
    return list(zip(scores, rows, strict=True))


def head_to_head(seating, a, scores, rows) -> float:
    """The share of (A seat, B seat) pairs of one game in which A's seat ranks higher."""
    keys = ranking_keys(scores, rows)
    pairs = [(keys[i], keys[j]) for i, x in enumerate(seating) if x == a
             for j, y in enumerate(seating) if y != a]
    return sum(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
               for mine, theirs in pairs) / len(pairs)


def winners(scores, rows):
    keys = ranking_keys(scores, rows)
    best = max(keys)
    return [p for p, key in enumerate(keys) if key == best]


class Stopped(Exception):
    """SIGTERM during a pairing: report the games played so far, then stop."""


def _stop(signum, frame):
    raise Stopped()


def run_pairing(a: str, b: str, players: int, games: int, *, seed: int, gray: bool,
                budget: float, progress: bool, nodes: int | None = None):
    pattern = [a if p % 2 == 0 else b for p in range(players)]
    tallies = {a: Tally(), b: Tally()}
    try:
        return _play_pairing(a, b, players, games, seed, gray, budget, progress, pattern,
                             tallies, nodes)
    except Stopped:
        return STOPPED[0] + (True,)


STOPPED = [None]  # (wins, played, tallies, margin, head-to-head) of the games finished when SIGTERM came


def _play_pairing(a, b, players, games, seed, gray, budget, progress, pattern, tallies, nodes):
    wins_a = margin_a = pairs_a = 0.0  # margin: A's mean score minus B's, per game
    played = 0
    STOPPED[0] = (0.0, 0, tallies, 0.0, 0.0)
    deal = 0
    started = time.perf_counter()
    while played < games:
        deal_seed = seed * 100_000 + deal
        deal += 1
        # Distinct seatings: every rotation at odd tables; ABAB and BABA at even ones.
        for shift in range(players if players % 2 else 2):
            if played >= games:
                break
            seating = pattern[shift:] + pattern[:shift]
            scores, rows = play_game(seating, seed=deal_seed, gray=gray, budget=budget,
                                     tallies=tallies, nodes=nodes)
            top = winners(scores, rows)
            wins_a += sum(1 for p in top if seating[p] == a) / len(top)
            mine = [s for p, s in enumerate(scores) if seating[p] == a]
            theirs = [s for p, s in enumerate(scores) if seating[p] == b]
            margin_a += sum(mine) / len(mine) - sum(theirs) / len(theirs)
            pairs_a += head_to_head(seating, a, scores, rows)
            STOPPED[0] = (wins_a, played + 1, tallies, margin_a / (played + 1), pairs_a)
            played += 1
            if progress and played % 10 == 0:
                low, high = wilson(wins_a, played)
                pairs = f", head to head {pairs_a / played:.1%}" if players > 2 else ""
                print(f"  .. {a} v {b} {players}p: {played}/{games} games, {a} wins "
                      f"{wins_a / played:.1%} [{low:.1%}, {high:.1%}]{pairs}, "
                      f"{time.perf_counter() - started:.0f}s", flush=True)
    return wins_a, played, tallies, margin_a / max(played, 1), pairs_a, False


CLOCKED = ("strong", "master")  # the levels that think against the clock
BUDGET = [1.0]  # the run's budget, for the over-budget count


def describe(tally: Tally, level: str) -> str:
    think = tally.think
    mean = sum(think) / len(think) if think else 0.0
    peak = max(think) if think else 0.0
    p99 = sorted(think)[min(len(think) - 1, int(0.99 * len(think)))] if think else 0.0
    cpu = sum(tally.cpu) / len(tally.cpu) if tally.cpu else 0.0
    over = sum(1 for t in think if t > 1.1 * BUDGET[0]) if think else 0
    text = (f"mean score {tally.mean_score():5.1f}, think mean {mean * 1000:6.1f} ms "
            f"p99 {p99 * 1000:6.1f} ms max {peak * 1000:6.1f} ms (CPU mean {cpu * 1000:6.1f} ms")
    if level in CLOCKED:
        text += f"; {over} of {len(think)} moves over budget + 10%"
    return text + ")"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default=",".join(LEVELS),
                        help="comma-separated levels; every pair is played (default: all)")
    parser.add_argument("--players", default="2,3,4", help="player counts, e.g. 2 or 2,3,4")
    parser.add_argument("--games", type=int, default=200, help="games per pairing and player count")
    parser.add_argument("--budget", type=float, default=1.0, help="thinking budget per move (s)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals")
    parser.add_argument("--variant", choices=("standard", "gray"), default="standard")
    parser.add_argument("--quick", action="store_true",
                        help="a short smoke run: 4 games per pairing, budget 0.05 s")
    parser.add_argument("--progress", action="store_true", help="print a line every 10 games")
    parser.add_argument("--nodes", type=int, default=None,
                        help="cap the strong and master searches at N positions a move (the "
                             "budget stays a backstop): games that do not depend on machine load")
    args = parser.parse_args(argv)
    levels = chosen_levels(parser, args.levels, LEVELS)
    players_list = [int(n) for n in args.players.split(",")]
    if any(n not in (2, 3, 4) for n in players_list):
        parser.error("--players takes 2, 3 and/or 4")
    games, budget = args.games, args.budget
    if args.quick:
        games, budget = 4, 0.05
    BUDGET[0] = budget
    signal.signal(signal.SIGTERM, _stop)  # a long run stopped early still reports its games
    if "master" in levels:  # read the weights before any move is timed, as a worker does
        from azul.bots.master import load_all

        load_all()
    print(f"bot arena: levels {', '.join(levels)}; {games} games per pairing; budget {budget} s; "
          f"nodes {args.nodes or 'unbounded'}; variant {args.variant}; seed {args.seed}")
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, "
          f"{time.strftime('%Y-%m-%d %H:%M %Z')}", flush=True)
    for players in players_list:
        for a, b in itertools.combinations(levels, 2):
            # Stronger level first when the default order is used (master, strong, greedy, random).
            a, b = sorted((a, b), key=lambda level: -LEVELS.index(level))
            wins, played, tallies, margin, pairs, stopped = run_pairing(
                a, b, players, games, seed=args.seed, gray=args.variant == "gray",
                budget=budget, progress=args.progress, nodes=args.nodes,
            )
            low, high = wilson(wins, played)
            print(f"{players}p {a} v {b}: {a} wins {wins / played:.1%} (95% CI {low:.1%}-{high:.1%}) "
                  f"of {played} games, margin {margin:+.1f} points a game")
            if players > 2:
                low, high = wilson(pairs, played)
                print(f"    head to head (fair share 50%): {a} ranks above {b} in "
                      f"{pairs / max(played, 1):.1%} (95% CI {low:.1%}-{high:.1%}) of seat pairs")
            print(f"    {a:7}: {describe(tallies[a], a)}")
            print(f"    {b:7}: {describe(tallies[b], b)}", flush=True)
            if stopped:
                print("stopped by SIGTERM: the figures above are of the games finished")
                return


if __name__ == "__main__":
    main()
