"""The ``master`` level: the strong bot's search with learned values (``evaluators``).

``evaluator(core)`` is what ``azul.bots`` searches with for the level.  The value nets (one per
player count and one for Duel, ``net.ValueNet``, numpy) are read once per process from the
packaged weights by ``weights.load_net``, the only file this library reads; ``weights.load_all()``
is called at site startup so that missing or corrupt weights fail there, loudly.
How the nets are made: tools/train and docs/bots.md.
"""

from typing import overload

from azul.engine import ClassicCore, DuelCore

from ..classic.position import StrongNode
from ..duel.position import DuelNode
from ..kits import AnyEvaluator, RulesetCore, kit_of
from ..search import Evaluator
from .weights import MasterWeightsError, load_all, load_net, load_terms


def net_name(core: RulesetCore) -> str:
    return kit_of(core, "core").master_net(core)


@overload
def evaluator(core: ClassicCore) -> Evaluator[ClassicCore, StrongNode]: ...
@overload
def evaluator(core: DuelCore) -> Evaluator[DuelCore, DuelNode]: ...
def evaluator(core: RulesetCore) -> AnyEvaluator:
    """The master evaluator for ``core``'s ruleset and player count (its kit's)."""
    return kit_of(core, "core").master(core)


__all__ = ["MasterWeightsError", "evaluator", "load_all", "load_net", "load_terms", "net_name"]
