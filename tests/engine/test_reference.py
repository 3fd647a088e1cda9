"""The engine agrees, move by move, with the naive reference in tests/engine/reference.py."""

from random import Random

import pytest

from azul.engine import new_game
from tests.engine import reference

CONFIGS = [(p, v) for p in (2, 3, 4) for v in ("standard", "gray")]


def canonical(moves):
    return sorted((str(m.get("source")), str(m.get("color")), str(m.get("line")),
                   m.get("row", -1), m.get("column", -1)) for m in moves)


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_engine_matches_reference_on_every_legal_move_of_random_games(players, variant):
    chooser = Random(f"ref{players}{variant}")
    for seed in range(6):
        state = new_game(players, variant=variant, seed=seed)
        while not state.is_over:
            data = state.to_dict()
            legal = state.legal_moves()
            assert canonical(m.to_dict() for m in legal) == canonical(reference.legal_moves(data))
            for move in chooser.sample(legal, min(len(legal), 8)):
                assert state.apply(move).to_dict() == reference.apply(data, move.to_dict())
            state = state.apply(chooser.choice(legal))
