"""Both rulesets' fast cores satisfy the one Core protocol (azul/engine/common/core_protocol.py),
and a loop written against the protocol alone plays either to its end."""

import random

import pytest

from azul.engine import REGISTRY, new_game
from azul.engine.common.core_protocol import Core

CASES = [(name, players) for name, ruleset in REGISTRY.items() for players in ruleset.player_counts]


def play_out(core, rng, positions, move_type=None):
    """A random game through the protocol only; every `positions`-th position is kept.
    With ``move_type``, every action listed must be an int that the ruleset's move reads."""
    kept = []
    while not core.is_over:
        if core.move_count % positions == 0:
            kept.append(core.clone())
        actions = core.legal_actions()
        assert actions, "a core that is not over lists an action"
        if move_type is not None:
            assert all(type(action) is int for action in actions), "actions are ints"
            assert [move_type.from_action(action).action for action in actions] == actions
        core.apply_action(rng.choice(actions))
    assert core.legal_actions() == []
    return kept


@pytest.mark.parametrize(("ruleset", "players"), CASES, ids=[f"{r}-{p}" for r, p in CASES])
def test_every_registered_core_plays_to_its_end_through_the_protocol(ruleset, players):
    for seed in range(3):
        core = new_game(players, ruleset=ruleset, seed=seed).fast()
        assert isinstance(core, Core)
        assert core.players == players
        assert 0 <= core.current < players
        before = core.clone()
        kept = play_out(core, random.Random(seed), positions=7,
                        move_type=REGISTRY[ruleset].move_type)
        assert before.move_count == 0, "a clone is independent"
        assert not before.is_over, "a clone is independent"
        assert kept
        assert len(core.scores) == players


@pytest.mark.parametrize(("ruleset", "players"), CASES, ids=[f"{r}-{p}" for r, p in CASES])
def test_determinize_keeps_what_the_player_to_move_may_do(ruleset, players):
    core = new_game(players, ruleset=ruleset, seed=11).fast()
    for position in play_out(core, random.Random(11), positions=5):
        guess = position.clone()
        guess.determinize(random.Random(position.move_count))
        assert guess.legal_actions() == position.legal_actions()
        assert guess.current == position.current
        assert guess.scores == position.scores
