"""Swiss pairing (tournaments.pairing.swiss_round), checked against brute force.

On fields of up to 10 entrants every perfect matching (with every admissible bye) is enumerated,
and the pairing's costs, computed here from the rules as docs/tournament-pairing.md states them,
must be the least possible in order: rematches, absolute side clashes, the bye's rank, score
differences, strong clashes (someone ending 2 off balance), mild ones (someone not alternating).
"""

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.pairing import Entrant, PairingError, SwissRound, swiss_round
from tournaments.pairing.swiss import EXACT_UP_TO

# --- the rules, written out independently of the library ----------------------------------------


def standing(entrants):
    return sorted(entrants, key=lambda e: (-e.points, -e.rating, e.id))


def wish(entrant):
    """(wants to move first?, strength 0-3) as the docs define it."""
    balance = 2 * entrant.first_moves - entrant.games
    run = max(entrant.same_side_run, 1) if entrant.last_first is not None else 0
    if balance >= 2 or balance <= -2:
        return balance < 0, 3
    if entrant.last_first is not None and run >= 2:
        return not entrant.last_first, 3
    if balance:
        return balance < 0, 2
    if entrant.last_first is not None:
        return not entrant.last_first, 1
    return None, 0


def clash(a, b):
    """0 (none), 1 (mild), 2 (strong) or 3 (absolute): how much two wishes collide."""
    (side_a, strength_a), (side_b, strength_b) = wish(a), wish(b)
    if side_a is None or side_b is None or side_a != side_b:
        return 0
    return min(strength_a, strength_b)


def costs(entrants, games, bye):
    """The tiers the pairing minimises, in order, for one round."""
    by_id = {e.id: e for e in entrants}
    pairs = [(by_id[a], by_id[b]) for a, b in games]
    clashes = Counter(clash(a, b) for a, b in pairs)
    eligible = [e for e in standing(entrants) if e.byes == min(x.byes for x in entrants)]
    bye_rank = 0 if bye is None else len(eligible) - 1 - [e.id for e in eligible].index(bye)
    return (
        sum(Counter(a.opponents)[b.id] for a, b in pairs),
        clashes[3],
        bye_rank,
        sum((a.points - b.points) ** 2 for a, b in pairs),
        clashes[2],
        clashes[1],
    )


def perfect_matchings(ids):
    if not ids:
        yield []
        return
    first, rest = ids[0], ids[1:]
    for index, partner in enumerate(rest):
        for matching in perfect_matchings(rest[:index] + rest[index + 1 :]):
            yield [(first, partner), *matching]


def every_round(entrants):
    """Every possible (games, bye): byes only for those with the fewest byes."""
    ids = [e.id for e in entrants]
    if len(ids) % 2 == 0:
        for matching in perfect_matchings(ids):
            yield matching, None
        return
    for e in entrants:
        if e.byes == min(x.byes for x in entrants):
            for matching in perfect_matchings([i for i in ids if i != e.id]):
                yield matching, e.id


def check_covers(entrants, pairing):
    seated = [i for game in pairing.games for i in game] + ([pairing.bye] if pairing.bye is not None else [])
    assert sorted(seated) == sorted(e.id for e in entrants)
    assert (pairing.bye is not None) == (len(entrants) % 2 == 1)


def first_mover_key(entrant):
    side, strength = wish(entrant)
    absolute = 1 if strength < 3 else (0 if side else 2)
    balance = 2 * entrant.first_moves - entrant.games
    run = max(entrant.same_side_run, 1) if entrant.last_first is not None else 0
    pressure = 0 if entrant.last_first is None else (run if entrant.last_first else -run)
    return absolute, balance, pressure


# --- random histories ------------------------------------------------------------------------


@st.composite
def histories(draw, min_size=2, max_size=10):
    """A field with a random past: points, ratings (ties allowed), side sequences, byes, and
    earlier meetings (some pairs more than once)."""
    size = draw(st.integers(min_size, max_size))
    ids = draw(st.lists(st.integers(1, 500), min_size=size, max_size=size, unique=True))
    met = draw(st.lists(st.sampled_from(list(itertools.combinations(ids, 2))), max_size=3 * size))
    entrants = []
    for entrant_id in ids:
        sides = draw(st.lists(st.booleans(), max_size=5))
        run = 0
        for side in reversed(sides):
            if side != sides[-1]:
                break
            run += 1
        entrants.append(
            Entrant(
                id=entrant_id,
                points=draw(st.sampled_from([0.0, 0.5, 1.0, 1.5, 2.0, 3.0])),
                rating=draw(st.sampled_from([1400.0, 1500.0, 1650.0])),
                opponents=tuple(b if a == entrant_id else a for a, b in met if entrant_id in (a, b)),
                first_moves=sum(sides),
                games=len(sides),
                last_first=sides[-1] if sides else None,
                byes=draw(st.integers(0, 1)),
                same_side_run=draw(st.sampled_from([0, run])),  # 0: the caller does not track it
            )
        )
    return entrants


@given(histories())
def test_a_rematch_is_made_only_when_every_pairing_has_one(entrants):
    pairing = swiss_round(entrants)
    check_covers(entrants, pairing)
    fewest = min(costs(entrants, games, bye)[0] for games, bye in every_round(entrants))
    assert costs(entrants, pairing.games, pairing.bye)[0] == fewest


@given(histories())
def test_each_tier_is_the_least_possible_given_the_ones_above(entrants):
    """Fewest rematches; then fewest absolute clashes (three in a row, 3 off balance); the bye on
    the lowest-ranked eligible entrant; the least floating between score groups; then the fewest
    entrants pushed 2 off balance (|first - second| <= 1 wherever the above allows it); then the
    fewest who can't alternate."""
    pairing = swiss_round(entrants)
    best = min(costs(entrants, games, bye) for games, bye in every_round(entrants))
    assert costs(entrants, pairing.games, pairing.bye) == best


@given(histories())
def test_the_first_mover_is_the_one_the_rule_names(entrants):
    """Absolute wish first, then the lower balance, then the longer run of moving second; when
    nothing separates them, the better-ranked moves first on every other board of the standing."""
    pairing = swiss_round(entrants)
    by_id = {e.id: e for e in entrants}
    position = {e.id: index for index, e in enumerate(standing(entrants))}
    for first, second in pairing.games:
        key_first, key_second = first_mover_key(by_id[first]), first_mover_key(by_id[second])
        assert key_first <= key_second
        if key_first == key_second:
            top = min(first, second, key=position.get)
            assert (top == first) == (position[top] % 2 == 0)


def test_the_first_round_pairs_top_half_against_bottom_half_alternating_first_moves():
    entrants = [Entrant(id=10 + seed, points=0.0, rating=2000.0 - seed) for seed in range(8)]
    assert swiss_round(entrants) == SwissRound(games=((10, 14), (15, 11), (12, 16), (17, 13)), bye=None)


def test_score_groups_pair_within_and_an_odd_group_floats_its_lowest_down():
    """After round 1 (10 beat 14, 15 beat 11, 12 beat 16, 13 drew 17). The standing: winners 10,
    12, 15; half-pointers 13, 17; losers 11, 14, 16. The lowest winner, 15, floats down to the top
    half-pointer, 13; the last half-pointer, 17, floats down to the top loser, 11; 14 meets 16.
    10 and 12 both moved first: one must move first again (10, on board 1, as the tie rule says)."""

    def played(entrant_id, points, rating, opponent, first):
        return Entrant(
            id=entrant_id,
            points=points,
            rating=rating,
            opponents=(opponent,),
            first_moves=int(first),
            games=1,
            last_first=first,
        )

    entrants = [
        played(10, 1.0, 2000, 14, True),
        played(11, 0.0, 1990, 15, False),
        played(12, 1.0, 1980, 16, True),
        played(13, 0.5, 1970, 17, False),
        played(14, 0.0, 1960, 10, False),
        played(15, 1.0, 1950, 11, True),
        played(16, 0.0, 1940, 12, False),
        played(17, 0.5, 1930, 13, True),
    ]
    assert swiss_round(entrants) == SwissRound(games=((10, 12), (13, 15), (11, 17), (14, 16)), bye=None)


def test_an_odd_field_gives_the_bye_to_the_lowest_ranked_without_one():
    entrants = [Entrant(id=i, points=0.0, rating=1500.0 - i, byes=int(i == 5)) for i in range(1, 6)]
    assert swiss_round(entrants).bye == 4  # 5 is lower but had its bye
    assert swiss_round([Entrant(id=7, points=0.0, rating=1500.0)]) == SwissRound((), 7)
    assert swiss_round([]) == SwissRound((), None)


def test_a_large_field_paired_by_chunks_still_avoids_every_avoidable_rematch():
    """60 entrants (beyond the exact size): the 24 leaders have all met one another, so their
    chunk cannot pair cleanly alone; merged with the next, every leader meets someone new."""
    assert EXACT_UP_TO < 60
    leaders = list(range(24))
    entrants = [
        Entrant(
            id=i,
            points=3.0 if i in leaders else (2.0 if i < 42 else 1.0),
            rating=2000.0 - i,
            opponents=tuple(other for other in leaders if other != i) if i in leaders else (),
        )
        for i in range(60)
    ]
    pairing = swiss_round(entrants)
    check_covers(entrants, pairing)
    assert costs(entrants, pairing.games, pairing.bye)[0] == 0


def test_bad_entrants_are_refused_with_a_stable_code():
    with pytest.raises(PairingError) as duplicate:
        swiss_round([Entrant(id=1, points=0.0, rating=1500.0), Entrant(id=1, points=0.0, rating=1400.0)])
    assert duplicate.value.code == "duplicate_entrant"
    for bad in (
        Entrant(id=1, points=0.0, rating=1.0, first_moves=2, games=1),
        Entrant(id=1, points=0.0, rating=1.0, byes=-1),
        Entrant(id=1, points=0.0, rating=1.0, opponents=(1,)),
    ):
        with pytest.raises(PairingError) as refused:
            swiss_round([bad, Entrant(id=2, points=0.0, rating=1.0)])
        assert refused.value.code == "bad_entrant"
