"""Duel master design choices measured against each other: ``bench/duel_arena.py``'s paired
deals, with variants of the Duel master's evaluator as players.

Run, pinned to one core (figures in docs/benchmarks.md, "Duel master variants")::

    taskset -c 0 .venv/bin/python bench/duel_variants.py nonet master --games 80 --nodes 8000
    taskset -c 1 .venv/bin/python bench/duel_variants.py lean strong --games 40 --budget 1.0 --seed 21

Players: ``master`` and ``strong`` (the levels), or a variant of the master:
``nonet`` (the hand-made margin past the round too, no net), ``wide`` (a beam of 12, strong's is
8), ``lean`` (both), ``blend`` (a beam of 12 and past the round the mean of the net and the
margin), ``handmade`` (the margin with the hand-made weights, as ``strong``: the master before
its fitted ones), ``nokillers`` (no killer moves: the master before 2026-12-06's
afternoon), ``deep`` (a deeper iteration may start until all work stops, at 85 % of the
budget, not only until 45 %), ``shallow`` (only until 25 %), ``whole`` (the best move of the
last complete iteration, never of a partial one), ``narrow`` (a beam of 6), ``tuned`` (the
margin with the weights of ``--terms FILE``, a candidate fitted by ``tools.train.duel_weights``).
With ``--nodes`` the games do not depend on the machine's load (``--budget`` is then a
backstop); without it, each move has ``--budget`` seconds, as at the site.
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from azul.bots import choose_action  # noqa: E402
from azul.bots.duel import DuelEvaluator  # noqa: E402
from azul.bots.duel.evaluation import HAND  # noqa: E402
from azul.bots.gc_pause import collector_paused  # noqa: E402
from azul.bots.master import load_net, load_terms  # noqa: E402
from azul.bots.master.evaluators import MasterDuelEvaluator  # noqa: E402
from azul.bots.master.weights import read_terms  # noqa: E402
from azul.bots.search import AlphaBeta  # noqa: E402
from bench.duel_arena import report, run_pairing  # noqa: E402


class Variant(MasterDuelEvaluator):
    terms = None  # the term weights it plays with; None: the packaged ones, as ``master``


class NoNet(Variant):
    def value(self, node, me):
        return DuelEvaluator.value(self, node, me)


class Wide(Variant):
    def beam(self, node):
        return 12


class Lean(Wide, NoNet):
    pass


class Blend(Wide):
    def value(self, node, me):
        hand = DuelEvaluator.value(self, node, me)
        return hand + 0.5 * (super().value(node, me) - hand)


class Handmade(Variant):
    terms = HAND


class NoKillers(Variant):
    killers = False


class Deep(Variant):
    deepen = MasterDuelEvaluator.share  # deeper iterations start until all work stops


class Shallow(Variant):
    deepen = 0.25  # deeper iterations start until a quarter of the budget only


class WholeIterations(Variant):
    partial = False  # what a partial iteration found is not played


class Narrow(Variant):
    def beam(self, node):
        return 6


class Tuned(Variant):
    terms = HAND  # replaced by --terms


VARIANTS = {"nonet": NoNet, "wide": Wide, "lean": Lean, "blend": Blend, "handmade": Handmade,
            "tuned": Tuned, "nokillers": NoKillers, "deep": Deep, "narrow": Narrow,
            "shallow": Shallow, "whole": WholeIterations}


def choose(core, level, *, budget, rng, max_nodes=None):
    """``choose_action`` for the levels; for a variant, what it does for ``master``."""
    if level not in VARIANTS:
        return choose_action(core, level, budget=budget, rng=rng, max_nodes=max_nodes)
    start = time.perf_counter()
    private = core.clone()
    private.determinize(rng)
    with collector_paused():
        variant = VARIANTS[level]
        evaluator = variant(load_net("duel"), variant.terms or load_terms())
        search = AlphaBeta(evaluator, private, budget=budget, start=start, max_nodes=max_nodes)
        return search.best_action(rng.shuffle)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    players = ["master", "strong", *VARIANTS]
    parser.add_argument("a", choices=players)
    parser.add_argument("b", choices=players)
    parser.add_argument("--games", type=int, default=40, help="games (even: both seatings)")
    parser.add_argument("--seed", type=int, default=31, help="seed of the deals")
    parser.add_argument("--nodes", type=int, default=None, help="positions per move")
    parser.add_argument("--budget", type=float, default=None,
                        help="seconds per move (default 1.0; 10 as a backstop with --nodes)")
    parser.add_argument("--terms", help="the weights of the tuned variant (JSON)")
    args = parser.parse_args(argv)
    if "tuned" in (args.a, args.b):
        if args.terms is None:
            parser.error("the tuned variant plays the weights of --terms FILE")
        Tuned.terms = read_terms(path=Path(args.terms))
    budget = args.budget or (10.0 if args.nodes else 1.0)
    load_net("duel")  # read before any move is timed
    print(f"duel variants: {args.a} v {args.b}; {args.games} games; seed {args.seed}; "
          f"budget {budget} s; nodes {args.nodes}", flush=True)
    wins, think = run_pairing(args.a, args.b, args.games, seed=args.seed, budget=budget,
                              progress=True, nodes=args.nodes, choose=choose)
    report(args.a, args.b, wins, think, args.games)


if __name__ == "__main__":
    main()
