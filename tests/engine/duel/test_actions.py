"""The codebook of Duel actions (azul/engine/duel/actions.py): every action the core lists is an
int that decodes to its tuple and back, every JSON move has one, and the ids are fixed."""

import hashlib
import json

from azul.engine.duel.actions import ACTION_COUNT, ACTION_IDS, ACTIONS, action_id, action_of
from azul.engine.duel.moves import DuelMove
from azul.engine.duel.state import DuelState

from .support import random_game

GAMES = 60

# A few ids pinned: the codebook's order is fixed by its loops, never by what a process met.
PINNED = {
    ("opening_plate", 0, 0, 0): 0,
    ("take_plate", 2, 8, 3): 215,
    ("buy_plate",): 216,
    ("keep_plate", 17, 8, 3): 864,
    ("return_plate", 0): 865,
    ("sun", 0, 0, 0, ()): 883,
    ("sun", 2, 2, 3, (4, 0)): 14481,
    ("sun", 4, 4, 6, ()): 22757,
    ("moon", 0, 0): 22758,
    ("chip", 3): 22796,
    ("pass",): 22797,
    ("pay_chips", 0, (1, 1)): 22798,
    ("pay_chips", 5, (24, 24, 24)): 27597,
    ("skip_chips", 0): 27598,
    ("place_tile", 5, 5): 27639,
}
CODEBOOK_SHA256 = "4e18b4b66285c4d2f2cbe8c88681ac3e59fa4d15b9f3fb5c56e91fea22be1df3"


def test_every_action_listed_in_random_games_is_an_int_of_the_codebook():
    listed = set()

    def check(core):
        actions = core.legal_actions()
        for action in actions:
            assert type(action) is int
            assert 0 <= action < ACTION_COUNT
            assert action_id(action_of(action)) == action
        listed.update(actions)
        if not core.is_over:
            moves = DuelState(core).legal_moves()
            assert [move.action for move in moves] == actions
            assert [move.parts for move in moves] == [action_of(a) for a in actions]

    for seed in range(GAMES):
        assert random_game(seed, check).is_over
    assert {action_of(a)[0] for a in listed} >= {
        "opening_plate", "take_plate", "buy_plate", "keep_plate", "sun", "moon", "chip",
        "pay_chips", "skip_chips", "place_tile", "pass"}


def test_the_ids_are_pinned():
    assert ACTION_COUNT == 27640 == len(ACTION_IDS), "one id per distinct tuple"
    for parts, action in PINNED.items():
        assert action_id(parts) == action
        assert action_of(action) == parts
    # The whole order, as every process builds it (whatever its string hash seed).
    assert hashlib.sha256(repr(ACTIONS).encode()).hexdigest() == CODEBOOK_SHA256


def test_every_id_is_a_json_move_and_back():
    """The codebook is the whole range of the JSON move format, so every well-formed move
    has an id (whether it is legal is the rules' question)."""
    for action in range(ACTION_COUNT):
        move = DuelMove.from_action(action)
        assert DuelMove.from_dict(json.loads(json.dumps(move.to_dict()))).action == action
