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

from azul.engine import REGISTRY

from . import classic, duel


@dataclass(frozen=True)
class BotKit:
    ruleset: str
    greedy_action: Callable[[object, random.Random], int]  # the greedy level: (core, rng)
    strong: Callable[[], object]  # the strong level's evaluator
    master_net: Callable[[object], str]  # the master value net's name for a core
    master: Callable[[object], object]  # the master level's evaluator for a core
    judge: Callable[[], object]  # the strong judge's evaluator: it ranks outcomes in points
    # The evaluator whose deepening the master judge keeps under a node budget (None: its own).
    judge_paced_by: type | None


# The master's submodules, not its package, which looks its kit up here (no import cycle).
def _classic_master(core):
    from .master.evaluators import MasterEvaluator
    from .master.weights import load_net

    return MasterEvaluator(load_net(_classic_net(core)))


def _duel_master(core):
    from .master.evaluators import MasterDuelEvaluator
    from .master.weights import load_net, load_terms

    return MasterDuelEvaluator(load_net("duel"), load_terms())


def _classic_net(core) -> str:
    return f"classic-{core.players}p"  # one net per player count


BOT_KITS = {
    "classic": BotKit("classic", classic.greedy_action, classic.StrongEvaluator, _classic_net,
                      _classic_master, classic.PointsEvaluator, None),
    # Duel: the master judge deepens as strong's does, as the Duel master's later deepening
    # spends a clock that the judge's node budget does not have.
    "duel": BotKit("duel", duel.greedy_action, duel.DuelEvaluator, lambda core: "duel",
                   _duel_master, duel.DuelEvaluator, duel.DuelEvaluator),
}
assert set(BOT_KITS) == set(REGISTRY), "every ruleset of the engine has its bots' kit"


def kit_of(thing, what: str) -> BotKit:
    """The kit of a core or a state (``what``: "core" or "state", the kind it must be)."""
    kit = BOT_KITS.get(getattr(thing, "ruleset", None))
    if kit is None or type(thing) is not getattr(REGISTRY[kit.ruleset], f"{what}_type"):
        names = " or ".join(getattr(ruleset, f"{what}_type").__name__
                            for ruleset in REGISTRY.values())
        raise TypeError(f"{what} must be a {names}, not {type(thing).__name__}")
    return kit
