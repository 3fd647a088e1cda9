"""Play a random game and print it: ``python -m azul.engine play --players 3 --seed 7``.

``--json`` prints the move log and the final state as JSON instead of text pictures.
"""

import argparse
import sys

from .classic.render import render
from .classic.state import ClassicState
from .common.random_game import print_random_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m azul.engine")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play a game with random moves and print it")
    play.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    play.add_argument("--variant", choices=("standard", "gray"), default="standard")
    play.add_argument("--seed", type=int, default=None, help="game seed (also drives the moves)")
    play.add_argument("--json", action="store_true", help="print the move log and final state")
    play.add_argument("--ruleset", choices=("classic", "duel"), default="classic")
    args = parser.parse_args(argv)
    if args.ruleset == "duel":  # Azul Duel has its own pictures: azul/engine/duel/__main__.py
        from .duel.__main__ import main as duel_main

        seed = [] if args.seed is None else ["--seed", str(args.seed)]
        return duel_main(["play", *seed, *(["--json"] if args.json else [])])

    state = ClassicState.new(args.players, variant=args.variant, seed=args.seed)
    print_random_game(state, render, sys.stdout, as_json=args.json, move_gap="\n",
                      title=f"seed {state.seed}, {args.players} players, {args.variant} wall",
                      board="wall")
    return 0


if __name__ == "__main__":
    sys.exit(main())
