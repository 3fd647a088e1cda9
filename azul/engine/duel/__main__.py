"""Play a random Azul Duel game and print it: ``python -m azul.engine.duel play --seed 3``.

``--json`` prints the move log and the final state as JSON instead of text pictures.
"""

import argparse
import sys

from ..common.random_game import print_random_game
from .render import render
from .state import DuelState


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m azul.engine.duel")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play a game with random moves and print it")
    play.add_argument("--seed", type=int, default=None, help="game seed (also drives the moves)")
    play.add_argument("--json", action="store_true", help="print the move log and final state")
    args = parser.parse_args(argv)

    state = DuelState.new(2, seed=args.seed)
    print_random_game(state, render, sys.stdout, as_json=args.json,
                      title=f"Azul Duel, seed {state.seed}", board="dome")
    return 0


if __name__ == "__main__":
    sys.exit(main())
