"""The 3–4 player ladder: openskill's Plackett–Luce (Weng & Lin 2011), on the Glicko scale.

A skill and an uncertainty per player, as Glicko-2's rating and deviation: mu starts at 1500,
sigma at START_SIGMA, and BETA (the spread of one game's performance) is chosen so that two
certain players 400 points apart are expected 10 to 1, as on the two-player ladders. A shared
victory (R24) is a tie; a leaver ranks last, behind everyone who stayed (two leavers tie).
openskill is a well-kept package (no dependencies, a compiled build, its models checked against
the paper); this module only maps the site's ranks and constants onto it, and adds what it lacks:
frozen players (bots), a game's weight (anti-farming) and uncertainty growing with time away.
bench/rating_models.py measured Plackett–Luce against Thurstone–Mosteller (docs/ratings.md).
"""

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, ThurstoneMostellerFull

from .glicko2 import PERIODS_PER_DAY, SCALE, START_VOLATILITY

START_MU = 1500.0
START_SIGMA = 350.0
BETA = SCALE / math.sqrt(2)  # 2 players: P(400 points better wins) = 10/11, as on Glicko
TAU = 5.0  # sigma's floor per game (openskill's dynamics: skill may drift)
MIN_SIGMA = 45.0
PROVISIONAL_SIGMA = 110.0
# Time away widens sigma as Glicko-2 does for a player of the starting volatility.
SIGMA_GROWTH_PER_DAY = PERIODS_PER_DAY * (START_VOLATILITY * SCALE) ** 2

MODELS = {
    "plackett-luce": PlackettLuce,
    "thurstone-mosteller": ThurstoneMostellerFull,
}
MODEL = "plackett-luce"  # the measured winner (docs/ratings.md)


@dataclass(frozen=True)
class Skill:
    mu: float = START_MU
    sigma: float = START_SIGMA

    @property
    def provisional(self) -> bool:
        return self.sigma >= PROVISIONAL_SIGMA


@dataclass(frozen=True)
class Seat:
    key: Hashable
    skill: Skill
    rank: int  # 1 = best; ties share
    left: bool = False
    frozen: bool = False  # a bot: its skill never moves


def model(name: str = MODEL):
    return MODELS[name](mu=START_MU, sigma=START_SIGMA, beta=BETA, tau=TAU)


def aged(skill: Skill, days: float) -> Skill:
    if days <= 0:
        return skill
    return Skill(skill.mu, min(START_SIGMA, math.sqrt(skill.sigma ** 2 + days * SIGMA_GROWTH_PER_DAY)))


def effective_ranks(seats: Sequence[Seat]) -> list[int]:
    """The ranks the model sees: the board's, with every leaver behind everyone who stayed."""
    stayed = [seat.rank for seat in seats if not seat.left]
    last = (max(stayed) if stayed else 0) + 1
    return [last if seat.left else seat.rank for seat in seats]


def rate(seats: Sequence[Seat], *, weight: float = 1.0, name: str = MODEL) -> list[Skill]:
    """Every seat's skill after one game (in the order given). A frozen seat keeps its skill;
    a weight w < 1 moves the others only w of the way (mu, and sigma's variance)."""
    if len(seats) < 2:
        raise ValueError("a rated game needs at least two players")
    if len({seat.key for seat in seats}) != len(seats):
        raise ValueError("a player cannot hold two seats in a rated game")
    m = model(name)
    teams = [[m.rating(mu=seat.skill.mu, sigma=seat.skill.sigma)] for seat in seats]
    rated = m.rate(teams, ranks=effective_ranks(seats))
    out = []
    for seat, (new,) in zip(seats, rated, strict=True):
        old = seat.skill
        if seat.frozen or weight <= 0:
            out.append(old)
            continue
        mu = old.mu + weight * (new.mu - old.mu)
        variance = old.sigma ** 2 + weight * (new.sigma ** 2 - old.sigma ** 2)
        out.append(Skill(mu, max(MIN_SIGMA, math.sqrt(variance))))
    return out


def win_probabilities(skills: Sequence[Skill], name: str = MODEL) -> list[float]:
    """Each player's chance to finish first, by the model (for the comparison bench)."""
    m = model(name)
    return m.predict_win([[m.rating(mu=s.mu, sigma=s.sigma)] for s in skills])
