"""The shipped set's source: bot-vs-bot games from fixed seeds, every position mined.

Seed ``s`` plays the game kind ``KINDS[s % len(KINDS)]`` with the engine's seed ``s``; each seat is
the strong or the greedy bot (drawn from ``s``), and one move in ``RANDOM_SHARE`` is a random legal
move, so the games reach the positions people reach (a bot alone rarely leaves a clear win on the
table). Pure library: the caller writes the results.
"""

import random
from collections.abc import Iterator
from typing import Any

from azul.engine import new_game

from ..bots import choose_move
from .mining import CHECK_NODES, MINING_NODES, PuzzleFind, find_puzzle

# (ruleset, players, variant): classic 2-4 players, the gray wall, Duel.
KINDS = (("classic", 2, "standard"), ("classic", 3, "standard"), ("duel", 2, "standard"),
         ("classic", 4, "standard"), ("classic", 2, "gray"), ("duel", 2, "standard"))
LEVELS = ("strong", "greedy")
RANDOM_SHARE = 8  # one move in 8 is random
BOT_NODES = 150  # the bots' positions a move: enough to play sensibly, cheap


def bot_game(seed: int) -> Iterator[tuple[tuple[str, int, str], int, Any]]:
    """(kind, ply, state before the move) for every move of the game of ``seed``."""
    kind = KINDS[seed % len(KINDS)]
    ruleset, players, variant = kind
    rng = random.Random(f"bot-game:{seed}")
    levels = [rng.choice(LEVELS) for _ in range(players)]
    state: Any = new_game(players, variant=variant, seed=seed, ruleset=ruleset)
    ply = 0
    while not state.is_over:
        yield kind, ply, state
        if rng.randrange(RANDOM_SHARE) == 0:
            move = rng.choice(state.legal_moves())
        else:
            move = choose_move(state, levels[state.current_player], rng=rng, budget=60,
                               max_nodes=BOT_NODES)
        state = state.apply(move)
        ply += 1


def mine_bot_game(seed: int, *, nodes: int = MINING_NODES, check_nodes: int = CHECK_NODES
                  ) -> Iterator[tuple[tuple[str, int, str], int, Any, PuzzleFind]]:
    """Every puzzle of the game of ``seed``: (kind, ply, state, find)."""
    for kind, ply, state in bot_game(seed):
        found = find_puzzle(state, nodes=nodes, check_nodes=check_nodes)
        if found is not None:
            yield kind, ply, state, found


__all__ = ["BOT_NODES", "KINDS", "LEVELS", "RANDOM_SHARE", "bot_game", "mine_bot_game"]
