"""The rating models measured against each other: prediction accuracy and log-loss (docs/ratings.md).

Run: ``make bench-rating-models`` (or ``.venv/bin/python bench/rating_models.py``); ``--site``
also reads the rated games of the database DATABASE_URL names (through Django).

Every model starts from nothing and sees the games one by one in a fixed order; before each game
it predicts, then learns the result. Two-player games: P(first seat beats second); accuracy =
the favourite won (a draw counts half), log-loss = −log of the probability given to the result (a
draw: the mean of both). 3–4 player games: each player's chance to finish first; accuracy = the
favourite finished first (a shared first place: its share), log-loss = −log of the chance given
to the winner (shared: the mean over the winners). Lower log-loss is better; a coin scores
0.693 at 2 players, ln 3 / ln 4 at 3 / 4.

Data: the bot arena of `make calibrate-bots` (ratings/data/arena_games.json, shuffled with a fixed
seed: four players of very different strength), a simulated population (120 players, true
strengths ~ N(1500, 350), performances with logistic noise of the rating scale, each game between
players drawn at random), and with --site the site's own rated games in finish order.

``--year`` also simulates a year of the two-player ladder (players arriving and leaving, bots
frozen at their calibrated ratings) and prints the mean rating of the active players each month
against their mean true strength: inflation or deflation shows as a drifting gap.
"""

import argparse
import json
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ratings.maths import elo, glicko2, multiplayer  # noqa: E402

EPS = 1e-9


class Score:
    def __init__(self):
        self.n = self.hits = self.loss = 0.0

    def add(self, hit, loss):
        self.n += 1
        self.hits += hit
        self.loss += loss

    def row(self):
        return (f"{self.hits / self.n:6.1%}  {self.loss / self.n:6.3f}" if self.n else "   n/a     n/a")


def two_player(games):
    """games: [(a, b, s)] with s the first's score. {model: Score}."""
    scores = {"glicko-2": Score(), "elo (former)": Score()}
    g, e = {}, {}
    for a, b, s in games:
        ga, gb = g.get(a, glicko2.Glicko()), g.get(b, glicko2.Glicko())
        ea, eb = e.get(a, (elo.START_RATING, 0)), e.get(b, (elo.START_RATING, 0))
        for name, p in (("glicko-2", glicko2.win_probability(ga, gb)),
                        ("elo (former)", elo.expected_score(ea[0], eb[0]))):
            hit = 0.5 if s == 0.5 or abs(p - 0.5) < EPS else float((p > 0.5) == (s == 1))
            loss = -(s * math.log(max(p, EPS)) + (1 - s) * math.log(max(1 - p, EPS)))
            scores[name].add(hit, loss)
        g[a] = glicko2.rate(ga, [glicko2.Result(gb, s)])
        g[b] = glicko2.rate(gb, [glicko2.Result(ga, 1 - s)])
        changes = elo.rate([elo.Entrant(a, ea[0], ea[1], 1 if s > 0.5 else 2 if s < 0.5 else 1),
                            elo.Entrant(b, eb[0], eb[1], 1 if s < 0.5 else 2 if s > 0.5 else 1)])
        e[a], e[b] = (changes[0].after, ea[1] + 1), (changes[1].after, eb[1] + 1)
    return scores


def many_players(games):
    """games: [(players, ranks)]. {model: Score} for each openskill model."""
    scores = {}
    for name in multiplayer.MODELS:
        score = scores[name] = Score()
        skills = {}
        for players, ranks in games:
            now = [skills.get(p, multiplayer.Skill()) for p in players]
            chances = multiplayer.win_probabilities(now, name)
            winners = [i for i, r in enumerate(ranks) if r == min(ranks)]
            favourite = max(range(len(players)), key=lambda i: chances[i])
            score.add(1 / len(winners) if favourite in winners else 0.0,
                      sum(-math.log(max(chances[i], EPS)) for i in winners) / len(winners))
            seats = [multiplayer.Seat(p, s, r) for p, s, r in zip(players, now, ranks, strict=True)]
            for p, new in zip(players, multiplayer.rate(seats, name=name), strict=True):
                skills[p] = new
    return scores


def arena(path):
    data = json.loads(path.read_text())
    rng = random.Random(7)
    two = {}
    for ladder in ("classic-2p", "duel"):
        games = [(lv[0], lv[1], 1.0 if r[0] < r[1] else 0.5 if r[0] == r[1] else 0.0)
                 for lv, r in data.get(ladder, [])]
        rng.shuffle(games)
        two[ladder] = games
    multi = [(lv, r) for lv, r in data.get("classic-multi", [])]
    rng.shuffle(multi)
    return two, multi


def _logistic(rng):
    u = min(max(rng.random(), EPS), 1 - EPS)
    return math.log(u / (1 - u))


def simulated(games, players_per_game, seed=11, population=120):
    rng = random.Random(seed)
    truth = [rng.gauss(1500, 350) for _ in range(population)]
    scale = 400 / math.log(10)
    out = []
    for _ in range(games):
        players = rng.sample(range(population), rng.choice(players_per_game))
        perf = [truth[p] + scale * _logistic(rng) for p in players]
        order = sorted(range(len(players)), key=lambda i: -perf[i])
        ranks = [0] * len(players)
        for place, i in enumerate(order, 1):
            ranks[i] = place
        out.append((players, ranks))
    return out


def site_games():
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "azulsite.settings")
    django.setup()
    from ratings.services import rated_game_history

    return list(rated_game_history())


def year(seed=3):
    """Mean rating of active players each month of a simulated year, against their true mean."""
    rng = random.Random(seed)
    bots = json.loads((ROOT / "ratings/data/bot_ratings.json").read_text())["ladders"]["classic-2p"]["bots"]
    frozen = {f"bot:{k}": glicko2.Glicko(v["rating"], v["deviation"]) for k, v in bots.items()}
    truth, rating, last = {}, {}, {}
    for name, g in frozen.items():
        truth[name], rating[name] = g.rating, g
    scale = 400 / math.log(10)
    people = 0
    rows = []
    for day in range(365):
        for _ in range(3):  # newcomers: true strength ~ N(1500, 300)
            people += 1
            truth[people] = rng.gauss(1500, 300)
            rating[people] = glicko2.Glicko()
        active = [p for p in truth if not isinstance(p, str) and rng.random() < 0.97 ** ((day - last.get(p, day)) + 1)]
        for a in active:
            if rng.random() < 0.5:
                continue
            b = rng.choice(list(frozen)) if rng.random() < 0.2 else rng.choice(active)
            if b == a:
                continue
            d = truth[a] - truth[b]
            s = 1.0 if rng.random() < 1 / (1 + 10 ** (-d / 400)) else 0.0
            ra = glicko2.aged(rating[a], day - last.get(a, day))
            rb = rating[b] if b in frozen else glicko2.aged(rating[b], day - last.get(b, day))
            rating[a] = glicko2.rate(ra, [glicko2.Result(rb, s)])
            last[a] = day
            if b not in frozen:
                rating[b] = glicko2.rate(rb, [glicko2.Result(ra, 1 - s)])
                last[b] = day
        if day % 30 == 29:
            recent = [p for p, d in last.items() if day - d < 30 and not rating[p].provisional]
            mean_r = sum(rating[p].rating for p in recent) / max(1, len(recent))
            mean_t = sum(truth[p] for p in recent) / max(1, len(recent))
            rows.append((day + 1, len(recent), mean_r, mean_t))
    del scale
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", action="store_true", help="also the database's rated games")
    parser.add_argument("--year", action="store_true", help="also the simulated year (inflation)")
    parser.add_argument("--games", type=int, default=6000, help="simulated games per table size")
    args = parser.parse_args(argv)
    two, multi = arena(ROOT / "ratings/data/arena_games.json")
    sets2 = [(f"arena {ladder}", games) for ladder, games in two.items()]
    sets2.append(("simulated 2p", [(p[0], p[1], 1.0 if r[0] < r[1] else 0.0)
                                   for p, r in simulated(args.games, [2])]))
    setsm = [("arena classic-multi", multi), ("simulated 3-4p", simulated(args.games, [3, 4]))]
    if args.site:
        site = site_games()
        sets2.append(("site 2-player", [(g[0][0], g[0][1], 1.0 if g[1][0] < g[1][1] else
                                         0.5 if g[1][0] == g[1][1] else 0.0)
                                        for g in site if len(g[0]) == 2]))
        setsm.append(("site 3-4 player", [g for g in site if len(g[0]) > 2]))
    print(f"{'data':22} {'games':>6}  {'model':22} {'accuracy':>8} {'log-loss':>8}")
    for label, games in sets2:
        for model, score in two_player(games).items():
            print(f"{label:22} {len(games):>6}  {model:22} {score.row()}")
    for label, games in setsm:
        for model, score in many_players(games).items():
            print(f"{label:22} {len(games):>6}  {model:22} {score.row()}")
    if args.year:
        print("\nsimulated year, 2-player ladder (established players active in the last 30 days)")
        print(f"{'day':>4} {'players':>7} {'mean rating':>11} {'mean truth':>10} {'gap':>6}")
        for day, n, mean_r, mean_t in year():
            print(f"{day:>4} {n:>7} {mean_r:>11.0f} {mean_t:>10.0f} {mean_r - mean_t:>+6.0f}")


if __name__ == "__main__":
    main()
