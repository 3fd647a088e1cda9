"""Self-play positions for the master bot's Duel value net (see ``selfplay`` for classic).

Games between two copies of the Duel ``strong`` bot (or ``master``, for later generations:
``--level``) bounded by a fixed number of positions (``--nodes``: fast, and independent of
machine load), a few moves random (``--explore``).
Every position met is written with its features (``duel_features``, seen by the player to
move; at each round start also in its boundary form) and the target: the final score
difference for the player to move, then its negation (the other player's); ``seat`` says whose
view each row is, which the TD targets of ``fit --bootstrap`` need.

    nice -n 5 .venv/bin/python -m tools.train.duel_selfplay --games 1000 \
        --out tools/train/data/duel-gen0.npz > duel.log 2>&1 &
"""

import argparse
import random
import sys
import time

import numpy as np

from games.bots import choose_action
from games.bots.master.duel_features import duel_features
from games.engine.duel import DuelCore


def play_game(seed: int, *, nodes: int, explore: float, level: str = "strong",
              features=duel_features):
    """Rows of ``features(core)`` (and ``features(core, boundary=True)`` at each round start),
    their targets, seats, and the finished game."""
    rng = random.Random(f"duel-selfplay:{seed}")
    core = DuelCore.new(seed)
    rows, seats = [], []
    last_round = 0
    while not core.is_over:
        if core.round != last_round:
            last_round = core.round
            rows.append(features(core, boundary=True))
            seats.append(core.current)
        rows.append(features(core))
        seats.append(core.current)
        if rng.random() < explore:
            action = rng.choice(core.legal_actions())
        else:
            action = choose_action(core, level, budget=1000.0, rng=rng, max_nodes=nodes)
        core.apply_action(action)
    difference = core.scores[0] - core.scores[1]
    targets = [[difference, -difference] if q == 0 else [-difference, difference] for q in seats]
    return rows, targets, seats, core


def add_play_options(parser, *, games: int, nodes: int) -> None:
    """The self-play options ``play_game`` takes, and the output file."""
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--nodes", type=int, default=nodes)
    parser.add_argument("--explore", type=float, default=0.03)
    parser.add_argument("--level", default="strong", help="strong, or master (the packaged weights)")
    parser.add_argument("--out", required=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_play_options(parser, games=1000, nodes=400)
    args = parser.parse_args(argv)
    xs, ys, games, seat_rows = [], [], [], []
    start = time.time()
    for g in range(args.games):
        rows, targets, seats, _core = play_game(args.seed + g, nodes=args.nodes,
                                                explore=args.explore, level=args.level)
        xs += rows
        ys += targets
        seat_rows += seats
        games += [args.seed + g] * len(rows)
        if (g + 1) % 100 == 0 or g + 1 == args.games:
            np.savez_compressed(args.out, x=np.asarray(xs, np.float32),
                                y=np.asarray(ys, np.float32), game=np.asarray(games, np.int32),
                                seat=np.asarray(seat_rows, np.int8))
            print(f"{g + 1} games, {len(xs)} positions, {time.time() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
