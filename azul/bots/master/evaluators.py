"""The master level's evaluators: the strong bot's search (``azul.bots.search``), positions
valued by the value nets.

Classic (``MasterEvaluator``): every position where the search stops is valued by the net's
expected final margin for the bot (2 players: its final score minus the other's; 3-4 players:
minus the others' mean, the others playing together against it).  A leaf past the end of the
round is valued in its *boundary* form, the refill counted back into the bag: the net's value
there is its average over the refills it was trained on, so the bot's own sample of the next
draw (the private seed) never steers its choice.  A finished game is valued by its real
scores.  The children of a node one ply above the horizon are valued in one batch (one matrix
product for all of them), which is what makes a net affordable at every leaf.  Children are
still ordered and pruned by the hand-made ``key`` (cheap).

Duel (``MasterDuelEvaluator``): positions inside the round are valued by the hand-made margin's
terms with weights fitted per round (``weights.load_terms``: ``duel-terms.json``, made by
tools/train/duel_weights.py), which beat the hand-made weights 73 % of 200 games at equal
positions searched; a position past the end of the round is valued by the Duel net in its
boundary form, a finished game by its real difference.  (Valuing every position by the first,
small Duel net lost clearly: 15 % of 20 games against strong.)  It also spends its clock: Duel
strong stops deepening at 15 % of the budget and all work at 60 %, a mean of about a quarter of
a 1 s budget; the master deepens to 45 % and works to 85 % (a mean of half the budget), which
took it from 38.8 % to 55-64 % of 80 games against strong at 1 s, before the fitted weights.
And it tries killer moves first (``azul.bots.search``): a wide position's third ply costs
less than half the positions, and at equal positions searched the killers won 63.5 % of 200
games against the master without them.
"""

from azul.engine.classic.tables import OVER
from azul.engine.duel.tables import OVER as DUEL_OVER

from ..classic.evaluator import StrongEvaluator
from ..classic.position import StrongNode
from ..duel.evaluation import HAND, Weights
from ..duel.position import DuelEvaluator, DuelNode, node_class
from .duel_features import duel_features
from .features import boundary_values, features
from .net import ValueNet


class MasterEvaluator(StrongEvaluator):
    batched = True

    def __init__(self, net: ValueNet) -> None:
        self.net = net
        self.evaluations = 0

    def value(self, node: StrongNode, me: int) -> float:
        return self.values([node], me)[0]

    def values(self, nodes: list[StrongNode], me: int) -> list[float]:
        players = nodes[0].core.players if nodes else 2
        values = [0.0] * len(nodes)
        rows: list[list[float]] = []
        columns: list[int] = []
        slots: list[int] = []
        for i, node in enumerate(nodes):
            core = node.core
            if core.phase == OVER:
                scores = core.scores
                values[i] = scores[me] - (sum(scores) - scores[me]) / (players - 1)
                continue
            if core.round != self.round:
                rows.append(features(core, boundary_values(node), boundary=True))
            else:
                rows.append(features(core, node.values))
            columns.append((me - core.current) % players)
            slots.append(i)
        if rows:
            self.evaluations += len(rows)
            out = self.net.evaluate(rows)
            for k, i in enumerate(slots):
                values[i] = float(out[k, columns[k]])
        return values


class MasterDuelEvaluator(DuelEvaluator):
    deepen = 0.45
    share = 0.85
    killers = True

    def __init__(self, net: ValueNet, terms: tuple[Weights, ...] = HAND) -> None:
        self.net = net
        self.node_class = node_class(terms)

    def value(self, node: DuelNode, me: int) -> float:
        core = node.core
        if core.phase == DUEL_OVER:
            return float(core.scores[me] - core.scores[1 - me])
        if core.round != self.round:
            row = duel_features(core, boundary=True)
            return float(self.net.evaluate([row])[0, 0 if core.current == me else 1])
        return self.key(node, me)
