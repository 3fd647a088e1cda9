"""The master Duel search: the Duel strong bot's alpha-beta, positions valued by a value net.

``DuelSearch`` (games/bots/duel/search.py) orders, prunes and scores children by a static
margin; here that margin is the net's expected final score difference for the bot
(``duel_features``), a finished game its real difference.  A position past the end of the
round is valued in its boundary form (the refill, drawn from the bot's own guess of the
hidden state, counted back into the bag).
"""

from games.engine.duel.tables import OVER

from ..duel.search import DuelSearch
from .duel_features import duel_features


class MasterDuelSearch(DuelSearch):
    def __init__(self, core, budget: float, net, **options):
        super().__init__(core, budget, **options)
        self.net = net

    def net_margin(self, child, me: int) -> float:
        if child.phase == OVER:
            return float(child.scores[me] - child.scores[1 - me])
        row = duel_features(child, boundary=child.round != self.round)
        return float(self.net.evaluate([row])[0, 0 if child.current == me else 1])

    def _margin(self, parent, child, me, mover, still) -> float:
        return self.net_margin(child, me)

    @staticmethod
    def _still(core, mover):
        return None  # the net values whole positions: nothing to reuse
