"""Fit a value net to self-play positions: scikit-learn's ``MLPRegressor`` (Adam, mean squared
error), exported as the numpy arrays the master's inference reads.

    nice -n 5 .venv/bin/python -m tools.train.fit --players 2 --data tools/train/data/p2-gen0.npz \
        --out tools/train/data/p2-gen1.npz --epochs 30

The data files are those of ``tools.train.selfplay`` (several may be given, comma-separated);
positions of a tenth of the games (by seed) are held out and the held-out error is printed per
epoch.  Targets are divided by ``SCALE`` for training; the exported last layer is multiplied
back, so the net answers in points.  The output file is what ``azul.bots.master.weights``
reads; it also records the training's settings.  Needs the ``train`` extra (scikit-learn);
inference (the site) stays numpy alone.
"""

import argparse
import copy
import sys
import time

import numpy as np
import sklearn
from sklearn.neural_network import MLPRegressor

SCALE = 20.0


def new_model(hidden=(64, 32), *, batch=512, lr=1e-3, decay=1e-4, seed=1) -> MLPRegressor:
    """A ReLU perceptron with a linear output: the shape ``azul.bots.master.net`` evaluates."""
    return MLPRegressor(hidden_layer_sizes=hidden, activation="relu", solver="adam",
                        alpha=decay, batch_size=batch, learning_rate_init=lr, shuffle=True,
                        random_state=seed)


def export_layers(model: MLPRegressor, scale: float = SCALE) -> list:
    """The model's layers as (weights, bias) float32 pairs in the inference's layout (inputs x
    outputs), the last one multiplied by ``scale`` so that the net answers in points."""
    layers = [[np.asarray(w, np.float32), np.asarray(b, np.float32)]
              for w, b in zip(model.coefs_, model.intercepts_, strict=True)]
    layers[-1] = [layers[-1][0] * np.float32(scale), layers[-1][1] * np.float32(scale)]
    return layers


def fit_model(x, y, *, hidden=(64, 32), epochs=30, batch=512, lr=1e-3, decay=1e-4, seed=1,
              holdout=None, patience=3, log=print) -> MLPRegressor:
    """Adam with an L2 penalty (``decay``, scikit-learn's ``alpha``) and a cosine schedule, one
    ``partial_fit`` pass per epoch; with ``holdout`` (x, y) the model of the epoch with the
    lowest held-out error is kept, and training stops after ``patience`` epochs without
    improvement (positions of one game share a target, so a net overfits games quickly)."""
    model = new_model(hidden, batch=min(batch, len(x)), lr=lr, decay=decay, seed=seed)
    best = None
    yt = (y / SCALE).astype(np.float32)
    x = np.asarray(x, np.float32)
    for epoch in range(epochs):
        rate = lr * (0.5 * (1 + np.cos(np.pi * epoch / epochs)))  # cosine schedule
        if epoch:
            # MLPRegressor schedules no rate for Adam; its optimizer reads this at every step.
            model._optimizer.learning_rate_init = rate
        model.partial_fit(x, yt)
        # loss_ is half the mean squared error (plus the small penalty) over the epoch.
        line = f"epoch {epoch + 1}: train rmse {np.sqrt(2 * model.loss_) * SCALE:.2f}"
        if holdout is not None:
            hx, hy = holdout
            pred = model.predict(np.asarray(hx, np.float32)).reshape(len(hx), -1) * SCALE
            error = float(np.sqrt(((pred - hy) ** 2).mean()))
            line += f", held-out rmse {error:.2f}"
            if best is None or error < best[0]:
                best = (error, copy.deepcopy((model.coefs_, model.intercepts_)), epoch + 1)
            elif epoch + 1 - best[2] >= patience:
                log(line)
                break
        log(line)
    if best is not None:
        log(f"kept epoch {best[2]}: held-out rmse {best[0]:.2f}")
        model.coefs_, model.intercepts_ = best[1]
    return model


def fit(x, y, **options) -> list:
    """The exported layers of ``fit_model(x, y, **options)``: what ``save`` writes."""
    return export_layers(fit_model(x, y, **options))


def td_targets(x, y, games, seats, players, net, lam, flag=None):
    """λ-returns over round boundaries: a position of round r learns (1 - λ) × the net's value
    of the next round's start + λ × that start's own return (the last round: the final score).

    Lower variance than the final score alone (most of a margin is decided by draws still to
    come), which is what lets a small net learn from a few thousand games.  ``flag``: the
    index of the boundary flag in a row (default: the classic features').
    """
    if flag is None:
        from azul.bots.master.features import boundary_index

        flag = boundary_index(players)
    absolute = np.empty_like(y)  # per row, every seat's target in seat order 0..n-1
    for p in range(players):
        absolute[:, p] = y[np.arange(len(y)), (p - seats) % players]
    boundary = x[:, flag] > 0.5
    predicted = np.zeros_like(y)
    rows = np.flatnonzero(boundary)
    out = net.evaluate(x[rows])
    for k in range(players):
        predicted[rows, (seats[rows] + k) % players] = out[:, k]
    result = absolute.copy()
    for game in np.unique(games):
        idx = np.flatnonzero(games == game)
        starts = [i for i in idx if boundary[i]]
        ret = absolute[idx[-1]].copy()  # the final relative scores
        end = idx[-1] + 1
        for start in reversed(starts):
            result[start:end] = ret
            ret = (1 - lam) * predicted[start] + lam * ret
            end = start
    targets = np.empty_like(y)
    for k in range(players):
        targets[:, k] = result[np.arange(len(y)), (seats + k) % players]
    return targets


def load(paths):
    xs, ys, gs, ss = [], [], [], []
    for path in paths:
        data = np.load(path)
        xs.append(data["x"])
        ys.append(data["y"])
        gs.append(data["game"])
        ss.append(data["seat"] if "seat" in data.files else np.full(len(data["x"]), -1, np.int8))
    return np.concatenate(xs), np.concatenate(ys), np.concatenate(gs), np.concatenate(ss)


def save(path, layers, players, **meta):
    arrays = {"players": np.int32(players), "layers": np.int32(len(layers))}
    meta = {"trainer": f"scikit-learn {sklearn.__version__} MLPRegressor", **meta}
    for i, (w, b) in enumerate(layers):
        arrays[f"w{i}"] = w.astype(np.float32)
        arrays[f"b{i}"] = b.astype(np.float32)
    for key, value in meta.items():
        arrays[key] = np.asarray(value)
    np.savez_compressed(path, **arrays)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--ruleset", choices=("classic", "duel"), default="classic")
    parser.add_argument("--data", required=True, help="comma-separated selfplay files")
    parser.add_argument("--out", required=True)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--hidden", default="64,32", help="hidden layer sizes ('' = linear)")
    parser.add_argument("--decay", type=float, default=1e-4, help="L2 penalty (scikit-learn's alpha)")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--generation", type=int, default=1)
    parser.add_argument("--bootstrap", help="weights file for TD targets (default: final scores)")
    parser.add_argument("--lam", type=float, default=0.5, help="λ of the TD targets")
    parser.add_argument("--residual", action="store_true",
                        help="Duel: learn the correction to the hand-made margin, not the value")
    args = parser.parse_args(argv)
    x, y, games, seats = load(args.data.split(","))
    if args.bootstrap:
        from pathlib import Path

        from azul.bots.master.weights import read_net

        if (seats < 0).any():
            raise SystemExit("--bootstrap needs data files with seats (tools.train.selfplay)")
        net = read_net("bootstrap", Path(args.bootstrap))
        flag = None
        if args.ruleset == "duel":
            from azul.bots.master.duel_features import FEATURES

            flag = FEATURES - 1
        y = td_targets(x, y, games, seats.astype(np.int64), args.players, net, args.lam, flag)
        print(f"TD targets: λ = {args.lam}, bootstrapped from {args.bootstrap}", flush=True)
    if args.residual:
        # Duel: the net learns the correction to the hand-made margin that its rows carry (each
        # player's value / 50, mover first): the search adds it back (gate's "resid:").
        from azul.bots.master.duel_features import PLAYER_FEATURES

        hand = 50.0 * (x[:, 0] - x[:, PLAYER_FEATURES])
        y = y - np.stack([hand, -hand], axis=1).astype(y.dtype)
        print("targets: minus the hand-made margin (residual)", flush=True)
    held = games % 10 == 0
    print(f"{len(x)} positions ({held.sum()} held out), {len(np.unique(games))} games", flush=True)
    start = time.time()
    hidden = tuple(int(h) for h in args.hidden.split(",") if h)
    layers = fit(x[~held], y[~held], hidden=hidden, epochs=args.epochs, lr=args.lr,
                 decay=args.decay, seed=args.seed,
                 holdout=(x[held], y[held]) if held.any() else None,
                 log=lambda line: print(line, flush=True))
    save(args.out, layers, args.players, generation=args.generation,
         positions=len(x), train_seconds=round(time.time() - start, 1))
    print(f"wrote {args.out} in {time.time() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
