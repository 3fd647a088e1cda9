"""One finished game rated on its ladder's model: the pure step that the live rating and the
recomputation share (so both give the same figures), no Django.

Two-player ladders use Glicko-2 (each player one rating period of one game: the other player as
the only result); the 3–4 player ladder uses `multiplayer`. Before a game, each player's
deviation first grows with the days since their last rated game. A frozen entrant (a bot) is
rated against but never moves.
"""

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from . import glicko2, multiplayer

GLICKO, MULTIPLAYER = "glicko2", "multiplayer"


@dataclass(frozen=True)
class Standing:
    """A player's figures on a ladder."""

    rating: float
    deviation: float
    volatility: float | None  # Glicko-2 only
    games: int = 0
    last_played: datetime | None = None


def start(kind: str) -> Standing:
    if kind == GLICKO:
        return Standing(glicko2.START_RATING, glicko2.START_DEVIATION, glicko2.START_VOLATILITY)
    return Standing(multiplayer.START_MU, multiplayer.START_SIGMA, None)


def is_provisional(deviation: float) -> bool:
    # Both models share the scale and the threshold (lichess's 110).
    return deviation >= glicko2.PROVISIONAL_DEVIATION


@dataclass(frozen=True)
class Entrant:
    key: Hashable
    standing: Standing
    rank: int  # 1 = best; equal ranks tie (R24's shared victory)
    left: bool = False  # resigned, abandoned or timed out: behind everyone who stayed
    frozen: bool = False


@dataclass(frozen=True)
class Outcome:
    key: Hashable
    before: Standing  # as the game saw it: the deviation already grown by the time away
    after: Standing


def pair_score(player: Entrant, opponent: Entrant) -> float:
    """1 win, ½ draw, 0 loss: a leaver loses to whoever stayed; two leavers draw."""
    if player.left != opponent.left:
        return 0.0 if player.left else 1.0
    if player.left or player.rank == opponent.rank:
        return 0.5
    return 1.0 if player.rank < opponent.rank else 0.0


def _days(standing: Standing, when: datetime | None) -> float:
    if standing.last_played is None or when is None:
        return 0.0
    return max(0.0, (when - standing.last_played).total_seconds() / 86400)


def _aged(kind: str, entrant: Entrant, when) -> Standing:
    s = entrant.standing
    if entrant.frozen:
        return s
    days = _days(s, when)
    if kind == GLICKO:
        g = glicko2.aged(glicko2.Glicko(s.rating, s.deviation, s.volatility), days)
        return replace(s, deviation=g.deviation)
    k = multiplayer.aged(multiplayer.Skill(s.rating, s.deviation), days)
    return replace(s, deviation=k.sigma)


def rate_game(kind: str, entrants: Sequence[Entrant], *, when: datetime | None = None,
              weight: float = 1.0) -> list[Outcome]:
    """Every entrant's figures after one game, in the order given."""
    if len(entrants) < 2:
        raise ValueError("a rated game needs at least two players")
    if len({e.key for e in entrants}) != len(entrants):
        raise ValueError("a player cannot hold two seats in a rated game")
    before = [_aged(kind, e, when) for e in entrants]
    if kind == GLICKO:
        if len(entrants) != 2:
            raise ValueError("Glicko-2 ladders are two-player")
        players = [glicko2.Glicko(s.rating, s.deviation, s.volatility) for s in before]
        news = []
        for i, entrant in enumerate(entrants):
            if entrant.frozen:
                news.append((before[i].rating, before[i].deviation, before[i].volatility))
                continue
            other = entrants[1 - i]
            new = glicko2.rate(players[i], [glicko2.Result(players[1 - i], pair_score(entrant, other))],
                               weight=weight)
            news.append((new.rating, new.deviation, new.volatility))
    else:
        skills = multiplayer.rate(
            [multiplayer.Seat(e.key, multiplayer.Skill(s.rating, s.deviation), e.rank, e.left, e.frozen)
             for e, s in zip(entrants, before, strict=True)],
            weight=weight,
        )
        news = [(k.mu, k.sigma, None) for k in skills]
    return [
        Outcome(e.key, s, Standing(round(r, 2), round(d, 2), None if v is None else round(v, 6),
                                   s.games + 1, when))
        for e, s, (r, d, v) in zip(entrants, before, news, strict=True)
    ]
