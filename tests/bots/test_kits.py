"""Each ruleset's part of the bots is its kit, looked up by the ruleset's name, never by type."""

import ast
import random
from pathlib import Path

import pytest

from azul import bots, engine
from azul.bots.kits import BOT_KITS, kit_of

RULESET_CLASSES = {ruleset.state_type.__name__ for ruleset in engine.REGISTRY.values()} | {
    ruleset.core_type.__name__ for ruleset in engine.REGISTRY.values()}


def test_every_ruleset_of_the_engine_has_a_kit_and_its_states_and_cores_name_it():
    assert set(BOT_KITS) == set(engine.REGISTRY)
    for name, ruleset in engine.REGISTRY.items():
        state = engine.new_game(ruleset.player_counts[0], ruleset=name, seed=1)
        assert state.ruleset == state.fast().ruleset == name
        assert kit_of(state, "state") is kit_of(state.fast(), "core") is BOT_KITS[name]


def test_no_bot_dispatches_on_a_ruleset_class():
    """`isinstance(x, DuelCore)` and the like in azul/bots: the kit's business instead."""
    found = []
    for path in sorted(Path(bots.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "isinstance":
                named = {child.id for child in ast.walk(node.args[1]) if isinstance(child, ast.Name)}
                found += [f"{path.parent.name}/{path.name}:{node.lineno}" for _ in named & RULESET_CLASSES]
            if isinstance(node, ast.Dict):  # a table keyed by class: {DuelCore: ...}
                keys = {key.id for key in node.keys if isinstance(key, ast.Name)}
                found += [f"{path.parent.name}/{path.name}:{node.lineno}" for _ in keys & RULESET_CLASSES]
    assert not found, f"dispatch by type: {found}"


def test_a_state_is_not_a_core_nor_a_core_a_state():
    state = engine.new_game(2, ruleset="duel", seed=1)
    with pytest.raises(TypeError, match="core must be a ClassicCore or DuelCore, not DuelState"):
        bots.choose_action(state, "random", rng=random.Random(1))
    with pytest.raises(TypeError, match="state must be a ClassicState or DuelState, not DuelCore"):
        bots.choose_move(state.fast(), "random", rng=random.Random(1))
