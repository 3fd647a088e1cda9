"""``clone`` of every registered ruleset's core (azul/engine/common/core_copy.py): equal to the
original field by field, sharing no list with it (but the inner lists of the fields it marks
copy-on-write), always of the plain core class."""

import random

import pytest

from azul.engine import REGISTRY, new_game
from azul.engine.common.core_copy import field_copier

CASES = [(name, players) for name, ruleset in REGISTRY.items() for players in ruleset.player_counts]


def midgame(ruleset, players):
    core = new_game(players, ruleset=ruleset, seed=4).fast()
    rng = random.Random(4)
    for _ in range(25):
        core.apply_action(rng.choice(core.legal_actions()))
    return core


@pytest.mark.parametrize(("ruleset", "players"), CASES, ids=[f"{r}-{p}" for r, p in CASES])
def test_a_clone_equals_its_original_and_shares_no_list(ruleset, players):
    core = midgame(ruleset, players)
    copy = core.clone()
    assert type(copy) is type(core)
    for name in type(core).__slots__:
        value, copied = getattr(core, name), getattr(copy, name)
        assert copied == value, name
        if isinstance(value, list):
            assert copied is not value, name
            if name in getattr(core, "copy_on_write", ()):
                continue  # its inner lists are shared until a move replaces one
            for item, copied_item in zip(value, copied, strict=True):
                assert not isinstance(item, list) or copied_item is not item, name
    rng = random.Random(5)
    while not copy.is_over:
        copy.apply_action(rng.choice(copy.legal_actions()))
    assert all(getattr(core, name) == getattr(midgame(ruleset, players), name)
               for name in type(core).__slots__), "playing the clone leaves the original"


def test_a_copier_names_every_field_once():
    class Core:
        __slots__ = ("a", "b")

    with pytest.raises(TypeError, match="must be its __slots__"):
        field_copier(Core, shared=("a",), lists=(), nested=())
    with pytest.raises(TypeError, match="must be its __slots__"):
        field_copier(Core, shared=("a", "b"), lists=("a",), nested=())
    copy = field_copier(Core, shared=("a",), lists=(), nested=("b",))
    core = Core()
    core.a, core.b = 1, [[2]]
    other = copy(core)
    assert (other.a, other.b) == (1, [[2]])
    assert other.b[0] is not core.b[0]
    rows = field_copier(Core, shared=("a",), lists=(), nested=(), rows=("b",))(core)
    assert rows.b == [[2]]
    assert rows.b is not core.b
    assert rows.b[0] is core.b[0]
