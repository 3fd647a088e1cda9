"""The shipped puzzle set (puzzles/data/shipped.json.gz, docs/puzzles.md "The shipped set"): large,
distinct, public and self-contained; a fixed sample re-judged by the deeper search at the
documented margin; and the data migration loads it."""

import gzip
import importlib
import json
from pathlib import Path

import pytest
from django.apps import apps as django_apps

from azul.engine import REGISTRY, state_from_dict
from azul.puzzles import CHECK_GAP, CHECK_NODES, MINING_GAP, MINING_NODES, THEMES, canonical_key, check_puzzle

DATA = Path(__file__).resolve().parents[2] / "puzzles" / "data" / "shipped.json.gz"
SAMPLE = 10


def shipped():
    return json.loads(gzip.decompress(DATA.read_bytes()))


def hidden_parts(state):
    """What a public state must not show: a seed, a Duel face-down chip's colours."""
    found = [name for name in ("seed", "salt") if name in state]
    for factory in state.get("factories", []) if state.get("ruleset") == "duel" else []:
        chip = factory.get("chip")
        if chip and not chip["face_up"] and chip["colors"] is not None:
            found.append("a face-down chip's colours")
    return found


def test_the_shipped_set_is_large_distinct_public_and_self_contained():
    data = shipped()
    puzzles = data["puzzles"]
    assert len(puzzles) >= 500
    assert data["made_by"]["rule"] == {"mining_nodes": MINING_NODES, "mining_gap": MINING_GAP,
                                       "check_nodes": CHECK_NODES, "check_gap": CHECK_GAP}
    assert len({p["key"] for p in puzzles}) == len(puzzles)
    kinds = {(p["ruleset"], p["players"], p["variant"]) for p in puzzles}
    assert {("classic", 2, "standard"), ("classic", 3, "standard"), ("classic", 4, "standard"),
            ("classic", 2, "gray"), ("duel", 2, "standard")} <= kinds
    for puzzle in puzzles:
        state = state_from_dict(puzzle["state"])
        assert state.to_dict(public=True) == puzzle["state"]
        assert hidden_parts(puzzle["state"]) == []
        assert canonical_key(state) == puzzle["key"]
        move_type = REGISTRY[puzzle["ruleset"]].move_type
        legal = state.legal_moves()
        solution, alternative = move_type.from_dict(puzzle["solution"]), move_type.from_dict(puzzle["alternative"])
        assert solution in legal
        assert alternative in legal
        assert solution != alternative
        assert puzzle["gap"] >= MINING_GAP
        assert puzzle["check_gap"] >= CHECK_GAP
        assert set(puzzle["themes"]) <= set(THEMES)


def test_a_sample_is_the_judges_unique_best_at_the_documented_margin():
    puzzles = shipped()["puzzles"]
    for puzzle in puzzles[:: len(puzzles) // SAMPLE][:SAMPLE]:
        state = state_from_dict(puzzle["state"])
        solution = REGISTRY[puzzle["ruleset"]].move_type.from_dict(puzzle["solution"])
        again = check_puzzle(state, solution)
        assert again is not None, puzzle["key"]
        assert again.check_gap == puzzle["check_gap"] >= CHECK_GAP
        assert again.alternative.to_dict() == puzzle["alternative"]


@pytest.mark.django_db
@pytest.mark.requires("postgres")
def test_the_data_migration_loads_every_shipped_puzzle():
    from puzzles.models import Puzzle

    Puzzle.objects.all().delete()  # another test's flush may have emptied it already
    migration = importlib.import_module("puzzles.migrations.0002_shipped_puzzles")
    migration.load(django_apps, None)
    migration.load(django_apps, None)  # again: nothing twice
    puzzles = shipped()["puzzles"]
    assert Puzzle.objects.filter(source=Puzzle.Source.SHIPPED).count() == len(puzzles)
    stored = Puzzle.objects.get(key=puzzles[0]["key"])
    assert stored.theme_list == puzzles[0]["themes"]
    assert stored.solution == puzzles[0]["solution"]
