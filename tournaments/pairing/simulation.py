"""Whole tournaments played out with random results, on the pairing functions alone: how the
tests check what holds over many rounds, and a way to try settings. Randomness comes only from
the `random.Random` passed in."""

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .multiplayer import multiplayer_round, placement_points
from .swiss import Entrant, SwissRound, swiss_round
from .tiebreaks import Result

DRAW_CHANCE = 0.1


def after_game(entrant: Entrant, opponents: Sequence[int], points: float, seat: int) -> Entrant:
    """The entrant's record after a game at `seat` (0 moves first) against `opponents`."""
    first = seat == 0
    run = entrant.same_side_run + 1 if entrant.last_first is first else 1
    return replace(
        entrant,
        points=entrant.points + points,
        opponents=entrant.opponents + tuple(opponents),
        first_moves=entrant.first_moves + first,
        games=entrant.games + 1,
        last_first=first,
        seats=entrant.seats + (seat,),
        same_side_run=run,
    )


def after_bye(entrant: Entrant, points: float) -> Entrant:
    return replace(entrant, points=entrant.points + points, byes=entrant.byes + 1)


def first_mover_points(first: Entrant, second: Entrant, rng: random.Random) -> float:
    """A random result, from the first mover's side: a draw now and then, else a win with the
    Elo expectation of the two ratings."""
    if rng.random() < DRAW_CHANCE:
        return 0.5
    expected = 1 / (1 + 10 ** ((second.rating - first.rating) / 400))
    return 1.0 if rng.random() < expected else 0.0


@dataclass(frozen=True)
class SwissPlay:
    rounds: tuple[SwissRound, ...]
    results: tuple[Result, ...]
    entrants: tuple[Entrant, ...]  # their records after the last round


def simulate_swiss(
    entrants: Sequence[Entrant], rounds: int, rng: random.Random, *, bye_points: float = 1.0
) -> SwissPlay:
    """`rounds` rounds of `swiss_round`, each game's result drawn from `rng`."""
    records = {entrant.id: entrant for entrant in entrants}
    played: list[SwissRound] = []
    results: list[Result] = []
    for _ in range(rounds):
        pairing = swiss_round(list(records.values()))
        played.append(pairing)
        for first, second in pairing.games:
            points = first_mover_points(records[first], records[second], rng)
            records[first] = after_game(records[first], (second,), points, 0)
            records[second] = after_game(records[second], (first,), 1 - points, 1)
            results += [Result(first, second, points), Result(second, first, 1 - points)]
        if pairing.bye is not None:
            records[pairing.bye] = after_bye(records[pairing.bye], bye_points)
            results.append(Result(pairing.bye, None, bye_points))
    return SwissPlay(tuple(played), tuple(results), tuple(records.values()))


@dataclass(frozen=True)
class MultiplayerPlay:
    rounds: tuple[tuple[tuple[int, ...], ...], ...]  # each round's tables in seat order
    entrants: tuple[Entrant, ...]


def simulate_multiplayer(
    entrants: Sequence[Entrant], rounds: int, table_size: int, rng: random.Random
) -> MultiplayerPlay:
    """`rounds` rounds of `multiplayer_round`; each table finishes in a random order (no ties)
    and scores `placement_points`' default; a lone entrant left out gets a bye worth nothing."""
    records = {entrant.id: entrant for entrant in entrants}
    played: list[tuple[tuple[int, ...], ...]] = []
    for _ in range(rounds):
        tables = multiplayer_round(list(records.values()), table_size)
        played.append(tables)
        for table in tables:
            places = list(range(1, len(table) + 1))
            rng.shuffle(places)
            for seat, (member, points) in enumerate(zip(table, placement_points(places, table_size), strict=True)):
                mates = tuple(other for other in table if other != member)
                records[member] = after_game(records[member], mates, points, seat)
        seated = {member for table in tables for member in table}
        for left_out in set(records) - seated:
            records[left_out] = after_bye(records[left_out], 0.0)
    return MultiplayerPlay(tuple(played), tuple(records.values()))
