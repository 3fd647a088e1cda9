"""Knockout: a seeded bracket, its next rounds, best-of-N matches and who moves first in each.

The bracket (`knockout_bracket`) is padded to the next power of two and laid out in the standard
seeding order, built by doubling: [1] -> [1, 2] -> [1, 4, 2, 3] -> [1, 8, 4, 5, 2, 7, 3, 6]; each
seed s of a bracket of size P meets P + 1 - s, so the seeds missing at the end are the top seeds'
first opponents: byes (None) go to the top seeds. Seeds 1 and 2 sit in opposite halves (they can
only meet in the final), 1-4 in four different quarters, and so on. Each first-round match is
(better seed, worse seed); the winners, kept in bracket order, meet in pairs in the next round.

A match is best of N (N odd). A drawn game (a winner of None) is replayed: it counts toward no
one's wins, but it is a game played, so it takes its turn in who moves first. Game 1 of a match
is moved first by the pair's first member (the better seed in the first round), then the first
mover alternates from game to game, draws included.
"""

from collections.abc import Sequence

from .errors import PairingError


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order for a power-of-two `size`."""
    order = [1]
    while len(order) < size:
        doubled = 2 * len(order)
        order = [seed for top in order for seed in (top, doubled + 1 - top)]
    return order


def knockout_bracket(seeds: Sequence[int]) -> tuple[tuple[int | None, int | None], ...]:
    """First-round matches for entrants in seed order (best first), byes as None."""
    if len(seeds) < 2:
        raise PairingError("too_few_seeds", "a knockout needs at least two entrants")
    if len(set(seeds)) != len(seeds):
        raise PairingError("duplicate_seed", "each entrant may be seeded only once")
    size = 1 << (len(seeds) - 1).bit_length()
    slots = [seeds[seed - 1] if seed <= len(seeds) else None for seed in bracket_order(size)]
    return tuple((slots[index], slots[index + 1]) for index in range(0, size, 2))


def next_knockout_round(winners: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """The next round's matches from the last round's winners in bracket order (none after the
    final: one winner is the champion)."""
    if len(winners) & (len(winners) - 1) or not winners:
        raise PairingError("bad_winners", "a round's winners are a power of two in number")
    if len(set(winners)) != len(winners):
        raise PairingError("bad_winners", "an entrant can win only one match of a round")
    return tuple((winners[index], winners[index + 1]) for index in range(0, len(winners) - 1, 2))


def match_winner(game_winners: Sequence[int | None], best_of: int, pair: tuple[int, int]) -> int | None:
    """The match's winner, or None while undecided. `game_winners`: each game's winner in order,
    None for a draw (replayed, counting toward no one)."""
    if best_of < 1 or best_of % 2 == 0:
        raise PairingError("bad_best_of", "a match is best of an odd number of games")
    if pair[0] == pair[1]:
        raise PairingError("bad_pair", "a match is between two different entrants")
    needed = best_of // 2 + 1
    wins = dict.fromkeys(pair, 0)
    for number, winner in enumerate(game_winners, start=1):
        if winner is not None and winner not in wins:
            raise PairingError("bad_game_winner", f"game {number}'s winner {winner} is not in the match")
        if max(wins.values()) >= needed:
            raise PairingError("match_already_decided", f"game {number} was played after the match was won")
        if winner is not None:
            wins[winner] += 1
    for entrant in pair:
        if wins[entrant] >= needed:
            return entrant
    return None


def match_first_mover(pair: tuple[int, int], game_number: int) -> int:
    """Who moves first in game `game_number` (1-based, draws counted) of the match `pair`."""
    if game_number < 1:
        raise PairingError("bad_game_number", "games of a match are numbered from 1")
    return pair[(game_number - 1) % 2]
