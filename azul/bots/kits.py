"""Each ruleset's part of the bots, registered by its name beside the engine's ``REGISTRY``.

A bot, the search's evaluator or the judge asks ``kit_of(core_or_state)`` (the object's
``ruleset``) for what differs by ruleset, never the object's type: a new ruleset adds its
engine entry and its kit here, and no dispatcher grows another branch.  The master level's
pieces are functions that import numpy and the weights on first use, so the other levels run
without them.
"""

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeAlias, TypeVar, overload

from azul.engine import REGISTRY, ClassicCore, ClassicState, DuelCore, DuelState

from . import classic, duel
from .classic.position import StrongNode
from .duel.position import DuelNode
from .search import CoreT, Evaluator, NodeT


@dataclass(frozen=True)
class BotKit(Generic[CoreT, NodeT]):
    """One ruleset's bots, over its core and the nodes its evaluators search."""

    ruleset: str
    greedy_action: Callable[[CoreT, random.Random], int]  # the greedy level: (core, rng)
    strong: Callable[[], Evaluator[CoreT, NodeT]]  # the strong level's evaluator
    master_net: Callable[[CoreT], str]  # the master value net's name for a core
    master: Callable[[CoreT], Evaluator[CoreT, NodeT]]  # the master level's evaluator for a core
    judge: Callable[[], Evaluator[CoreT, NodeT]]  # the strong judge's: it ranks outcomes in points
    # The evaluator whose deepening the master judge keeps under a node budget (None: its own).
    judge_paced_by: type[Evaluator[CoreT, NodeT]] | None


ClassicKit: TypeAlias = BotKit[ClassicCore, StrongNode]
DuelKit: TypeAlias = BotKit[DuelCore, DuelNode]
AnyKit: TypeAlias = ClassicKit | DuelKit
AnyEvaluator: TypeAlias = Evaluator[ClassicCore, StrongNode] | Evaluator[DuelCore, DuelNode]
# A core or a state of one of the registered rulesets: a function over one is checked for each
# in turn, so that its kit (``kit_of``) and what the kit makes are typed by ruleset.
RulesetCore = TypeVar("RulesetCore", ClassicCore, DuelCore)
RulesetState = TypeVar("RulesetState", ClassicState, DuelState)


# The master's submodules, not its package, which looks its kit up here (no import cycle).
def _classic_master(core: ClassicCore) -> Evaluator[ClassicCore, StrongNode]:
    from .master.evaluators import MasterEvaluator
    from .master.weights import load_net

    return MasterEvaluator(load_net(_classic_net(core)))


def _duel_master(core: DuelCore) -> Evaluator[DuelCore, DuelNode]:
    from .master.evaluators import MasterDuelEvaluator
    from .master.weights import load_net, load_terms

    return MasterDuelEvaluator(load_net("duel"), load_terms())


def _classic_net(core: ClassicCore) -> str:
    return f"classic-{core.players}p"  # one net per player count


BOT_KITS: dict[str, AnyKit] = {
    "classic": BotKit("classic", classic.greedy_action, classic.StrongEvaluator, _classic_net,
                      _classic_master, classic.PointsEvaluator, None),
    # Duel: the master judge deepens as strong's does, as the Duel master's later deepening
    # spends a clock that the judge's node budget does not have.
    "duel": BotKit("duel", duel.greedy_action, duel.DuelEvaluator, lambda core: "duel",
                   _duel_master, duel.DuelEvaluator, duel.DuelEvaluator),
}
assert set(BOT_KITS) == set(REGISTRY), "every ruleset of the engine has its bots' kit"


@overload
def kit_of(thing: ClassicCore | ClassicState, what: str) -> ClassicKit: ...
@overload
def kit_of(thing: DuelCore | DuelState, what: str) -> DuelKit: ...
@overload
def kit_of(thing: object, what: str) -> AnyKit: ...
def kit_of(thing: object, what: str) -> AnyKit:
    """The kit of a core or a state (``what``: "core" or "state", the kind it must be).
    Each ruleset's core and state get its own kit: the overloads say so to mypy."""
    kit = BOT_KITS.get(getattr(thing, "ruleset", ""))
    if kit is None or type(thing) is not getattr(REGISTRY[kit.ruleset], f"{what}_type"):
        names = " or ".join(getattr(ruleset, f"{what}_type").__name__
                            for ruleset in REGISTRY.values())
        raise TypeError(f"{what} must be a {names}, not {type(thing).__name__}")
    return kit
