"""The evaluation gate: paired games between a candidate net and the current one (or a level).

    nice -n 5 .venv/bin/python -m tools.train.gate --players 2 --candidate new.npz \
        --against azul/bots/master/weights/classic-2p.npz --games 200 --depth 2

Each deal (seed) is played twice with the seats swapped (3-4 players: rotated through every
seat), so luck of the deal cancels.  Both sides search at the same fixed depth (``--depth``),
not against the clock, so the result does not depend on machine load and the gate is cheap:
it is a small-budget gate, a proxy for the 1 s arena of bench/bot_arena.py.  ``--against``
is a weights file or a level name (``strong``).  A candidate passes when it wins at least
``--threshold`` (55 %) of the games (a shared first place counts half); the exit status is 0
when it passes, 1 when not.  ``--ruleset duel`` gates a Duel net: both sides search a fixed
number of positions (``--nodes``) in their own private guess of the hidden parts (the bots'
``determinize``), the net valuing positions past the round as the Duel master does.  At 3-4
players the candidate holds one seat against copies of the other side, so its fair share is
1/n and the bar is scaled alike: 55 % × 2/n (36.7 % at 3 players, 27.5 % at 4).
"""

import argparse
import random
import sys
from pathlib import Path

from azul.bots import choose_action
from azul.bots.master.duel_features import duel_features
from azul.bots.master.evaluators import MasterDuelEvaluator, MasterEvaluator
from azul.bots.master.weights import read_net
from azul.bots.search import AlphaBeta
from azul.engine import ClassicCore, DuelCore
from bench.arena_stats import wilson


def player(spec: str, depth: int):
    """A function (core, rng) -> action for a weights file or a level name."""
    if spec.endswith(".npz"):
        net = read_net(Path(spec).stem, Path(spec))

        def choose(core, rng):
            legal = core.legal_actions()
            if len(legal) == 1:
                return legal[0]
            return AlphaBeta(MasterEvaluator(net), core.clone(), max_depth=depth).best_action()
        return choose

    def choose_level(core, rng):
        return choose_action(core, spec, budget=1000.0, rng=rng, max_depth=depth)
    return choose_level


class EveryLeafDuelEvaluator(MasterDuelEvaluator):
    """The Duel master's search with every position valued by the net (its boundary form past
    the round), not only those past the round: the design to compare against."""

    def value(self, node, me: int) -> float:
        core = node.core
        if core.is_over:
            return float(core.scores[me] - core.scores[1 - me])
        return self.net_value(node, me)

    def net_value(self, node, me: int) -> float:
        core = node.core
        row = duel_features(core, boundary=core.round != self.round)
        return float(self.net.evaluate([row])[0, 0 if core.current == me else 1])


class ResidualDuelEvaluator(EveryLeafDuelEvaluator):
    """Every position valued by the hand-made margin plus the net's correction to it (a net
    fitted with ``fit --residual``)."""

    def net_value(self, node, me: int) -> float:
        return self.key(node, me) + super().net_value(node, me)


def duel_player(spec: str, nodes: int):
    """A Duel player (core, rng) -> action: a weights file (the Duel master's search with that
    net; ``every:`` before the file values every position by it, ``resid:`` by the hand-made
    margin plus the net's correction) or a level name, each searching ``nodes`` positions in
    its own guess of what is hidden."""
    if not spec.endswith(".npz"):
        return lambda core, rng: choose_action(core, spec, budget=1000.0, rng=rng, max_nodes=nodes)
    evaluator = MasterDuelEvaluator
    if spec.startswith("every:"):
        spec, evaluator = spec.removeprefix("every:"), EveryLeafDuelEvaluator
    elif spec.startswith("resid:"):
        spec, evaluator = spec.removeprefix("resid:"), ResidualDuelEvaluator
    net = read_net(Path(spec).stem, Path(spec))

    def choose(core, rng):
        legal = core.legal_actions()
        if len(legal) == 1:
            return legal[0]
        private = core.clone()
        private.determinize(rng)
        search = AlphaBeta(evaluator(net), private, budget=1000.0, max_nodes=nodes)
        return search.best_action(rng.shuffle)
    return choose


def play(players, seats, seed, ruleset="classic"):
    core = DuelCore.new(seed) if ruleset == "duel" else ClassicCore.new(len(seats), False, seed)
    rngs = [random.Random(f"gate:{seed}:{p}") for p in range(len(seats))]
    while not core.is_over:
        p = core.current
        core.apply_action(players[seats[p]](core, rngs[p]))
    return list(core.scores)


def run_gate(candidate, against, *, players=2, games=200, depth=2, seed=1, progress=None,
             ruleset="classic", nodes=200):
    """(candidate's win share, its mean margin, games, wins) over ``games`` paired games."""
    if ruleset == "duel":
        sides = [duel_player(candidate, nodes), duel_player(against, nodes)]
    else:
        sides = [player(candidate, depth), player(against, depth)]
    wins = margin = played = 0.0
    deal = seed
    while played < games:
        for shift in range(players):
            seats = [(p + shift) % 2 if players == 2 else (0 if p == shift else 1)
                     for p in range(players)]
            scores = play(sides, seats, deal, ruleset)
            mine = [scores[p] for p in range(players) if seats[p] == 0]
            theirs = [scores[p] for p in range(players) if seats[p] == 1]
            best = max(scores)
            if max(mine) == best:
                wins += 1.0 if max(theirs) < best else 0.5
            margin += sum(mine) / len(mine) - sum(theirs) / len(theirs)
            played += 1
            if progress and played % 20 == 0:
                progress(f"{played:.0f} games: {wins / played:.1%} wins, "
                         f"margin {margin / played:+.1f}")
            if played >= games:
                break
        deal += 1
    return wins / played, margin / played, int(played), wins


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--candidate", required=True, help="weights file")
    parser.add_argument("--against", required=True, help="weights file or level")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--ruleset", choices=("classic", "duel"), default="classic")
    parser.add_argument("--nodes", type=int, default=200, help="Duel: positions per move")
    parser.add_argument("--seed", type=int, default=100_000, help="first deal (apart from training seeds)")
    parser.add_argument("--threshold", type=float, default=0.55)
    args = parser.parse_args(argv)
    share, margin, games, wins = run_gate(args.candidate, args.against, players=args.players,
                                          games=args.games, depth=args.depth, seed=args.seed,
                                          progress=lambda line: print(line, flush=True),
                                          ruleset=args.ruleset, nodes=args.nodes)
    low, high = wilson(wins, games)
    bar = args.threshold * 2 / args.players
    verdict = "PASS" if share >= bar else "FAIL"
    bound = f"{args.nodes} nodes" if args.ruleset == "duel" else f"depth {args.depth}"
    print(f"{verdict}: {args.candidate} vs {args.against}, {args.ruleset}, {args.players} players, "
          f"{bound}: {share:.1%} wins ({low:.1%}-{high:.1%}) of {games} (bar {bar:.1%}), "
          f"margin {margin:+.2f}")
    return 0 if share >= bar else 1


if __name__ == "__main__":
    sys.exit(main())
