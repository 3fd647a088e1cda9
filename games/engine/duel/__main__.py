"""Play a random Azul Duel game and print it: ``python -m games.engine.duel play --seed 3``.

``--json`` prints the move log and the final state as JSON instead of text pictures.
"""

import argparse
import json
import random
import sys

from .render import render
from .state import DuelState


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine.duel")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play a game with random moves and print it")
    play.add_argument("--seed", type=int, default=None, help="game seed (also drives the moves)")
    play.add_argument("--json", action="store_true", help="print the move log and final state")
    args = parser.parse_args(argv)

    state = DuelState.new(2, seed=args.seed)
    chooser = random.Random(f"cli-moves:{state.seed}")
    log = []
    out = sys.stdout
    if not args.json:
        out.write(f"Azul Duel, seed {state.seed}\n\n{render(state.fast())}\n")
    while not state.is_over:
        move = chooser.choice(state.legal_moves())
        player, round_number = state.current_player, state.round
        state = state.apply(move)
        log.append(move.to_dict())
        if not args.json:
            out.write(f"#{state.move_count} player {player}: {move}\n")
            if state.round != round_number or state.is_over:
                out.write("-- dome tiling --\n" + render(state.fast()) + "\n")
    result = state.result()
    if args.json:
        json.dump({"moves": log, "final_state": state.to_dict(), "result": result}, out, indent=1)
        out.write("\n")
    else:
        out.write(f"\nfinal scores: {result['scores']}, winners: {result['winners']}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
