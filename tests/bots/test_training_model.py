"""The trainer's library model and the master's numpy inference are one function: the arrays
``tools.train.fit`` exports from scikit-learn's model, written and read back as the packaged
weights are, value any position as the library's own ``predict`` does (in points)."""

import numpy as np
import pytest

from azul.bots.master.net import ValueNet
from azul.bots.master.weights import read_net
from tools.train import fit


def toy_data(rng, rows=300, inputs=12, players=2):
    """Rows of features and zero-sum targets in points, as self-play writes them."""
    x = rng.random((rows, inputs), dtype=np.float32)
    margin = 40.0 * (x[:, 0] - x[:, 1]) + 10.0 * np.maximum(x[:, 2] - 0.5, 0.0)
    y = np.zeros((rows, players), np.float32)
    y[:, 0] = margin
    y[:, 1:] = -margin[:, None] / (players - 1)
    return x, y


@pytest.mark.parametrize(("hidden", "players"), [((8, 4), 2), ((6,), 3), ((), 4)])
def test_the_exported_net_answers_as_the_library_model_predicts(tmp_path, hidden, players):
    rng = np.random.default_rng(5)
    x, y = toy_data(rng, players=players)
    model = fit.fit_model(x, y, hidden=hidden, epochs=3, batch=64, seed=2, log=lambda line: None)
    layers = fit.export_layers(model)
    assert [w.shape for w, _b in layers] == [c.shape for c in model.coefs_]
    assert all(w.dtype == b.dtype == np.float32 for w, b in layers)

    probe = rng.normal(0.0, 2.0, (64, x.shape[1])).astype(np.float32)  # well off the data too
    expected = model.predict(probe).reshape(len(probe), players) * fit.SCALE
    in_memory = ValueNet(players, layers).evaluate(probe)
    np.testing.assert_allclose(in_memory, expected, rtol=1e-5, atol=1e-4)

    # Through the weights file, as the site reads it.
    path = tmp_path / "net.npz"
    fit.save(path, layers, players, generation=7)
    net = read_net("candidate", path)
    assert (net.players, net.generation, net.inputs) == (players, 7, x.shape[1])
    np.testing.assert_allclose(net.evaluate(probe), expected, rtol=1e-5, atol=1e-4)
    assert str(np.load(path)["trainer"]).startswith("scikit-learn ")


def test_the_fit_keeps_the_epoch_with_the_lowest_held_out_error_and_stops_after_patience():
    # Targets of pure noise: the net fits the training games' noise, so the held-out error is
    # lowest after a few epochs and rises after.
    rng = np.random.default_rng(11)
    x = rng.random((160, 12), dtype=np.float32)
    margin = rng.normal(0.0, 15.0, 160).astype(np.float32)
    y = np.stack([margin, -margin], axis=1)
    held_x, held_y = x[80:], y[80:]
    lines = []
    model = fit.fit_model(x[:80], y[:80], hidden=(64,), epochs=10, batch=16, lr=3e-2, seed=3,
                          holdout=(held_x, held_y), patience=2, log=lines.append)
    *epochs, kept = lines
    errors = [float(line.rsplit("held-out rmse ", 1)[1]) for line in epochs]
    epoch = int(kept.removeprefix("kept epoch ").split(":")[0])
    assert errors[epoch - 1] == min(errors)
    assert epoch + 2 == len(errors) < 10  # stopped two epochs without improvement later
    # The returned model is that epoch's, not the last one's: its held-out error is the kept one.
    net = ValueNet(2, fit.export_layers(model))
    error = float(np.sqrt(((net.evaluate(held_x) - held_y) ** 2).mean()))
    assert error == pytest.approx(min(errors), abs=0.006)
    assert error < errors[-1] - 0.1
