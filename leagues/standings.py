"""The table of standings: fixture results in, ordered rows out. Pure Python, no Django.

Points: each finishing place earns the league's points for that place; players sharing places
split the points of the places they span equally (2 players, 2/0 points: a shared first place is
a draw worth 1 each), unless the league sets `draw_points` for 2-player draws.
A win is a first place nobody shares; a draw a shared first place; anything else a loss.

Tie-breaks apply in the league's order among players equal on everything before:
  points, wins, score (total Azul score), head_to_head.
head_to_head is a mini-league of the players still tied: in every game two of them played
together, the better placed gets 1, an equal place 1/2 each. Players equal on every tie-break
share the place (1, 2, 2, 4) and are listed in the order given.
"""

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

TIE_BREAKS = ("points", "wins", "score", "head_to_head")


@dataclass(frozen=True)
class Result:
    """One decided fixture: places (1 = best; equal numbers share) and Azul scores."""

    places: dict  # player -> place
    scores: dict = field(default_factory=dict)  # player -> Azul score (missing: 0)
    round: int = 0


@dataclass
class Row:
    player: Hashable
    place: int = 0
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    points: Fraction = Fraction(0)
    score: int = 0
    head_to_head: Fraction | None = None  # set only when it was needed to split a tie


def points_for_places(places: dict, points_per_place: Sequence, draw_points=None) -> dict:
    """{player: place} -> {player: Fraction points}."""
    ordered = sorted(places.values())
    awarded = {}
    for player, place in places.items():
        sharing = ordered.count(place)
        spanned = [
            Fraction(points_per_place[i]) if i < len(points_per_place) else Fraction(0)
            for i in range(place - 1, place - 1 + sharing)
        ]
        awarded[player] = sum(spanned, Fraction(0)) / sharing
        if draw_points is not None and len(places) == 2 and sharing == 2:
            awarded[player] = Fraction(draw_points)
    return awarded


def table(
    players: Sequence[Hashable],
    results: Sequence[Result],
    points_per_place: dict,
    tie_breaks: Sequence[str] = TIE_BREAKS,
    draw_points=None,
) -> list[Row]:
    """The standings of `players` after `results`.

    points_per_place: {players in the game: [points for place 1, 2, ...]}.
    """
    for criterion in tie_breaks:
        if criterion not in TIE_BREAKS:
            raise ValueError(f"unknown tie-break {criterion!r}")
    rows = {player: Row(player) for player in players}
    for result in results:
        size = len(result.places)
        earned = points_for_places(result.places, points_per_place[size], draw_points)
        firsts = [p for p, place in result.places.items() if place == 1]
        for player, place in result.places.items():
            row = rows.get(player)
            if row is None:
                continue  # someone no longer in this table (removed from the division)
            row.played += 1
            row.points += earned[player]
            row.score += int(result.scores.get(player, 0) or 0)
            if place == 1 and len(firsts) == 1:
                row.wins += 1
            elif place == 1:
                row.draws += 1
            else:
                row.losses += 1

    blocks = _split([rows[p] for p in players], list(tie_breaks), results)
    ordered, place = [], 1
    for block in blocks:
        for row in block:
            row.place = place
            ordered.append(row)
        place += len(block)
    return ordered


def _split(rows, criteria, results):
    """Order `rows` by the first criterion; split each tied group by the remaining ones."""
    if len(rows) <= 1 or not criteria:
        return [rows] if rows else []
    criterion, rest = criteria[0], criteria[1:]
    if criterion == "head_to_head":
        keys = _head_to_head([row.player for row in rows], results)
        for row in rows:
            row.head_to_head = keys[row.player]
    else:
        keys = {row.player: getattr(row, criterion) for row in rows}
    values = sorted({keys[row.player] for row in rows}, reverse=True)
    blocks = []
    for value in values:
        group = [row for row in rows if keys[row.player] == value]
        blocks.extend(_split(group, rest, results))
    return blocks


def _head_to_head(players, results):
    tied = set(players)
    earned = {player: Fraction(0) for player in players}
    for result in results:
        here = [p for p in result.places if p in tied]
        for a in here:
            for b in here:
                if a == b:
                    continue
                if result.places[a] < result.places[b]:
                    earned[a] += 1
                elif result.places[a] == result.places[b]:
                    earned[a] += Fraction(1, 2)
    return earned


def movement(now: Sequence[Row], before: Sequence[Row]) -> dict:
    """{player: places gained (positive: up) since `before`}; 0 for new or unmoved rows."""
    earlier = {row.player: row.place for row in before}
    return {row.player: earlier.get(row.player, row.place) - row.place for row in now}
