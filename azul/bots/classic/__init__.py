"""Classic Azul's part of the bots: its evaluation, the greedy level and the search's evaluator."""

from .evaluator import PointsEvaluator, StrongEvaluator
from .greedy import greedy_action

__all__ = ["PointsEvaluator", "StrongEvaluator", "greedy_action"]
