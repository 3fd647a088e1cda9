"""Entry point that picks a ruleset of the Azul family.

Only "classic" exists today; Azul Duel (spec/duel.md) is meant to be added as
``ruleset="duel"`` in its own package, sharing ``common`` and nothing else.
"""

from .classic.state import GameState
from .errors import InvalidState

RULESETS = ("classic",)


def new_game(
    players: int, *, variant: str = "standard", seed: int | None = None, ruleset: str = "classic"
) -> GameState:
    """A new game with its factories filled for round 1 (R7, R8, R21)."""
    if ruleset != "classic":
        raise InvalidState(f"ruleset: unknown ruleset {ruleset!r}, known: {', '.join(RULESETS)}")
    return GameState.new(players, variant=variant, seed=seed)
