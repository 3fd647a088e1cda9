"""Accuracy: how close a player's moves came to the judge's best, on a 0–100 scale.

Chess sites (lichess) turn each move's loss of winning chances into a move accuracy with a
decaying exponential and average those. Azul's judge already says what a move cost in final-score
points (``Judgement.loss``), so the decay is on points lost:

    move accuracy = 100 · exp(−loss · ln 2 / HALF_LIFE)

with ``HALF_LIFE`` = 4 points, the mistake threshold of ``GRADES``: a move that loses nothing
scores 100, one at the inaccuracy threshold (1.5 points) 77, at the mistake threshold (4) 50, at
the blunder threshold (8) 25, and a 20-point blunder 3. The scale never goes below 0 and needs no
lichess-style offset: a loss of points has no ceiling, so the curve may just tend to 0.

A game's accuracy for a player is the mean of their move accuracies, forced moves skipped (the
only legal move says nothing about the player); a player with no unforced move has none (None).
Pure library: no Django, no I/O.
"""

import math
from collections.abc import Iterable
from dataclasses import dataclass

from . import GRADE_NAMES

# Points lost that halve a move's accuracy: the mistake threshold (docs/analysis.md "Accuracy").
HALF_LIFE = 4.0
DECAY = math.log(2) / HALF_LIFE


def move_accuracy(loss: float) -> float:
    """0–100 for a move that lost ``loss`` points (negative losses count as none)."""
    return 100.0 * math.exp(-DECAY * max(0.0, loss))


@dataclass(frozen=True)
class JudgedMove:
    """What accuracy needs of one judged move (a ``Judgement`` or a stored row)."""

    player: int
    loss: float
    grade: str
    forced: bool


@dataclass(frozen=True)
class PlayerAccuracy:
    """One player's summary of a game: ``accuracy`` (0–100, rounded to 0.1; None without an
    unforced move), moves judged (forced included), unforced moves, grade counts."""

    player: int
    accuracy: float | None
    moves: int
    unforced: int
    average_loss: float
    inaccuracies: int
    mistakes: int
    blunders: int


def game_accuracy(losses: Iterable[float]) -> float | None:
    """The mean move accuracy of the (unforced) moves' losses, rounded to 0.1; None if none."""
    values = [move_accuracy(loss) for loss in losses]
    return round(sum(values) / len(values), 1) if values else None


def player_accuracies(moves: Iterable[JudgedMove], players: int) -> list[PlayerAccuracy]:
    """A ``PlayerAccuracy`` for every seat 0..players-1, in seat order."""
    by_player: list[list[JudgedMove]] = [[] for _ in range(players)]
    for move in moves:
        by_player[move.player].append(move)
    out = []
    for player, mine in enumerate(by_player):
        unforced = [m for m in mine if not m.forced]
        counts = {name: sum(1 for m in mine if m.grade == name) for name in GRADE_NAMES}
        out.append(PlayerAccuracy(
            player=player, accuracy=game_accuracy(m.loss for m in unforced), moves=len(mine),
            unforced=len(unforced),
            average_loss=round(sum(m.loss for m in mine) / len(mine), 2) if mine else 0.0,
            inaccuracies=counts["inaccuracy"], mistakes=counts["mistake"],
            blunders=counts["blunder"]))
    return out


__all__ = ["DECAY", "HALF_LIFE", "JudgedMove", "PlayerAccuracy", "game_accuracy",
           "move_accuracy", "player_accuracies"]
