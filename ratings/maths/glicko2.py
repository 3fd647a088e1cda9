"""Glicko-2 for one game at a time (rating periods of one game, as lichess), pure Python.

The algorithm of Glickman's "Example of the Glicko-2 system" (2013), with lichess's constants and
two additions: a game's weight (0..1, the anti-farming rule: it scales the game's evidence) and
the deviation's growth with the days since a player's last rated game. Written here rather than
taken from the `glicko2` package: that package keeps τ in a class attribute shared by everyone,
has no weights nor time away, and its volatility step reads the rating where the paper has the
deviation (φ²); these few lines are checked against the paper's worked example
(tests/ratings/test_glicko2.py).
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # 400 / ln 10: the Glicko-2 scale's unit in rating points
START_RATING = 1500.0
START_DEVIATION = 500.0  # lichess; the paper's 350 moves newcomers too slowly
START_VOLATILITY = 0.09  # lichess
TAU = 0.75  # lichess: how fast volatility may change
MIN_DEVIATION = 45.0  # lichess: nobody is ever certain
MAX_DEVIATION = START_DEVIATION
MAX_CHANGE = 700.0  # lichess: the most one game may move a rating
PROVISIONAL_DEVIATION = 110.0  # lichess: "?" while the deviation is at least this
# Time away: the deviation grows as if this many empty rating periods passed per day (lichess's
# 0.21436 periods a day): after a year away an established 60 ± becomes about 350 again.
PERIODS_PER_DAY = 0.21436
EPSILON = 1e-6


@dataclass(frozen=True)
class Glicko:
    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    @property
    def provisional(self) -> bool:
        return self.deviation >= PROVISIONAL_DEVIATION


@dataclass(frozen=True)
class Result:
    """One opponent of a game: who, and the score against them (1 win, ½ draw, 0 loss)."""

    opponent: Glicko
    score: float


def _g(phi):
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu, mu_j, phi_j):
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Glicko, opponent: Glicko) -> float:
    """The chance that `player` beats `opponent` (the opponent's uncertainty flattens it)."""
    return _expected((player.rating - START_RATING) / SCALE,
                     (opponent.rating - START_RATING) / SCALE, opponent.deviation / SCALE)


def aged(player: Glicko, days: float) -> Glicko:
    """The player after `days` without a rated game: the same rating, a wider deviation."""
    if days <= 0:
        return player
    phi = player.deviation / SCALE
    grown = math.sqrt(phi * phi + days * PERIODS_PER_DAY * player.volatility ** 2) * SCALE
    return Glicko(player.rating, min(MAX_DEVIATION, grown), player.volatility)


def _volatility(phi, sigma, delta, v, tau):
    """Step 5 of the paper: the new volatility by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x):
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def rate(player: Glicko, results: Sequence[Result], *, weight: float = 1.0, tau: float = TAU,
         clamp: bool = True) -> Glicko:
    """The player after one rating period holding `results`, each counted `weight` times.

    `clamp` applies lichess's bounds (deviation 45–500, at most 700 points a game); the paper's
    example is computed without them.
    """
    mu = (player.rating - START_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results or weight <= 0:
        return player
    info = impact = 0.0
    for result in results:
        mu_j = (result.opponent.rating - START_RATING) / SCALE
        phi_j = result.opponent.deviation / SCALE
        g, e = _g(phi_j), _expected(mu, mu_j, phi_j)
        info += weight * g * g * e * (1 - e)
        impact += weight * g * (result.score - e)
    v = 1.0 / info
    delta = v * impact
    sigma_new = _volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * impact
    rating, deviation = START_RATING + SCALE * mu_new, SCALE * phi_new
    if clamp:
        change = max(-MAX_CHANGE, min(MAX_CHANGE, rating - player.rating))
        rating = player.rating + change
        deviation = max(MIN_DEVIATION, min(MAX_DEVIATION, deviation))
    return Glicko(rating, deviation, sigma_new)


def win_probability(player: Glicko, opponent: Glicko) -> float:
    """The chance that `player` beats `opponent`, with both players' uncertainty (for predictions:
    lichess's formula, the combined deviation flattening the curve)."""
    phi = math.sqrt(player.deviation ** 2 + opponent.deviation ** 2) / SCALE
    return 1.0 / (1.0 + math.exp(-_g(phi) * (player.rating - opponent.rating) / SCALE))
