"""The rules of Azul as a pure library: no Django, no I/O, its own random source.

The public API (docs/engine.md) is re-exported here; the fast path for bots is
``azul.engine.classic.core.ClassicCore`` (see docs/engine.md).
"""

from .classic.core import ClassicCore
from .classic.moves import ClassicMove
from .classic.state import ClassicState
from .common.colours import COLOURS
from .duel import DuelCore, DuelMove, DuelState
from .errors import IllegalMove, InvalidMove, InvalidState
from .rulesets import (
    REGISTRY,
    RULESETS,
    Ruleset,
    apply_scored,
    move_previews,
    new_game,
    ruleset_named,
    ruleset_of,
    state_from_dict,
)

__all__ = [
    "COLOURS",
    "REGISTRY",
    "RULESETS",
    "ClassicCore",
    "ClassicMove",
    "ClassicState",
    "DuelCore",
    "DuelMove",
    "DuelState",
    "IllegalMove",
    "InvalidMove",
    "InvalidState",
    "Ruleset",
    "apply_scored",
    "move_previews",
    "new_game",
    "ruleset_named",
    "ruleset_of",
    "state_from_dict",
]
