"""Azul puzzles as a pure library: positions where one move is clearly best (docs/puzzles.md).

- ``mining``: the rule. A position is a puzzle when the judge's search (the analysis judge's
  evaluator) finds one move better than every other by at least ``MINING_GAP`` expected points at
  ``MINING_NODES`` positions, and a deeper search (``CHECK_NODES``, another guess of the hidden
  information) finds the same move ahead by at least ``CHECK_GAP``. ``canonical_key`` says when
  two positions are near-duplicates.
- ``themes``: what the solution does, computed from the engine's previews and the walls, and the
  explanation in points.
- ``bot_games``: the shipped set's source, bot-vs-bot games mined with a fixed seed.
No Django, no I/O, each search with its own random source.
"""

from .mining import (
    CHECK_GAP,
    CHECK_NODES,
    MINING_GAP,
    MINING_NODES,
    Find,
    PuzzleFind,
    canonical_key,
    check_puzzle,
    find_puzzle,
    rank_moves,
)
from .themes import THEMES, explanation, themes_of

__all__ = ["CHECK_GAP", "CHECK_NODES", "MINING_GAP", "MINING_NODES", "THEMES", "Find",
           "PuzzleFind", "canonical_key", "check_puzzle", "explanation", "find_puzzle",
           "rank_moves", "themes_of"]
