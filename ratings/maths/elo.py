"""Multiplayer Elo as pairwise results: the one implementation, pure Python (docs/ratings.md).

Each pair of players at the table is one result: 1 for the better final rank, ½ for equal ranks
(R24 shared victories are draws), 0 for the worse. A player who left loses to everyone who stayed;
two leavers draw with each other. Each player's change is

    delta = K / (n - 1) * sum over opponents (score - expected)

with K = 40 while provisional (fewer than 20 rated games before this one), else 20, so a game of
n players weighs like one 2-player game. Figures are rounded to hundredths so they survive a
database round trip exactly and a recomputation reproduces them to the digit.
"""

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

START_RATING = 1500.0
PROVISIONAL_GAMES = 20
K_PROVISIONAL = 40
K_ESTABLISHED = 20
SCALE = 400


@dataclass(frozen=True)
class Entrant:
    """One player of a finished game as the rating sees them."""

    key: Hashable  # who (a user id in the app)
    rating: float  # before the game
    games: int  # rated games played before this one
    rank: int  # final rank, 1 = best, ties share a rank
    left: bool = False  # resigned, abandoned or timed out


@dataclass(frozen=True)
class Change:
    key: Hashable
    before: float
    after: float
    delta: float
    k: int
    score: float  # points from the pairwise results
    expected: float  # expected points against these opponents


def is_provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES


def k_factor(games: int) -> int:
    return K_PROVISIONAL if is_provisional(games) else K_ESTABLISHED


def expected_score(rating: float, opponent: float) -> float:
    """The chance of beating `opponent`, by the logistic Elo curve."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / SCALE))


def pair_score(player: Entrant, opponent: Entrant) -> float:
    """The result of one pair: 1 win, 0.5 draw, 0 loss."""
    if player.left != opponent.left:
        return 0.0 if player.left else 1.0
    if player.left:  # both left: neither beat the other
        return 0.5
    if player.rank == opponent.rank:
        return 0.5
    return 1.0 if player.rank < opponent.rank else 0.0


def rate(entrants: Sequence[Entrant]) -> list[Change]:
    """The rating change of every entrant of one game, in the order given."""
    if len(entrants) < 2:
        raise ValueError("a rated game needs at least two players")
    keys = [entrant.key for entrant in entrants]
    if len(set(keys)) != len(keys):
        raise ValueError("a player cannot hold two seats in a rated game")
    opponents = len(entrants) - 1
    changes = []
    for player in entrants:
        score = expected = 0.0
        for opponent in entrants:
            if opponent is player:
                continue
            score += pair_score(player, opponent)
            expected += expected_score(player.rating, opponent.rating)
        k = k_factor(player.games)
        delta = round(k / opponents * (score - expected), 2)
        changes.append(
            Change(
                key=player.key,
                before=player.rating,
                after=round(player.rating + delta, 2),
                delta=delta,
                k=k,
                score=score,
                expected=expected,
            )
        )
    return changes


def shown_rating(rating: float) -> int:
    """A rating as pages show it: a whole number (the ledger keeps hundredths)."""
    return round(rating)


def shown_change(before: float, after: float) -> int:
    """A rating change as pages show it: the difference of the shown ratings, so a player's
    shown changes always add up to their shown rating."""
    return shown_rating(after) - shown_rating(before)
