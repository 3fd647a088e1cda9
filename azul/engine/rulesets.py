"""The rulesets of the Azul family, registered in one place: `REGISTRY`.

"classic" (docs/rules.md) and "duel" (Azul Duel, docs/duel-rules.md, in its own package sharing
``common`` and nothing else). Everything that lists the rulesets, their seat counts or their
wall variants (the site's tables, options, API and replays) reads them here.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeAlias, TypeVar, overload

from .classic import previews as classic_previews
from .classic import scoring_events as classic_scoring
from .classic.core import ClassicCore
from .classic.moves import ClassicMove
from .classic.state import ClassicState
from .classic.tables import FACTORY_COUNT, VARIANTS
from .common.core_protocol import Core
from .common.fields import JsonObject
from .duel import previews as duel_previews
from .duel import scoring_events as duel_scoring
from .duel.core import DuelCore
from .duel.moves import DuelMove
from .duel.state import DuelState
from .errors import InvalidState

# The registered rulesets' states and moves: a function over one ruleset's state is checked
# for each of them in turn.
StateT = TypeVar("StateT", ClassicState, DuelState)
MoveT = TypeVar("MoveT", ClassicMove, DuelMove)
StateT_contra = TypeVar("StateT_contra", ClassicState, DuelState, contravariant=True)
RulesetState: TypeAlias = ClassicState | DuelState


class Scoring(Protocol[StateT]):
    """A ruleset's scoring events module (``classic/scoring_events.py``, ``duel/...``)."""

    def apply_scored(self, state: StateT, move: object, *,
                     player: int | None = None) -> tuple[StateT, JsonObject]: ...


class Previews(Protocol[StateT_contra]):
    """A ruleset's previews module (``classic/previews.py``, ``duel/previews.py``)."""

    def move_previews(self, state: StateT_contra) -> Sequence[JsonObject | None]: ...


@dataclass(frozen=True)
class Ruleset(Generic[StateT, MoveT]):
    name: str
    state_type: type[StateT]  # its state: new(players, ...), from_dict, to_dict
    core_type: type[Core]  # its fast core (common/core_protocol.py), what ``state.fast()`` returns
    move_type: type[MoveT]  # its move: from_dict, to_dict
    player_counts: tuple[int, ...]  # seats a game may have
    variants: tuple[str, ...]  # wall variants; the first is the default
    scoring: Scoring[StateT]  # apply_scored(state, move, player=None)
    previews: Previews[StateT]  # move_previews(state)
    title: str  # its name in messages

    def new_state(self, players: int, *, variant: str, seed: int | None) -> StateT:
        if len(self.variants) > 1:
            # Only a state with variants takes ``variant`` (the classic one): the registry's
            # variants say which, a fact mypy cannot connect to the state class.
            return self.state_type.new(  # type: ignore[call-arg]
                players, variant=variant, seed=seed)  # checks the variant
        if variant != self.variants[0]:
            raise InvalidState(f"variant: {self.title} has no variants, not {variant!r}")
        return self.state_type.new(players, seed=seed)


AnyRuleset: TypeAlias = Ruleset[ClassicState, ClassicMove] | Ruleset[DuelState, DuelMove]
REGISTRY: dict[str, AnyRuleset] = {
    ruleset.name: ruleset
    for ruleset in (
        Ruleset("classic", ClassicState, ClassicCore, ClassicMove, tuple(sorted(FACTORY_COUNT)),
                VARIANTS, classic_scoring, classic_previews, "Azul"),
        Ruleset("duel", DuelState, DuelCore, DuelMove, (2,), ("standard",), duel_scoring,
                duel_previews, "Azul Duel"),
    )
}
RULESETS = tuple(REGISTRY)


def ruleset_named(name: str) -> AnyRuleset:
    if name not in REGISTRY:
        raise InvalidState(f"ruleset: unknown ruleset {name!r}, known: {', '.join(RULESETS)}")
    return REGISTRY[name]


@overload
def ruleset_of(state: ClassicState) -> Ruleset[ClassicState, ClassicMove]: ...
@overload
def ruleset_of(state: DuelState) -> Ruleset[DuelState, DuelMove]: ...
def ruleset_of(state: RulesetState) -> AnyRuleset:
    """The ruleset of a state of any registered ruleset (each state's is the one of its
    ``ruleset`` name: the overloads say so to mypy)."""
    return REGISTRY[state.ruleset]


def new_game(
    players: int, *, variant: str = "standard", seed: int | None = None, ruleset: str = "classic"
) -> RulesetState:
    """A new game with its factories filled for round 1 (R7, R8, R21; Duel: D7-D10).

    ``ruleset="duel"`` returns a ``DuelState`` (2 players; ``variant`` must stay default).
    """
    return ruleset_named(ruleset).new_state(players, variant=variant, seed=seed)


def state_from_dict(data: object) -> RulesetState:
    """A state of any ruleset from its JSON: states other than classic carry their ``"ruleset"``."""
    name = data.get("ruleset", "classic") if isinstance(data, dict) else "classic"
    return REGISTRY.get(name, REGISTRY["classic"]).state_type.from_dict(data)


def apply_scored(state: StateT, move: object, *,
                 player: int | None = None) -> tuple[StateT, JsonObject]:
    """``state.apply(move)`` and its account:
    ``(new_state, {"taken", "scoring", "before_tiling"})``.

    ``scoring`` lists the move's scoring events in the order the rules ran them (docs/engine.md,
    "Scoring events").
    """
    return ruleset_of(state).scoring.apply_scored(state, move, player=player)


def move_previews(state: StateT) -> Sequence[JsonObject | None]:
    """What each move of ``state.legal_moves()`` would do, in the same order (docs/engine.md)."""
    return ruleset_of(state).previews.move_previews(state)
