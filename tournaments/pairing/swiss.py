"""Swiss pairing for two-player games: score groups, no avoidable rematch, first moves balanced.

One round is one minimum-cost perfect matching (networkx's blossom algorithm) over every pair of
entrants, plus a virtual "bye" entrant when the count is odd. Each pair's cost is a tuple compared
lexicographically (matching.py keeps the tiers apart exactly), most important first:

1. rematch: how many times the two have met already;
2. absolute colour clash: both must take the same side (sides.py);
3. bye: for the bye only, how many bye-eligible entrants rank below the one receiving it;
4. score: the squared difference of their points (in quarter points): pair within score groups,
   float as few and as little as possible;
5. strong colour clash: both want the same side to even their balance;
6. mild colour clash: both want to alternate onto the same side;
7. shape: how far each is, in the standing, from the other's partner in the unconstrained
   Dutch-like layout (see `ideal_partners`), squared: top half against bottom half within a score
   group, the lowest of an odd group floating down to meet the top of the next.

Only entrants with the fewest byes so far are joined to the bye, so nobody gets a second bye
before everyone has had one. The standing for pairing: points, then rating, then id (higher
points and rating first, lower id first).

Fields up to `EXACT_UP_TO` entrants are matched on the complete graph: the exact optimum. On
larger ones networkx's blossom over the complete graph takes seconds (200 entrants), so:
1. the standing is cut into chunks of at least `CHUNK` entrants wherever no pair of the ideal
   layout crosses (between score groups, a floater going with the group below), and each chunk
   is matched on its own, over the pairs near each other in the standing or near each other's
   ideal partner (`WINDOW`); a chunk whose answer is not clean (a rematch, an absolute clash,
   the bye not on the lowest candidate) is merged with its neighbour and matched again;
2. if even the whole field as one chunk is not clean: the whole field over `WIDE_WINDOW`;
3. and if still not clean, the complete graph.
A clean answer has no rematch, no absolute clash and the bye on the lowest candidate: the first
three tiers are then as good as the complete graph's, so a rematch is never made while one is
avoidable, whatever the field's size. The lower tiers (score, colours, shape) are optimal within
each chunk and window, which is where their optimum lies in all but contrived cases.
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import PairingError
from .matching import cheapest_matching
from .sides import SideHistory, first_of_pair, side_clash

EXACT_UP_TO = 40  # fields up to this size: always the complete graph, the exact optimum
CHUNK = 24  # larger fields are paired in chunks of at least this many (`chunks`)
WINDOW = 8  # a chunk's pairs: this close in the standing or to an ideal partner (`in_window`)
WIDE_WINDOW = 24  # the whole field's, before the complete graph
QUARTERS = 4  # points are compared to the nearest quarter point


@dataclass(frozen=True)
class Entrant:
    """A player's record entering a round."""

    id: int  # the tournament entry's id
    points: float  # tournament points so far (byes included)
    rating: float  # seeding rating, higher is stronger
    opponents: tuple[int, ...] = ()  # ids met so far, one per game played (multiplayer: each tablemate)
    first_moves: int = 0  # games so far in which this entrant moved first
    games: int = 0  # games played (byes not counted)
    last_first: bool | None = None  # moved first in its last game; None before its first game
    byes: int = 0  # byes (and unpaired rounds) received
    seats: tuple[int, ...] = ()  # multiplayer: seat positions held so far, in order (0 = first to move)
    same_side_run: int = 0  # games in a row, up to its last, on the side of its last game (0: unknown, read as 1)

    @property
    def sides(self) -> SideHistory:
        return SideHistory(2 * self.first_moves - self.games, self.last_first, self.same_side_run)


@dataclass(frozen=True)
class SwissRound:
    games: tuple[tuple[int, int], ...]  # each game: (moves first, moves second), top board first
    bye: int | None  # who sits out with a bye (odd count), else None


def standing_key(entrant: Entrant) -> tuple[float, float, int]:
    """The order in which entrants are ranked for pairing: points, rating, then the lower id."""
    return -entrant.points, -entrant.rating, entrant.id


def check_entrants(entrants: Sequence[Entrant]) -> None:
    ids = [entrant.id for entrant in entrants]
    if len(set(ids)) != len(ids):
        raise PairingError("duplicate_entrant", "each entrant may appear only once")
    for entrant in entrants:
        if not 0 <= entrant.first_moves <= entrant.games or entrant.byes < 0 or entrant.same_side_run < 0:
            raise PairingError(
                "bad_entrant",
                f"entrant {entrant.id}: first moves must lie between 0 and its games, byes and runs can't be negative",
            )
        if entrant.id in entrant.opponents:
            raise PairingError("bad_entrant", f"entrant {entrant.id} is listed as its own opponent")


def bye_candidates(ranked: Sequence[Entrant]) -> list[Entrant]:
    """Who may take the bye (those with the fewest byes), lowest-ranked first."""
    fewest = min(entrant.byes for entrant in ranked)
    return [entrant for entrant in reversed(ranked) if entrant.byes == fewest]


def ideal_partners(ranked: Sequence[Entrant]) -> dict[int, int]:
    """The pairing with no history to respect (the Dutch system's shape): score groups from the
    top; an odd group's lowest entrant floats down and meets the top of the next group; the rest
    of a group pairs its top half against its bottom half (1st v (n/2+1)th, ...). `ranked` is in
    standing order and even in number."""
    partners: dict[int, int] = {}

    def pair(a: Entrant, b: Entrant) -> None:
        partners[a.id], partners[b.id] = b.id, a.id

    groups: list[list[Entrant]] = []
    for entrant in ranked:
        if groups and groups[-1][0].points == entrant.points:
            groups[-1].append(entrant)
        else:
            groups.append([entrant])
    floater: Entrant | None = None
    for group in groups:
        residents = list(group)
        if floater is not None:
            pair(floater, residents.pop(0))
            floater = None
        if len(residents) % 2:
            floater = residents.pop()
        half = len(residents) // 2
        for top, bottom in zip(residents[:half], residents[half:], strict=True):
            pair(top, bottom)
    return partners


def swiss_round(entrants: Sequence[Entrant]) -> SwissRound:
    """The next round's games and bye (see the module's docstring for the rules)."""
    check_entrants(entrants)
    ranked = sorted(entrants, key=standing_key)
    if len(ranked) < 2:
        return SwissRound((), ranked[0].id if ranked else None)
    candidates = bye_candidates(ranked) if len(ranked) % 2 else []
    expected_bye = candidates[0].id if candidates else None
    ideal = ideal_partners([entrant for entrant in ranked if entrant.id != expected_bye])
    costs = PairCosts(ranked, ideal, candidates)
    if len(ranked) <= EXACT_UP_TO:
        pairs = costs.matching(ranked, None, True)
    else:
        pairs = costs.by_chunks(expected_bye) or costs.windowed(expected_bye) or costs.matching(ranked, None, True)
    return costs.games_and_bye(pairs)


def chunks(ranked: Sequence[Entrant], ideal: dict[int, int], size: int) -> list[list[Entrant]]:
    """The standing cut into runs of at least `size` entrants wherever no pair of the ideal
    layout crosses the cut (so, in practice, between score groups)."""
    position = {entrant.id: index for index, entrant in enumerate(ranked)}
    runs: list[list[Entrant]] = [[]]
    reach = 0
    for index, entrant in enumerate(ranked):
        runs[-1].append(entrant)
        reach = max(reach, position[ideal.get(entrant.id, entrant.id)])
        if reach <= index and len(runs[-1]) >= size and len(ranked) - index - 1 >= size:
            runs.append([])
    return runs


Pairs = list[tuple[int | None, int | None]]


class PairCosts:
    """Each possible pair's cost tuple (the module's tiers), for one round."""

    def __init__(self, ranked: Sequence[Entrant], ideal: dict[int, int], candidates: Sequence[Entrant]) -> None:
        self.ranked = list(ranked)
        self.by_id = {entrant.id: entrant for entrant in ranked}
        self.position = {entrant.id: index for index, entrant in enumerate(ranked)}
        self.ideal = ideal
        self.met = {entrant.id: Counter(entrant.opponents) for entrant in ranked}
        self.candidates = list(candidates)

    def pair_cost(self, a: Entrant, b: Entrant) -> tuple[int, ...]:
        position = self.position
        clash = side_clash(a.sides, b.sides)
        score = round(a.points * QUARTERS) - round(b.points * QUARTERS)
        ideal_a = position[self.ideal.get(a.id, a.id)]
        ideal_b = position[self.ideal.get(b.id, b.id)]
        shape = (position[b.id] - ideal_a) ** 2 + (position[a.id] - ideal_b) ** 2
        return (self.met[a.id][b.id], clash.absolute, 0, score * score, clash.strong, clash.mild, shape)

    def in_window(self, a: Entrant, b: Entrant, window: int | None) -> bool:
        if window is None:
            return True
        position = self.position
        ideal_a = position[self.ideal.get(a.id, a.id)]
        ideal_b = position[self.ideal.get(b.id, b.id)]
        return (
            min(abs(position[a.id] - position[b.id]), abs(position[b.id] - ideal_a), abs(position[a.id] - ideal_b))
            <= window
        )

    def matching(self, members: Sequence[Entrant], window: int | None, with_bye: bool) -> Pairs:
        """The cheapest matching of `members` (in standing order) over their pairs within
        `window` (None: all pairs), and the bye for the candidates among them if `with_bye`."""
        costs: dict[tuple[int | None, int | None], tuple[int, ...]] = {}
        for index, a in enumerate(members):
            for b in members[index + 1 :]:
                if self.in_window(a, b, window):
                    costs[a.id, b.id] = self.pair_cost(a, b)
        ids = {entrant.id for entrant in members}
        candidates = [candidate for candidate in self.candidates if with_bye and candidate.id in ids]
        for below, candidate in enumerate(candidates):
            costs[candidate.id, None] = (0, 0, below, 0, 0, 0, 0)
        nodes: list[int | None] = [entrant.id for entrant in members]
        if candidates:
            nodes.append(None)
        return cheapest_matching(costs, nodes)

    def by_chunks(self, expected_bye: int | None) -> Pairs | None:
        """The round paired chunk by chunk (`chunks`), neighbouring chunks merged while one is not
        clean; None when even the whole field in one chunk is not."""
        runs = chunks(self.ranked, self.ideal, CHUNK)
        solved: dict[int, Pairs] = {}
        index = 0
        while index < len(runs):
            run = runs[index]
            window = None if len(run) <= EXACT_UP_TO else WINDOW
            has_bye = any(entrant.id == expected_bye for entrant in run)
            pairs = self.matching(run, window, has_bye)
            if self.is_clean(pairs, run, expected_bye if has_bye else None):
                solved[index] = pairs
                index += 1
                continue
            if len(runs) == 1:
                return None
            merged = index if index + 1 < len(runs) else index - 1  # with the next, the last with the one above
            runs[merged : merged + 2] = [runs[merged] + runs[merged + 1]]
            solved = {key: value for key, value in solved.items() if key < merged}
            index = merged
        return [pair for key in sorted(solved) for pair in solved[key]]

    def windowed(self, expected_bye: int | None) -> Pairs | None:
        """The whole field over the wide window, if clean."""
        pairs = self.matching(self.ranked, WIDE_WINDOW, True)
        return pairs if self.is_clean(pairs, self.ranked, expected_bye) else None

    def is_clean(self, pairs: Pairs, members: Sequence[Entrant], expected_bye: int | None) -> bool:
        """Whether an answer for `members` is provably as good as the complete graph's in the
        first three tiers: everyone paired, no rematch, no absolute clash, the bye where expected."""
        if 2 * len(pairs) != len(members) + (expected_bye is not None):
            return False
        for a, b in pairs:
            if b is None:
                if a != expected_bye:
                    return False
                continue
            assert a is not None
            cost = self.pair_cost(self.by_id[a], self.by_id[b])
            if cost[0] or cost[1]:
                return False
        return True

    def games_and_bye(self, pairs: Pairs) -> SwissRound:
        games: list[tuple[int, int]] = []
        bye: int | None = None
        for a, b in sorted(pairs, key=lambda pair: -1 if pair[0] is None else self.position[pair[0]]):  # boards
            assert a is not None
            if b is None:
                bye = a
                continue
            top, bottom = self.by_id[a], self.by_id[b]
            # Nothing to separate them (as in round 1): the better-ranked moves first on every
            # other board of the standing, as chess Swiss systems alternate the first colour.
            top_first = first_of_pair(top.sides, bottom.sides, self.position[a] % 2 == 0)
            games.append((a, b) if top_first else (b, a))
        return SwissRound(tuple(games), bye)
