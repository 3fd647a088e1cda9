"""Standings and their tie-breaks (FIDE-like), from each entrant's results round by round.

Order: points, then Buchholz, then Sonneborn-Berger, then game points (the Azul scores summed),
then rating, then the lower id.
- Buchholz: the sum of the final points of the entrant's opponents.
- Sonneborn-Berger: the sum, over its games, of the opponent's final points times the points the
  entrant earned in that game (a win counts the opponent's whole score, a draw half, a loss none).
- A bye or an unplayed round counts as a game against a virtual opponent with the entrant's own
  final points (FIDE's simplified rule): it neither helps nor hurts the tie-breaks relative to the
  entrant's own score, so a bye is never a tie-break penalty nor a gift.
"""

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .errors import PairingError


@dataclass(frozen=True)
class Result:
    """One entrant's outcome of one round."""

    entrant: int
    opponent: int | None  # None: a bye or an unplayed round
    points: float  # tournament points it earned that round
    game_points: int = 0  # the Azul score of the game (0 for a bye)


@dataclass(frozen=True)
class Tiebreaks:
    buchholz: float
    sonneborn_berger: float
    game_points: int


def totals(results: Iterable[Result]) -> dict[int, float]:
    """Each entrant's points."""
    points: dict[int, float] = defaultdict(float)
    for result in results:
        points[result.entrant] += result.points
    return dict(points)


def tiebreaks(results: Iterable[Result]) -> dict[int, Tiebreaks]:
    """Buchholz, Sonneborn-Berger and game points of every entrant with a result."""
    results = list(results)
    for result in results:
        if result.opponent == result.entrant:
            raise PairingError("bad_result", f"entrant {result.entrant} can't be its own opponent")
    points = totals(results)
    buchholz: dict[int, float] = defaultdict(float)
    sonneborn_berger: dict[int, float] = defaultdict(float)
    game_points: dict[int, int] = defaultdict(int)
    for result in results:
        me = result.entrant
        opponent_points = points[me] if result.opponent is None else points.get(result.opponent, 0.0)
        buchholz[me] += opponent_points
        sonneborn_berger[me] += opponent_points * result.points
        game_points[me] += result.game_points
    return {
        entrant: Tiebreaks(buchholz[entrant], sonneborn_berger[entrant], game_points[entrant]) for entrant in points
    }


def standings(results: Iterable[Result], ratings: Mapping[int, float]) -> tuple[int, ...]:
    """Every entrant with a result or a rating, best first (the module's order)."""
    results = list(results)
    points = totals(results)
    breaks = tiebreaks(results)
    entrants = set(points) | set(ratings)
    missing = sorted(entrants - set(ratings))
    if missing:
        raise PairingError("missing_rating", f"no rating for entrants {missing}")
    none = Tiebreaks(0.0, 0.0, 0)

    def key(entrant: int) -> tuple[float, float, float, int, float, int]:
        tie = breaks.get(entrant, none)
        return (
            -points.get(entrant, 0.0),
            -tie.buchholz,
            -tie.sonneborn_berger,
            -tie.game_points,
            -ratings[entrant],
            entrant,
        )

    return tuple(sorted(entrants, key=key))
