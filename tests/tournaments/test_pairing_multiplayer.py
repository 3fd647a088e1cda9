"""Swiss at tables of three or four (tournaments.pairing.multiplayer_round), table sizes and
placement points. The guaranteed properties: tables are the standing's consecutive blocks unless
that seats someone with an earlier tablemate; then no swap of two entrants between tables lowers
the repeats, and there are never more than in the blocks; seats rotate."""

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.pairing import Entrant, PairingError, multiplayer_round, placement_points, table_sizes
from tournaments.pairing.simulation import simulate_multiplayer


def standing(entrants):
    return sorted(entrants, key=lambda e: (-e.points, -e.rating, e.id))


def repeats(tables, by_id):
    """Earlier meetings among tablemates, each pair counted by its meetings."""
    return sum(Counter(by_id[a].opponents)[b] for table in tables for a, b in itertools.combinations(table, 2))


def blocks(entrants, table_size):
    ranked = [e.id for e in standing(entrants)]
    cut = list(itertools.accumulate(table_sizes(len(ranked), table_size), initial=0))
    return [ranked[start:end] for start, end in itertools.pairwise(cut)]


@st.composite
def fields(draw):
    size = draw(st.integers(2, 12))
    ids = list(range(1, size + 1))
    met = draw(st.lists(st.sampled_from(list(itertools.combinations(ids, 2))), max_size=2 * size))
    return [
        Entrant(
            id=entrant_id,
            points=draw(st.sampled_from([0.0, 2.0, 4.0, 6.0])),
            rating=draw(st.sampled_from([1500.0, 1600.0])),
            opponents=tuple(b if a == entrant_id else a for a, b in met if entrant_id in (a, b)),
            seats=tuple(draw(st.lists(st.integers(0, 3), max_size=4))),
        )
        for entrant_id in ids
    ]


def test_table_sizes_are_the_fewest_tables_as_even_as_possible_nobody_alone():
    assert table_sizes(10, 4) == (4, 3, 3)
    assert table_sizes(9, 4) == (3, 3, 3)
    assert table_sizes(5, 4) == (3, 2)
    assert table_sizes(7, 3) == (3, 2, 2)
    assert table_sizes(2, 4) == (2,)
    assert table_sizes(1, 3) == table_sizes(0, 4) == ()
    for table_size in (3, 4):
        for count in range(2, 60):
            sizes = table_sizes(count, table_size)
            assert sum(sizes) == count
            assert len(sizes) == -(-count // table_size)
            assert max(sizes) - min(sizes) <= 1
            assert list(sizes) == sorted(sizes, reverse=True)
            assert min(sizes) >= 2
            if count >= 2 * table_size - 2 or count in (table_size - 1, table_size):
                assert set(sizes) <= {table_size, table_size - 1}


@given(fields(), st.sampled_from([3, 4]))
def test_tables_follow_the_standing_and_deviate_only_to_avoid_repeats(entrants, table_size):
    tables = multiplayer_round(entrants, table_size)
    by_id = {e.id: e for e in entrants}
    assert sorted(i for table in tables for i in table) == sorted(by_id)
    assert tuple(len(table) for table in tables) == table_sizes(len(entrants), table_size)
    expected = blocks(entrants, table_size)
    if repeats(expected, by_id) == 0:
        assert [sorted(table) for table in tables] == [sorted(block) for block in expected]
    assert repeats(tables, by_id) <= repeats(expected, by_id)
    for (one, table_a), (other, table_b) in itertools.combinations(enumerate(tables), 2):
        for a, b in itertools.product(table_a, table_b):
            swapped = [list(table) for table in tables]
            swapped[one][swapped[one].index(a)], swapped[other][swapped[other].index(b)] = b, a
            assert repeats(swapped, by_id) >= repeats(tables, by_id), (a, b)


@given(fields(), st.sampled_from([3, 4]))
def test_the_one_who_moved_first_least_moves_first(entrants, table_size):
    by_id = {e.id: e for e in entrants}
    for table in multiplayer_round(entrants, table_size):
        firsts = [by_id[member].seats.count(0) for member in table]
        assert firsts[0] == min(firsts)


def test_swaps_go_on_between_entrants_a_first_swap_separated():
    """Blocks 5 3 4 | 1 2 repeat 5-3 and 1-2. Swapping 4 and 1 (the closest) mends 1-2; then 5
    and 4, who started at one table, must still be tried: their swap mends 5-3."""

    def entrant(entrant_id, points, rating, met=()):
        return Entrant(id=entrant_id, points=points, rating=rating, opponents=met)

    entrants = [
        entrant(1, 0.0, 1500.0, (2,)),
        entrant(2, 0.0, 1500.0, (1,)),
        entrant(3, 0.0, 1600.0, (5,)),
        entrant(4, 0.0, 1600.0),
        entrant(5, 2.0, 1500.0, (3,)),
    ]
    tables = multiplayer_round(entrants, 3)
    assert repeats(tables, {e.id: e for e in entrants}) == 0


def test_the_top_table_holds_the_leaders_when_nothing_is_repeated():
    entrants = [Entrant(id=i, points=float(20 - i), rating=1500.0) for i in range(10)]
    assert multiplayer_round(list(reversed(entrants)), 4) == ((0, 1, 2, 3), (4, 5, 6), (7, 8, 9))


def test_a_table_that_stays_together_holds_every_seat_once_each():
    for table_size, count in ((4, 4), (3, 3)):
        entrants = [Entrant(id=i, points=0.0, rating=1500.0 - i) for i in range(count)]
        play = simulate_multiplayer(entrants, table_size, table_size, random.Random(5))
        for entrant in play.entrants:
            assert sorted(entrant.seats) == list(range(table_size))


@given(st.integers(0, 2**32 - 1), st.integers(5, 13), st.sampled_from([3, 4]))
def test_a_simulated_tournament_seats_everyone_every_round_rotating_the_first_seat(seed, count, table_size):
    """Everyone is seated every round (5 or more entrants), and at each table the first seat goes
    to someone who had moved first the fewest times so far."""
    entrants = [Entrant(id=i, points=0.0, rating=1500.0) for i in range(count)]
    play = simulate_multiplayer(entrants, 4, table_size, random.Random(seed))
    seats = {e.id: e.seats for e in play.entrants}  # one seat per round: nobody sat out
    for round_number, tables in enumerate(play.rounds):
        assert sorted(i for table in tables for i in table) == list(range(count))
        for table in tables:
            firsts = [seats[member][:round_number].count(0) for member in table]
            assert firsts[0] == min(firsts)
            assert [seats[member][round_number] for member in table] == list(range(len(table)))


def test_placement_points_defaults_ties_and_smaller_tables():
    assert placement_points([1, 2, 3, 4], 4) == (6.0, 4.0, 2.0, 0.0)
    assert placement_points([3, 1, 2], 3) == (0.0, 4.0, 2.0)
    assert placement_points([2, 1], 2) == (0.0, 1.0)
    assert placement_points([1, 1, 3, 4], 4) == (5.0, 5.0, 2.0, 0.0)  # (6 + 4) / 2
    assert placement_points([1, 2, 2, 4], 4) == (6.0, 3.0, 3.0, 0.0)
    assert placement_points([1, 1, 1, 1], 4) == (3.0, 3.0, 3.0, 3.0)
    assert placement_points([2, 1, 3], 4) == (3.0, 6.0, 0.0)  # a table of 3 in a game of 4s
    assert placement_points([1, 2], 4) == (6.0, 0.0)
    assert placement_points([1, 2, 3], 4, scheme=[6, 5, 3, 1]) == (6.0, 4.0, 1.0)
    assert placement_points([4, 3, 2, 1], 4, scheme=[6, 5, 3, 1]) == (1.0, 3.0, 5.0, 6.0)


@given(
    st.sampled_from([2, 3, 4]).flatmap(
        lambda size: st.tuples(st.just(size), st.lists(st.integers(1, size), min_size=size, max_size=size))
    )
)
def test_ties_share_their_points_so_a_full_table_always_hands_out_the_same_total(case):
    size, scores = case
    places = [1 + sum(other > score for other in scores) for score in scores]  # higher score, better place
    points = placement_points(places, size)
    assert sum(points) == pytest.approx(sum(placement_points(list(range(1, size + 1)), size)))
    for (place_a, points_a), (place_b, points_b) in itertools.combinations(zip(places, points, strict=True), 2):
        assert (place_a < place_b) <= (points_a > points_b)
        assert (place_a == place_b) <= (points_a == points_b)


def test_bad_tables_and_places_are_refused_with_a_stable_code():
    entrants = [Entrant(id=i, points=0.0, rating=1500.0) for i in range(6)]
    for call, code in (
        (lambda: multiplayer_round(entrants, 2), "bad_table_size"),
        (lambda: multiplayer_round(entrants + entrants[:1], 3), "duplicate_entrant"),
        (lambda: placement_points([1, 3], 2), "bad_places"),
        (lambda: placement_points([1, 1, 2], 3), "bad_places"),
        (lambda: placement_points([0, 1], 2), "bad_places"),
        (lambda: placement_points([1], 4), "bad_places"),
        (lambda: placement_points([1, 2, 3, 4, 5], 4), "bad_places"),
        (lambda: placement_points([1, 2, 3], 3, scheme=[1, 2, 3]), "bad_scheme"),
        (lambda: placement_points([1, 2, 3], 3, scheme=[3, 2]), "bad_scheme"),
    ):
        with pytest.raises(PairingError) as refused:
            call()
        assert refused.value.code == code
