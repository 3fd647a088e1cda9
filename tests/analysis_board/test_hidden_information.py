"""The board's evaluation sees only the public state: what is hidden cannot change it."""

import random

import pytest

from azul import bots, engine
from games.analysis_board import services


def midgame(ruleset, seed, moves=5):
    state = engine.new_game(2, seed=seed, ruleset=ruleset)
    rng = random.Random(seed)
    for _ in range(moves):
        state = state.apply(bots.choose_move(state, "greedy", rng=rng))
    return state


def hidden_twin(state):
    """The same position with other hidden information: another seed, and in Duel another plate
    stack order and other face-down chips."""
    data = state.to_dict()
    data["seed"] = data["seed"] + 1
    for hidden in ("plate_stack", "chip_supply"):
        if hidden in data and isinstance(data[hidden], list):
            data[hidden] = list(reversed(data[hidden]))
    twin = engine.state_from_dict(data)
    assert twin.to_dict() != state.to_dict()
    assert twin.to_dict(public=True) == state.to_dict(public=True)
    return twin


@pytest.mark.parametrize("ruleset", ["classic", "duel"])
def test_two_states_differing_only_in_hidden_information_get_the_same_evaluation(ruleset):
    state = midgame(ruleset, seed=11)
    twin = hidden_twin(state)
    first, second = services.evaluate_state(state, nodes=400), services.evaluate_state(twin, nodes=400)
    assert first == second
    assert first["best"] in [move.to_dict() for move in state.legal_moves()]
