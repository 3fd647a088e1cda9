"""Azul Duel's part of the bots (docs/duel-rules.md): its evaluation, the greedy level and the
search's evaluator.  The levels are played through ``azul.bots.choose_move``; Duel's bots see
only what players may know: the dispatcher first replaces, in its private copy, the plate
stack order, the face-down chips, the chip supply and the seed by a random guess
(``DuelCore.determinize``).
"""

from .greedy import greedy_action
from .position import DuelEvaluator

__all__ = ["DuelEvaluator", "greedy_action"]
