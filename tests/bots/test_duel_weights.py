"""The Duel evaluation's weights: linear, as tools/train/duel_weights fits them, and the tool runs."""

import json
import random

import numpy as np
import pytest

from azul.bots.duel.evaluation import HAND, Weights, value
from azul.engine.duel import DuelCore
from azul.engine.duel.tables import ROUNDS
from bench import duel_variants
from tools.train import duel_weights


def duel_positions(games=6, seed=0):
    for game in range(games):
        rng = random.Random(seed + game)
        core = DuelCore.new(seed + game)
        while not core.is_over:
            yield core
            core.apply_action(rng.choice(core.legal_actions()))


def test_the_value_is_the_hand_made_weights_times_the_terms_the_tool_reads():
    checked = 0
    for core in duel_positions():
        weights = HAND[core.round - 1]
        for p in (0, 1):
            terms = duel_weights.terms(core, p)
            assert sum(w * t for w, t in zip(weights, terms, strict=True)) == pytest.approx(value(core, p), abs=1e-9)
            checked += 1
    assert checked > 500


def test_other_weights_change_the_value_of_what_they_weigh():
    core = next(c for c in duel_positions() if c.round == 2 and any(c.bonus[0]))
    more_chips = tuple(w._replace(chip=w.chip + 1.0) for w in HAND)
    assert value(core, 0, more_chips) - value(core, 0) == pytest.approx(len(core.bonus[0]), abs=1e-9)


def test_the_tool_plays_fits_and_the_variant_bench_plays_its_weights(tmp_path, capsys):
    data = tmp_path / "terms.npz"
    # Seeds 9-11: game 10 is held out, as the fit reports on held-out games.
    assert duel_weights.main(["play", "--games", "3", "--seed", "9", "--nodes", "30",
                              "--out", str(data)]) == 0
    arrays = np.load(data)
    assert arrays["x"].shape[1] == 1 + len(Weights._fields)
    assert arrays["y"].shape == (len(arrays["x"]), len(duel_weights.TARGETS))
    # The last round's horizon is the game's end: all three targets agree there.
    last = arrays["x"][:, 0] == ROUNDS
    assert last.any()
    assert np.allclose(arrays["y"][last, 0], arrays["y"][last, 1])
    assert np.allclose(arrays["y"][last, 0], arrays["y"][last, 2])
    fitted = tmp_path / "terms.json"
    assert duel_weights.main(["fit", str(data), "--target", "horizon-net", "--out",
                              str(fitted)]) == 0
    rounds = json.loads(fitted.read_text())["rounds"]
    assert len(rounds) == ROUNDS
    assert all(len(w) == len(Weights._fields) for w in rounds)
    assert "held-out rmse" in capsys.readouterr().out
    duel_variants.main(["tuned", "strong", "--games", "2", "--nodes", "30",
                        "--terms", str(fitted)])
    assert "tuned wins" in capsys.readouterr().out


def test_the_tuned_variant_without_its_weights_file_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_:
        duel_variants.main(["tuned", "master", "--games", "2", "--nodes", "30"])
    assert exit_.value.code == 2
    assert "the tuned variant plays the weights of --terms FILE" in capsys.readouterr().err
