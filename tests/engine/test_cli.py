"""The command line: ``python -m azul.engine play`` plays a random game and prints it."""

import json
import subprocess
import sys

from azul.engine import ClassicState
from azul.engine.__main__ import main


def test_play_prints_boards_moves_and_scores(capsys):
    assert main(["play", "--players", "3", "--variant", "gray", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("seed 7, 3 players, gray wall")
    # Offer and tiling moves.
    assert "player 0: take " in out
    assert "place line" in out
    # Text grids.
    assert "floor:" in out
    assert "| . . . . ." in out
    assert "final scores: [" in out


def test_play_json_prints_a_replayable_log_and_final_state(capsys):
    assert main(["play", "--players", "2", "--seed", "11", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    final = ClassicState.from_dict(data["final_state"])
    assert final.is_over
    assert final.move_count == len(data["moves"])
    assert data["result"] == final.result()


def test_module_runs_as_a_program():
    done = subprocess.run(
        [sys.executable, "-m", "azul.engine", "play", "--players", "4", "--seed", "3"],
        capture_output=True, text=True, timeout=60, check=True,
    )
    assert "final scores:" in done.stdout
