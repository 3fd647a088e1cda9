"""Fixture generation for a league season: which players meet in which round.

Pure Python (no Django, no I/O); players are any hashable ids, given in seeding order.
The guarantees, checked for 2-12 players x 2/3/4 per game x single/double by tests/leagues:

2 per game (circle method):
  - single: every pair meets exactly once; double: exactly twice, the second cycle repeating the
    first with the seat order swapped.
  - odd count: one bye per round, each player exactly once per cycle.
  - rounds: n - 1 per cycle (n even), n per cycle (n odd).
3-4 per game (k per game):
  - every round has n // k games of exactly k and n % k byes; nobody plays twice in a round.
  - byes: after every round, any two players' bye counts differ by at most one, so nobody sits
    out twice before everyone has sat out once.
  - every pair meets at least once (single) or twice (double).
  - rounds: the fewest for which the search meets the line above, starting from the lower bound
    `rounds_lower_bound` (enough games for each player, byes counted, and enough seats).
  - evenness: groups come from a seeded local search (deterministic: the same players in the same
    order always get the same schedule) minimising the sum of squared meeting counts; the
    measured spread (most minus fewest meetings of a pair) is listed in docs/leagues.md and
    bounded by the tests.
"""

import itertools
import math
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

SEARCH_SEED = 20_260_101  # fixed: the same players always get the same schedule
SEARCH_ATTEMPTS = 4
ITERATIONS_PER_PLAYER = 400
MAX_EXTRA_ROUNDS = 3


@dataclass(frozen=True)
class RoundPlan:
    groups: tuple[tuple[Hashable, ...], ...]  # each group is one game; its seat order
    byes: tuple[Hashable, ...]


def schedule(players: Sequence[Hashable], per_game: int, cycles: int = 1) -> list[RoundPlan]:
    """The rounds of a season for `players`, `per_game` (2-4) at each game, `cycles` 1 or 2."""
    players = list(players)
    if per_game not in (2, 3, 4):
        raise ValueError("per_game must be 2, 3 or 4")
    if cycles not in (1, 2):
        raise ValueError("cycles must be 1 (single) or 2 (double)")
    if len(set(players)) != len(players):
        raise ValueError("players must be distinct")
    if len(players) < per_game:
        raise ValueError(f"at least {per_game} players are needed")
    if per_game == 2:
        return round_robin(players, cycles)
    return balanced_groups(players, per_game, cycles)


# --- 2 per game: the circle method ----------------------------------------------------------


def round_robin(players: Sequence[Hashable], cycles: int = 1) -> list[RoundPlan]:
    """Berger tables: fix the first slot, rotate the rest; an odd count gets a bye slot."""
    slots = list(players) + ([None] if len(players) % 2 else [])
    n = len(slots)
    first = []
    for r in range(n - 1):
        pairs, byes = [], []
        for i in range(n // 2):
            a, b = slots[i], slots[n - 1 - i]
            if a is None or b is None:
                byes.append(b if a is None else a)
                continue
            # Alternate who sits first so no one always starts in seat 0.
            pairs.append((a, b) if (r + i) % 2 == 0 else (b, a))
        first.append(RoundPlan(tuple(pairs), tuple(byes)))
        slots = [slots[0], slots[-1], *slots[1:-1]]
    if cycles == 1:
        return first
    swapped = [RoundPlan(tuple((b, a) for a, b in plan.groups), plan.byes) for plan in first]
    return first + swapped


# --- 3-4 per game: balanced groups ----------------------------------------------------------


def rounds_lower_bound(n: int, per_game: int, cycles: int = 1) -> int:
    """The fewest rounds in which every pair could meet `cycles` times, byes dealt fairly."""
    groups, sitting = n // per_game, n % per_game
    rounds = 1
    while True:
        most_byes = math.ceil(rounds * sitting / n)
        enough_games = (rounds - most_byes) * (per_game - 1) >= (n - 1) * cycles
        enough_seats = rounds * groups * math.comb(per_game, 2) >= math.comb(n, 2) * cycles
        if enough_games and enough_seats:
            return rounds
        rounds += 1


def balanced_groups(players: Sequence[Hashable], per_game: int, cycles: int = 1) -> list[RoundPlan]:
    """Fewest rounds (from the lower bound up) in which a search makes every pair meet `cycles`
    times; among the attempts, the schedule with the most even meeting counts."""
    n = len(players)
    rng = random.Random(SEARCH_SEED + 1000 * n + 10 * per_game + cycles)
    rounds = rounds_lower_bound(n, per_game, cycles)
    best = None
    for extra in range(MAX_EXTRA_ROUNDS + 1):
        for _ in range(SEARCH_ATTEMPTS):
            plan = _improve(
                n, per_game, cycles, _greedy_schedule(n, per_game, rounds + extra, rng), rng
            )
            cost = _schedule_cost(n, cycles, plan)
            if best is None or cost < best[0]:
                best = (cost, plan)
            if cost[0] == 0 and cost[1] <= 1:
                break
        if best[0][0] == 0:
            break
    return [
        RoundPlan(
            tuple(tuple(players[i] for i in group) for group in groups),
            tuple(players[i] for i in sorted(byes)),
        )
        for groups, byes in best[1]
    ]


def _meetings(n, plan):
    meets = [[0] * n for _ in range(n)]
    for groups, _ in plan:
        for group in groups:
            for a, b in itertools.combinations(group, 2):
                meets[a][b] += 1
                meets[b][a] += 1
    return meets


def _schedule_cost(n, cycles, plan):
    """(pairs meeting fewer than `cycles` times, spread of meeting counts, sum of squares)."""
    meets = _meetings(n, plan)
    counts = [meets[a][b] for a, b in itertools.combinations(range(n), 2)]
    short = sum(1 for c in counts if c < cycles)
    return (short, max(counts) - min(counts), sum(c * c for c in counts))


def _greedy_schedule(n, k, total_rounds, rng):
    meets = [[0] * n for _ in range(n)]
    bye_count = [0] * n
    plan = []
    for _ in range(total_rounds):
        byes = _choose_byes(n, n % k, bye_count, rng)
        for p in byes:
            bye_count[p] += 1
        playing = [p for p in range(n) if p not in byes]
        groups = _partition(playing, k, meets, rng)
        for group in groups:
            for a, b in itertools.combinations(group, 2):
                meets[a][b] += 1
                meets[b][a] += 1
        plan.append((groups, byes))
    return plan


def _choose_byes(n, count, bye_count, rng):
    """`count` players among those with the fewest byes so far, at random among equals."""
    order = list(range(n))
    rng.shuffle(order)
    order.sort(key=lambda p: bye_count[p])
    return set(order[:count])


def _pair_cost(m, cycles):
    # Missing a required meeting costs far more than any imbalance; squares spread the rest.
    return m * m + (3 * (cycles - m) if m < cycles else 0)


def _group_cost(group, meets):
    return sum((meets[a][b] + 1) ** 2 for a, b in itertools.combinations(group, 2))


def _partition(playing, k, meets, rng):
    pool = list(playing)
    rng.shuffle(pool)
    groups = []
    while pool:
        group = [pool.pop(0)]
        while len(group) < k:
            pick = min(pool, key=lambda p: (_group_cost(group + [p], meets), rng.random()))
            pool.remove(pick)
            group.append(pick)
        groups.append(group)
    return groups


def _byes_fair(n, plan):
    count = [0] * n
    for _, byes in plan:
        for p in byes:
            count[p] += 1
        if max(count) - min(count) > 1:
            return False
    return True


def _improve(n, k, cycles, plan, rng):
    """Hill-climb on the whole schedule: swap two players of one round (between two games, or a
    game and the byes when bye fairness survives), keeping swaps that do not raise the cost."""
    plan = [([list(g) for g in groups], set(byes)) for groups, byes in plan]
    meets = _meetings(n, plan)
    rounds = len(plan)

    def move_delta(group, leaving, joining):
        delta = 0
        for other in group:
            if other == leaving:
                continue
            m_out, m_in = meets[leaving][other], meets[joining][other]
            delta += _pair_cost(m_out - 1, cycles) - _pair_cost(m_out, cycles)
            delta += _pair_cost(m_in + 1, cycles) - _pair_cost(m_in, cycles)
        return delta

    def apply_move(group, leaving, joining):
        for other in group:
            if other == leaving:
                continue
            meets[leaving][other] -= 1
            meets[other][leaving] -= 1
            meets[joining][other] += 1
            meets[other][joining] += 1
        group[group.index(leaving)] = joining

    steps = ITERATIONS_PER_PLAYER * n
    for step in range(steps):
        # Simulated annealing: early on, accept some worse swaps to leave local minima.
        temperature = 2.0 * (1 - step / steps)

        def accept(delta, temperature=temperature):
            if delta <= 0:
                return True
            return temperature > 0.05 and rng.random() < math.exp(-delta / temperature)

        r = rng.randrange(rounds)
        groups, byes = plan[r]
        gi = rng.randrange(len(groups))
        a = rng.choice(groups[gi])
        choices = [p for p in range(n) if p not in groups[gi]]
        if not choices:
            break  # one game and no byes: nothing to rearrange
        b = rng.choice(choices)
        if b in byes:
            delta = move_delta(groups[gi], a, b)
            if not accept(delta):
                continue
            byes.discard(b)
            byes.add(a)
            if not _byes_fair(n, plan):
                byes.discard(a)
                byes.add(b)
                continue
            apply_move(groups[gi], a, b)
        else:
            gj = next(j for j, g in enumerate(groups) if b in g)
            delta_a = move_delta(groups[gi], a, b)
            # The second half of the swap sees the meetings as they will be after the first.
            apply_move(groups[gi], a, b)
            delta_b = move_delta(groups[gj], b, a)
            if not accept(delta_a + delta_b):
                apply_move(groups[gi], b, a)
                continue
            apply_move(groups[gj], b, a)
    return [([tuple(g) for g in groups], set(byes)) for groups, byes in plan]
