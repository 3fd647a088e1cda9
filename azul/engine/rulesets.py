"""The rulesets of the Azul family, registered in one place: `REGISTRY`.

"classic" (docs/rules.md) and "duel" (Azul Duel, docs/duel-rules.md, in its own package sharing
``common`` and nothing else). Everything that lists the rulesets, their seat counts or their
wall variants (the site's tables, options, API and replays) reads them here.
"""

from dataclasses import dataclass
from types import ModuleType

from .classic import previews as classic_previews
from .classic import scoring_events as classic_scoring
from .classic.core import ClassicCore
from .classic.moves import ClassicMove
from .classic.state import ClassicState
from .classic.tables import FACTORY_COUNT, VARIANTS
from .duel import previews as duel_previews
from .duel import scoring_events as duel_scoring
from .duel.core import DuelCore
from .duel.moves import DuelMove
from .duel.state import DuelState
from .errors import InvalidState


@dataclass(frozen=True)
class Ruleset:
    name: str
    state_type: type  # its state: new(players, ...), from_dict, to_dict
    core_type: type  # its fast core (common/core_protocol.py), what ``state.fast()`` returns
    move_type: type  # its move: from_dict, to_dict
    player_counts: tuple[int, ...]  # seats a game may have
    variants: tuple[str, ...]  # wall variants; the first is the default
    scoring: ModuleType  # apply_scored(state, move, player=None)
    previews: ModuleType  # move_previews(state)
    title: str  # its name in messages

    def new_state(self, players: int, *, variant: str, seed: int | None):
        if len(self.variants) > 1:
            return self.state_type.new(players, variant=variant, seed=seed)  # checks the variant
        if variant != self.variants[0]:
            raise InvalidState(f"variant: {self.title} has no variants, not {variant!r}")
        return self.state_type.new(players, seed=seed)


REGISTRY = {
    ruleset.name: ruleset
    for ruleset in (
        Ruleset("classic", ClassicState, ClassicCore, ClassicMove, tuple(sorted(FACTORY_COUNT)),
                VARIANTS, classic_scoring, classic_previews, "Azul"),
        Ruleset("duel", DuelState, DuelCore, DuelMove, (2,), ("standard",), duel_scoring,
                duel_previews, "Azul Duel"),
    )
}
RULESETS = tuple(REGISTRY)


def ruleset_named(name: str) -> Ruleset:
    if name not in REGISTRY:
        raise InvalidState(f"ruleset: unknown ruleset {name!r}, known: {', '.join(RULESETS)}")
    return REGISTRY[name]


def ruleset_of(state) -> Ruleset:
    """The ruleset of a state of any registered ruleset."""
    return REGISTRY[state.ruleset]


def new_game(
    players: int, *, variant: str = "standard", seed: int | None = None, ruleset: str = "classic"
) -> ClassicState | DuelState:
    """A new game with its factories filled for round 1 (R7, R8, R21; Duel: D7-D10).

    ``ruleset="duel"`` returns a ``DuelState`` (2 players; ``variant`` must stay default).
    """
    return ruleset_named(ruleset).new_state(players, variant=variant, seed=seed)


def state_from_dict(data: dict) -> ClassicState | DuelState:
    """A state of any ruleset from its JSON: states other than classic carry their ``"ruleset"``."""
    name = data.get("ruleset", "classic") if isinstance(data, dict) else "classic"
    return REGISTRY.get(name, REGISTRY["classic"]).state_type.from_dict(data)


def apply_scored(state: ClassicState | DuelState, move, *, player: int | None = None):
    """``state.apply(move)`` and its account:
    ``(new_state, {"taken", "scoring", "before_tiling"})``.

    ``scoring`` lists the move's scoring events in the order the rules ran them (docs/engine.md,
    "Scoring events").
    """
    return ruleset_of(state).scoring.apply_scored(state, move, player=player)


def move_previews(state: ClassicState | DuelState) -> list:
    """What each move of ``state.legal_moves()`` would do, in the same order (docs/engine.md)."""
    return ruleset_of(state).previews.move_previews(state)
