"""Entry point that picks a ruleset of the Azul family.

"classic" (docs/rules.md) and "duel" (Azul Duel, docs/duel-rules.md, in its own package
sharing ``common`` and nothing else).
"""

from .classic import previews as classic_previews
from .classic import scoring_events as classic_scoring
from .classic.state import GameState
from .duel import previews as duel_previews
from .duel import scoring_events as duel_scoring
from .duel.state import DuelState
from .errors import InvalidState

RULESETS = ("classic", "duel")


def new_game(
    players: int, *, variant: str = "standard", seed: int | None = None, ruleset: str = "classic"
) -> GameState:
    """A new game with its factories filled for round 1 (R7, R8, R21; Duel: D7-D10).

    ``ruleset="duel"`` returns a ``DuelState`` (2 players; ``variant`` must stay default).
    """
    if ruleset == "duel":
        if variant != "standard":
            raise InvalidState(f"variant: Azul Duel has no variants, not {variant!r}")
        return DuelState.new(players, seed=seed)
    if ruleset != "classic":
        raise InvalidState(f"ruleset: unknown ruleset {ruleset!r}, known: {', '.join(RULESETS)}")
    return GameState.new(players, variant=variant, seed=seed)


def state_from_dict(data: dict) -> GameState | DuelState:
    """A state of either ruleset from its JSON: Duel states carry ``"ruleset": "duel"``."""
    if isinstance(data, dict) and data.get("ruleset") == "duel":
        return DuelState.from_dict(data)
    return GameState.from_dict(data)


def apply_scored(state: GameState | DuelState, move, *, player: int | None = None):
    """``state.apply(move)`` and its account: ``(new_state, {"taken", "scoring", "before_tiling"})``.

    ``scoring`` lists the move's scoring events in the order the rules ran them (docs/engine.md,
    "Scoring events").
    """
    scoring = duel_scoring if isinstance(state, DuelState) else classic_scoring
    return scoring.apply_scored(state, move, player=player)


def move_previews(state: GameState | DuelState) -> list:
    """What each move of ``state.legal_moves()`` would do, in the same order (docs/engine.md)."""
    previews = duel_previews if isinstance(state, DuelState) else classic_previews
    return previews.move_previews(state)
