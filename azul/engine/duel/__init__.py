"""Azul Duel (docs/duel-rules.md, D1-D24): a second ruleset beside the classic one.

Shares only ``azul.engine.common`` (colours, the seeded tile bag, run scoring) with the
classic ruleset.  Every RULING lives in ``rulings``.
"""

from .core import DuelCore
from .moves import DuelMove
from .state import DuelState

__all__ = ["DuelCore", "DuelMove", "DuelState"]
