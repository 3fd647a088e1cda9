"""Play a game with random moves and print it: the body of both command lines.

The moves are drawn by a ``random.Random`` seeded from the game's seed, so one seed
always prints the same game.
"""

import json
import random
from collections.abc import Callable
from typing import TextIO

from .fields import JsonObject
from .state_base import CoreT, MoveT, StateBase


def print_random_game(state: StateBase[CoreT, MoveT], render: Callable[[CoreT], str],
                      out: TextIO, *, as_json: bool, title: str, board: str,
                      move_gap: str = "") -> None:
    """Play ``state`` to its end and write it to ``out``.

    With ``as_json``, the move log, final state and result as JSON.  Otherwise ``title``,
    the pictures ``render`` draws of the table at the start and after each ``board``
    tiling, a line per move (``move_gap`` before each) and the final scores.
    """
    chooser = random.Random(f"cli-moves:{state.seed}")
    log: list[JsonObject] = []
    if not as_json:
        out.write(f"{title}\n\n{render(state.fast())}\n")
    while not state.is_over:
        move = chooser.choice(state.legal_moves())
        player, round_number = state.current_player, state.round
        state = state.apply(move)
        log.append(move.to_dict())
        if not as_json:
            out.write(f"{move_gap}#{state.move_count} player {player}: {move}\n")
            if state.round != round_number or state.is_over:
                out.write(f"-- {board} tiling --\n" + render(state.fast()) + "\n")
    result = state.result()
    if as_json:
        json.dump({"moves": log, "final_state": state.to_dict(), "result": result}, out, indent=1)
        out.write("\n")
    else:
        out.write(f"\nfinal scores: {result['scores']}, winners: {result['winners']}\n")
