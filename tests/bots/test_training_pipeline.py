"""The master's training steps run end to end on a tiny scale: self-play writes data, the fit
turns it into a net the bots can load (final scores, then TD bootstrapped from that net), and the
gate plays the net and gives a verdict that agrees with its exit status."""

import re
from pathlib import Path

import numpy as np
import pytest

from azul.bots.master.weights import read_net
from tools.train import fit, gate, selfplay


def check_data(path: Path, players: int) -> int:
    data = np.load(path)
    positions = len(data["x"])
    assert positions > 0
    assert data["y"].shape == (positions, players)
    assert len(data["game"]) == len(data["seat"]) == positions
    assert np.isfinite(data["x"]).all()
    assert np.isfinite(data["y"]).all()
    # Zero-sum targets: each row's values of the players (relative to the others) add to zero.
    assert np.abs(data["y"].sum(axis=1)).max() < 1e-3
    return positions


def gate_verdict(capsys, argv) -> tuple[int, str]:
    status = gate.main(argv)
    line = capsys.readouterr().out.strip().splitlines()[-1]
    return status, line


@pytest.mark.parametrize("ruleset", ["classic", "duel"])
def test_self_play_fit_and_gate_make_a_net_the_master_can_load(tmp_path, capsys, ruleset):
    data = tmp_path / "data.npz"
    # Seeds 9 and 10: game 10 is held out by the fit (seed % 10 == 0).
    assert selfplay.main(["--ruleset", ruleset, "--players", "2", "--games", "2", "--seed", "9",
                          "--depths", "1", "--nodes", "30", "--out", str(data)]) == 0
    check_data(data, 2)

    first, second = tmp_path / "first.npz", tmp_path / "second.npz"
    common = ["--ruleset", ruleset, "--data", str(data), "--epochs", "2", "--hidden", "8"]
    assert fit.main([*common, "--out", str(first)]) == 0
    assert fit.main([*common, "--out", str(second), "--bootstrap", str(first), "--lam", "0.3",
                     "--generation", "2"]) == 0
    assert "TD targets" in capsys.readouterr().out

    net = read_net("candidate", second)
    assert (net.players, net.generation) == (2, 2)
    values = net.evaluate(np.load(data)["x"][:5])  # positions as self-play wrote them
    assert values.shape == (5, 2)
    assert np.isfinite(values).all()

    status, line = gate_verdict(capsys, ["--ruleset", ruleset, "--candidate", str(second),
                                         "--against", "strong", "--games", "2", "--depth", "1",
                                         "--nodes", "30"])
    share = float(re.search(r": ([\d.]+)% wins", line).group(1)) / 100
    assert line.startswith("PASS" if status == 0 else "FAIL")
    assert (status == 0) == (share >= 0.55)
    assert "of 2 (bar 55.0%)" in line
