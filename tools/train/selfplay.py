"""Self-play positions for the master bot's value net.

Plays classic games between copies of one bot (``strong`` at a small fixed depth, so a game
takes well under a second and does not depend on machine load; or ``master`` at a fixed depth
for later generations) and writes, for every position met, the net's input features (seen by
the player to move) and the target: each player's final score minus the mean of the others',
in the same seat order as the features (2 players: the final score difference).  Rows keep
the order of play; ``game`` and ``seat`` (the perspective) say whose they are.  At every
round start the position is also written in its *boundary* form (refill unknown,
``features.features(..., boundary=True)``), which is how the search sees positions past the
end of the round it searches.

A few moves (``--explore``) are uniformly random, so the data holds positions the bots would
not reach by themselves.  Everything depends only on ``--seed``: the same command writes the
same file.

    nice -n 5 .venv/bin/python -m tools.train.selfplay --players 2 --games 2000 \
        --out tools/train/data/p2-gen0.npz > selfplay.log 2>&1 &
"""

import argparse
import random
import sys
import time

import numpy as np

from games.bots import choose_action
from games.bots.classic.position import StrongNode
from games.bots.master.features import boundary_values, features
from games.engine import ClassicCore


def play_game(players: int, seed: int, *, level: str, depths: tuple[int, ...], explore: float,
              gray: bool = False):
    """(feature rows, perspective seats, final scores) of one self-play game."""
    rng = random.Random(f"selfplay:{seed}")
    core = ClassicCore.new(players, gray, seed)
    rows, seats = [], []
    last_round = 0
    while not core.is_over:
        node = StrongNode.evaluate(core)
        values = node.values
        if core.round != last_round:
            last_round = core.round
            rows.append(features(core, boundary_values(node), boundary=True))
            seats.append(core.current)
        rows.append(features(core, values))
        seats.append(core.current)
        if rng.random() < explore:
            action = rng.choice(core.legal_actions())
        else:
            action = choose_action(core, level, budget=1000.0, rng=rng,
                                   max_depth=rng.choice(depths))
        core.apply_action(action)
    return rows, seats, list(core.scores)


def targets(seats, scores):
    n = len(scores)
    total = sum(scores)
    relative = [s - (total - s) / (n - 1) for s in scores]
    return [[relative[(q + k) % n] for k in range(n)] for q in seats]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1, help="first game seed")
    parser.add_argument("--level", default="strong")
    parser.add_argument("--depths", default="1,2", help="fixed search depths drawn per move")
    parser.add_argument("--explore", type=float, default=0.03, help="share of random moves")
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    depths = tuple(int(d) for d in args.depths.split(","))
    xs, ys, games, seat_rows = [], [], [], []
    start = time.time()
    for g in range(args.games):
        seed = args.seed + g
        rows, seats, scores = play_game(args.players, seed, level=args.level, depths=depths,
                                        explore=args.explore)
        xs += rows
        ys += targets(seats, scores)
        games += [seed] * len(rows)
        seat_rows += seats
        if (g + 1) % 250 == 0 or g + 1 == args.games:
            np.savez_compressed(args.out, x=np.asarray(xs, np.float32),
                                y=np.asarray(ys, np.float32), game=np.asarray(games, np.int32),
                                seat=np.asarray(seat_rows, np.int8))
            print(f"{g + 1} games, {len(xs)} positions, {time.time() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
