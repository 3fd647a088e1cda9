"""The master Duel search: the Duel strong bot's alpha-beta, positions valued by a value net.

``DuelSearch`` (games/bots/duel/search.py) orders, prunes and scores children by a static
margin.  Here a position past the end of the searched round is valued by the net's expected
final score difference for the bot (``duel_features`` in boundary form: the refill, drawn
from the bot's own guess of the hidden state, counted back into the bag), a finished game by
its real difference; positions inside the round keep the hand-made margin.  (Valuing every
position by the first, small Duel net lost clearly: 15 % of 20 games against strong.)
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
        if child.phase == OVER or child.round != self.round:
            return self.net_margin(child, me)
        return DuelSearch._margin(self, parent, child, me, mover, still)  # also for the judge
