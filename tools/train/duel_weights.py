"""Fit the weights of the hand-made Duel evaluation (``duel.evaluation.Weights``) to game outcomes.

``evaluation.value`` is linear in its weights, so each term of a position is read by valuing it
with that weight alone set to 1.  Two steps::

    # positions of Duel self-play, each with the term differences (player to move minus the
    # other) and the final score difference for the player to move
    nice -n 5 .venv/bin/python -m tools.train.duel_weights play --games 600 --nodes 200 \\
        --seed 1 --out tools/train/data/duel-terms-1.npz
    # one weight set per round: ridge least squares of the final difference on the terms,
    # pulled towards the hand-made weights (--ridge); held-out games (seed % 10 = 0) report
    # the fit against the hand-made weights'
    .venv/bin/python -m tools.train.duel_weights fit tools/train/data/duel-terms-*.npz \\
        --out weights.json

Inside a round the search compares sibling positions by these values (past the round the
master's net takes over), so a better fit of "how much is this term worth at the end" is what
the search can use.  The gate is ``bench/duel_variants.py tuned master``.
"""

import argparse
import json
import sys
import time

import numpy as np

from azul.bots.duel.evaluation import HAND, Weights, margin, value
from azul.bots.master import load_net
from azul.bots.master.duel_features import duel_features
from azul.engine.duel.tables import ROUNDS

from .selfplay import Duel, add_play_options, play_game, targets

TERMS = Weights._fields
# What a position's terms are fitted to, for the player to move: the game's final margin, or
# the margin at the next round start as the search's horizon values it (hand-made or net).
TARGETS = ("final", "horizon-hand", "horizon-net")


def unit_weights(index: int) -> tuple:
    one = Weights(*[1.0 if k == index else 0.0 for k in range(len(TERMS))])
    return (one,) * ROUNDS


_UNITS = [unit_weights(k) for k in range(len(TERMS))]


def terms(core, p: int) -> list[float]:
    """Each term of ``value(core, p)`` unweighted."""
    return [value(core, p, unit) for unit in _UNITS]


class TermRecorder:
    """``play_game``'s row function: per position [round, term differences for the player to
    move...], completed at the next round start (or the game's end, ``finish``) with two
    targets for that player: the margin valued as the search's horizon sees it (the hand-made
    one, and the master's net in its boundary form)."""

    def __init__(self):
        self.pending = []
        self.net = load_net("duel")

    def __call__(self, core, boundary: bool = False):
        if not boundary:
            me = core.current
            mine, theirs = terms(core, me), terms(core, 1 - me)
            row = [core.round, *(a - b for a, b in zip(mine, theirs, strict=True))]
            self.pending.append((me, row))
            return row
        hand = margin(core, 0)
        net = self.net.evaluate([duel_features(core, boundary=True)])[0]
        net_for = {core.current: float(net[0]), 1 - core.current: float(net[1])}
        self.close_round(lambda p: (hand if p == 0 else -hand, net_for[p]))
        return None

    def finish(self, core):
        difference = float(core.scores[0] - core.scores[1])
        self.close_round(lambda p: (difference if p == 0 else -difference,) * 2)

    def close_round(self, targets_for):
        for me, row in self.pending:
            row.extend(targets_for(me))
        self.pending = []


def play(args) -> int:
    xs, ys, games = [], [], []
    start = time.time()
    for g in range(args.games):
        seed = args.seed + g
        recorder = TermRecorder()
        rows, seats, core = play_game(Duel(args.nodes, features=recorder), seed,
                                      level=args.level, explore=args.explore)
        recorder.finish(core)
        for row, target in zip(rows, targets(seats, core.scores), strict=True):
            if row is not None:
                xs.append(row[:-2])
                ys.append([target[0], *row[-2:]])
                games.append(seed)
        if (g + 1) % 50 == 0 or g + 1 == args.games:
            np.savez_compressed(args.out, x=np.asarray(xs, np.float64),
                                y=np.asarray(ys, np.float64), game=np.asarray(games, np.int32))
            print(f"{g + 1} games, {len(xs)} positions, {time.time() - start:.0f} s", flush=True)
    return 0


def fit_round(x, y, prior, ridge: float):
    """argmin |y - x w|^2 + ridge * n * |w - prior|^2 (the terms scaled to unit spread)."""
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    xs = x / scale
    p = prior * scale
    n = len(y)
    a = xs.T @ xs + ridge * n * np.eye(x.shape[1])
    b = xs.T @ y + ridge * n * p
    return np.linalg.solve(a, b) / scale


def rmse_and_corr(x, y, w):
    pred = x @ w
    # The search only compares values, so the hand-made weights are judged at their best scale.
    k = float(pred @ y / (pred @ pred)) if pred.any() else 0.0
    return float(np.sqrt(np.mean((y - k * pred) ** 2))), float(np.corrcoef(pred, y)[0, 1]), k


def fit(args) -> int:
    parts = [np.load(path) for path in args.data]
    x = np.concatenate([part["x"] for part in parts])
    y = np.concatenate([part["y"] for part in parts])[:, TARGETS.index(args.target)]
    game = np.concatenate([part["game"] for part in parts])
    held = game % 10 == 0
    fitted = []
    print(f"{len(y)} positions of {len(set(game.tolist()))} games; target {args.target}; "
          f"ridge {args.ridge}")
    for r in range(1, ROUNDS + 1):
        rows = x[:, 0] == r
        prior = np.asarray(HAND[r - 1])
        train, test = rows & ~held, rows & held
        w = fit_round(x[train, 1:], y[train], prior, args.ridge)
        fitted.append(Weights(*(round(float(v), 4) for v in w)))
        hand = rmse_and_corr(x[test, 1:], y[test], prior)
        new = rmse_and_corr(x[test, 1:], y[test], w)
        print(f"round {r}: {int(train.sum())} train, {int(test.sum())} held out; held-out rmse "
              f"{hand[0]:.2f} (hand, at scale {hand[2]:.2f}) -> {new[0]:.2f}, correlation "
              f"{hand[1]:.3f} -> {new[1]:.3f}")
        print("   " + ", ".join(f"{name} {v:+.3f}" for name, v in zip(TERMS, w, strict=True)))
    rounds = ",\n  ".join(json.dumps(list(w)) for w in fitted)
    with open(args.out, "w") as out:
        out.write(f'{{"terms": {json.dumps(list(TERMS))},\n "rounds": [\n  {rounds}\n ]}}\n')
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    steps = parser.add_subparsers(dest="step", required=True)
    add_play_options(steps.add_parser("play"), games=600, nodes=200)
    f = steps.add_parser("fit")
    f.add_argument("data", nargs="+")
    f.add_argument("--ridge", type=float, default=0.01)
    f.add_argument("--target", choices=TARGETS, default="final")
    f.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    return play(args) if args.step == "play" else fit(args)


if __name__ == "__main__":
    sys.exit(main())
