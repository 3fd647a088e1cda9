"""The ``master`` level: the strong bot's search of the round with a learned value at its leaves.

``master_action`` is what ``games.bots.choose_action`` calls for the level.  The value nets
(one per player count, ``net.ValueNet``, numpy) are read once per process from the packaged
weights by ``weights.load_net``, the only file this library reads; ``weights.load_all()`` is
called at site startup so that missing or corrupt weights fail there, loudly.
How the nets are made: tools/train and docs/bots.md.
"""

from .duel_search import MasterDuelSearch
from .search import MasterSearch
from .weights import MasterWeightsError, load_all, load_net


def net_name(players: int) -> str:
    return f"classic-{players}p"


def master_action(core, rng, budget, start, max_depth) -> int:
    net = load_net(net_name(core.players))
    options = {"max_depth": max_depth} if max_depth else {}
    return MasterSearch(core, budget, net, start=start, **options).best_action()


def duel_master_search(core, budget, **options) -> MasterDuelSearch:
    return MasterDuelSearch(core, budget, load_net("duel"), **options)


__all__ = ["duel_master_search", "MasterWeightsError", "load_all", "load_net", "master_action", "net_name"]
