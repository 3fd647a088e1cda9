"""The master judges: the strong judges' searches, positions valued by the master bot's nets.

Same search and node budget as ``classic.ClassicJudge`` (so results stay reproducible on any
machine); a position past the end of the round is valued in its boundary form (the refill
unknown, as the master bot values it) and an unfinished one inside the round by the net's
expected final margin for the mover (its score minus the others' mean), a finished game by its
real scores.
"""

from ..master import load_net, net_name
from ..master.duel_search import MasterDuelSearch
from ..master.features import boundary_values, features
from .classic import ClassicJudge
from .duel import DuelJudge

OVER = 2  # ClassicCore.phase once the game is over


class MasterJudge(ClassicJudge):
    def __init__(self, core, rng, nodes: int):
        super().__init__(core, rng, nodes)
        self.net = load_net(net_name(core.players))

    def _leaf_value(self, node) -> float:
        core = node.core
        players = core.players
        if core.phase == OVER:
            scores = core.scores
            return scores[self.me] - (sum(scores) - scores[self.me]) / (players - 1)
        if core.round != self.round:
            row = features(core, boundary_values(node), boundary=True)
        else:
            row = features(core, node.values)
        return float(self.net.evaluate([row])[0, (self.me - core.current) % players])


class MasterDuelJudge(DuelJudge):
    """The Duel judge valuing positions past the round (and finished games) as master does."""

    def __init__(self, core, rng, nodes: int):
        super().__init__(core, rng, nodes)
        self.net = load_net("duel")

    net_margin = MasterDuelSearch.net_margin
    _margin = MasterDuelSearch._margin
