"""Self-play positions for the master bot's value nets, classic or Duel (``--ruleset``).

Plays games between copies of one bot (``--level``: ``strong``, or ``master`` with the packaged
weights for later generations) at a fixed, small budget, so a game takes well under a second and
does not depend on machine load: classic searches a depth drawn per move from ``--depths``, Duel
a fixed number of positions (``--nodes``).  For every position met it writes the net's input
features (seen by the player to move) and the target: each player's final score minus the mean
of the others', in the same seat order as the features (2 players and Duel: the final score
difference).  Rows keep the order of play; ``game`` and ``seat`` (the perspective) say whose
they are, which the TD targets of ``fit --bootstrap`` need.  At every round start the position
is also written in its *boundary* form (refill unknown), which is how the search sees positions
past the end of the round it searches.

A few moves (``--explore``) are uniformly random, so the data holds positions the bots would
not reach by themselves.  Everything depends only on ``--seed``: the same command writes the
same file (the same file as the two loops this one replaced, classic and Duel).

    nice -n 5 .venv/bin/python -m tools.train.selfplay --players 2 --games 2000 \
        --out tools/train/data/p2-gen0.npz > selfplay.log 2>&1 &
    nice -n 5 .venv/bin/python -m tools.train.selfplay --ruleset duel --games 1000 --nodes 400 \
        --out tools/train/data/duel-gen0.npz > duel.log 2>&1 &
"""

import argparse
import random
import sys
import time

import numpy as np

from azul.bots import choose_action
from azul.bots.classic.position import StrongNode
from azul.bots.master.duel_features import duel_features
from azul.bots.master.features import boundary_values, features
from azul.engine import ClassicCore, DuelCore

RULESETS = ("classic", "duel")


class Classic:
    """Classic games of ``players`` players; each move searches a depth drawn from ``depths``."""

    tag = "selfplay"  # the seed's name: the same games as before the loops were one

    def __init__(self, players: int = 2, depths: tuple[int, ...] = (1, 2), gray: bool = False):
        self.players, self.depths, self.gray = players, depths, gray

    def new(self, seed: int):
        return ClassicCore.new(self.players, self.gray, seed)

    def rows(self, core, round_start: bool) -> list:
        # The features carry the strong bot's projections of the position (its boundary form:
        # those before the refill).
        node = StrongNode.evaluate(core)
        rows = [features(core, boundary_values(node), boundary=True)] if round_start else []
        return [*rows, features(core, node.values)]

    def budget(self, rng) -> dict:
        return {"max_depth": rng.choice(self.depths)}


class Duel:
    """Duel games; each move searches ``nodes`` positions.  ``features(core, boundary=False)``
    makes the rows (``duel_weights`` records the evaluation's terms instead)."""

    tag = "duel-selfplay"

    def __init__(self, nodes: int = 400, features=duel_features):
        self.nodes, self.features = nodes, features

    def new(self, seed: int):
        return DuelCore.new(seed)

    def rows(self, core, round_start: bool) -> list:
        rows = [self.features(core, boundary=True)] if round_start else []
        return [*rows, self.features(core)]

    def budget(self, rng) -> dict:
        return {"max_nodes": self.nodes}


def play_game(ruleset, seed: int, *, level: str = "strong", explore: float = 0.03):
    """(feature rows, perspective seats, the finished game) of one self-play game."""
    rng = random.Random(f"{ruleset.tag}:{seed}")
    core = ruleset.new(seed)
    rows, seats = [], []
    last_round = 0
    while not core.is_over:
        round_start = core.round != last_round
        last_round = core.round
        for row in ruleset.rows(core, round_start):
            rows.append(row)
            seats.append(core.current)
        if rng.random() < explore:
            action = rng.choice(core.legal_actions())
        else:
            action = choose_action(core, level, budget=1000.0, rng=rng, **ruleset.budget(rng))
        core.apply_action(action)
    return rows, seats, core


def targets(seats, scores):
    """Per row, each player's final score minus the others' mean, the row's perspective first."""
    n = len(scores)
    total = sum(scores)
    relative = [s - (total - s) / (n - 1) for s in scores]
    return [[relative[(q + k) % n] for k in range(n)] for q in seats]


def add_play_options(parser, *, games: int = 1000, nodes: int = 400) -> None:
    """The self-play options (Duel's and classic's alike) and the output file."""
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=1, help="first game seed")
    parser.add_argument("--level", default="strong",
                        help="strong, or master (the packaged weights)")
    parser.add_argument("--explore", type=float, default=0.03, help="share of random moves")
    parser.add_argument("--nodes", type=int, default=nodes, help="Duel: positions per move")
    parser.add_argument("--out", required=True)


def ruleset_from(args):
    if args.ruleset == "duel":
        if args.players != 2:
            raise SystemExit("--ruleset duel is for 2 players")
        return Duel(args.nodes)
    return Classic(args.players, tuple(int(d) for d in args.depths.split(",")))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", choices=RULESETS, default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--depths", default="1,2", help="classic: fixed search depths drawn per move")
    add_play_options(parser)
    args = parser.parse_args(argv)
    ruleset = ruleset_from(args)
    xs, ys, games, seat_rows = [], [], [], []
    start = time.time()
    for g in range(args.games):
        seed = args.seed + g
        rows, seats, core = play_game(ruleset, seed, level=args.level, explore=args.explore)
        xs += rows
        ys += targets(seats, core.scores)
        games += [seed] * len(rows)
        seat_rows += seats
        if (g + 1) % 100 == 0 or g + 1 == args.games:
            np.savez_compressed(args.out, x=np.asarray(xs, np.float32),
                                y=np.asarray(ys, np.float32), game=np.asarray(games, np.int32),
                                seat=np.asarray(seat_rows, np.int8))
            print(f"{g + 1} games, {len(xs)} positions, {time.time() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
