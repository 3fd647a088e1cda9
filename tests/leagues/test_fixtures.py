"""Fixture generation (leagues.fixtures): the guarantees stated in its docstring, exhaustively
for 2-12 players x 2/3/4 per game x single/double round-robin."""

import itertools
from collections import Counter

import pytest

from leagues.fixtures import rounds_lower_bound, schedule

CASES = [(n, k, cycles) for k in (2, 3, 4) for n in range(k, 13) for cycles in (1, 2)]
# Most minus fewest meetings of a pair, as measured (docs/leagues.md); 2 per game is exact.
MAX_SPREAD = 3


def meetings(plan, players):
    count = Counter(dict.fromkeys(itertools.combinations(sorted(players), 2), 0))
    for round_plan in plan:
        for group in round_plan.groups:
            for pair in itertools.combinations(sorted(group), 2):
                count[pair] += 1
    return count


@pytest.mark.parametrize(("n", "k", "cycles"), CASES)
def test_schedule_properties(n, k, cycles):
    players = [f"p{i}" for i in range(n)]
    plan = schedule(players, k, cycles)

    byes = Counter(dict.fromkeys(players, 0))
    for round_plan in plan:
        # Groups of exactly k, n % k byes, everyone exactly once per round.
        assert all(len(group) == k for group in round_plan.groups)
        assert len(round_plan.groups) == n // k
        assert len(round_plan.byes) == n % k
        seen = [p for group in round_plan.groups for p in group] + list(round_plan.byes)
        assert sorted(seen) == sorted(players)
        byes.update(round_plan.byes)
        # Nobody sits out twice before everyone has sat out once.
        assert max(byes.values()) - min(byes.values()) <= 1

    counts = meetings(plan, players).values()
    if k == 2:
        assert set(counts) == {cycles}
        assert len(plan) == cycles * (n - 1 if n % 2 == 0 else n)
        if n % 2:
            assert set(byes.values()) == {cycles}
    else:
        assert min(counts) >= cycles
        assert max(counts) - min(counts) <= MAX_SPREAD
        assert len(plan) >= rounds_lower_bound(n, k, cycles)


def test_double_round_robin_swaps_seats_in_the_second_cycle():
    plan = schedule(["a", "b", "c", "d"], 2, 2)
    first, second = plan[:3], plan[3:]
    for one, two in zip(first, second, strict=True):
        assert [tuple(reversed(g)) for g in one.groups] == list(two.groups)


def test_the_same_players_always_get_the_same_schedule():
    assert schedule(list(range(9)), 4, 1) == schedule(list(range(9)), 4, 1)


@pytest.mark.parametrize(
    ("players", "k", "cycles", "message"),
    [
        (["a"], 2, 1, "at least 2"),
        (["a", "b"], 3, 1, "at least 3"),
        (["a", "b", "c"], 5, 1, "per_game"),
        (["a", "b", "c"], 2, 3, "cycles"),
        (["a", "a", "b"], 2, 1, "distinct"),
    ],
)
def test_bad_requests_are_refused(players, k, cycles, message):
    with pytest.raises(ValueError, match=message):
        schedule(players, k, cycles)
