"""The Duel command line plays a whole random game and prints it."""

import contextlib
import io
import json

from azul.engine.duel.__main__ import main
from azul.engine.duel.state import DuelState


def test_play_prints_pictures_and_final_scores():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["play", "--seed", "3"]) == 0
    text = out.getvalue()
    assert text.startswith("Azul Duel, seed 3")
    assert "-- dome tiling --" in text
    assert "final scores:" in text


def test_play_json_replays_to_the_same_final_state():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["play", "--seed", "5", "--json"])
    data = json.loads(out.getvalue())
    state = DuelState.new(2, seed=5)
    for move in data["moves"]:
        state = state.apply(move)
    assert state.to_dict() == data["final_state"]
    assert state.result() == data["result"]


def test_the_engine_command_line_plays_duel_with_ruleset_duel():
    from azul.engine.__main__ import main as engine_main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert engine_main(["play", "--ruleset", "duel", "--seed", "3"]) == 0
    assert out.getvalue().startswith("Azul Duel, seed 3")
