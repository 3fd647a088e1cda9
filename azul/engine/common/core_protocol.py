"""The one protocol every ruleset's fast core satisfies (as OpenSpiel's ``State`` serves every
game): what a search, a bot or a self-play loop may call without knowing the ruleset.

Actions are ints for every ruleset: ids in that ruleset's fixed codebook (classic
``classic/tables.py``, Duel ``duel/actions.py``), the same in every process, only ever passed
back to a core of the ruleset that listed them; to a search they are opaque. The ruleset's
move class reads one (``ClassicMove.from_action``, ``DuelMove.from_action``). Public views
and results are the states' business (``ClassicState`` / ``DuelState``:
``to_dict(public=True)``, ``result``), not the cores'.
"""

import random
from typing import Protocol, Self, runtime_checkable


@runtime_checkable
class Core(Protocol):
    ruleset: str  # its name in the engine's REGISTRY
    players: int  # seats, 2-4
    current: int  # the seat to move
    round: int
    move_count: int
    scores: list[int]

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> list[int]:
        """The actions of the player to move, in a stable order (empty once the game is over)."""

    def apply_action(self, action: int) -> None:
        """Play one of ``legal_actions()`` in place (not validated: the fast path)."""

    def clone(self) -> Self:
        """An independent copy."""

    def determinize(self, rng: random.Random) -> None:
        """Replace what the players cannot see (future draws, face-down pieces) by a guess from
        ``rng`` consistent with what they can: the legal actions stay the same."""
