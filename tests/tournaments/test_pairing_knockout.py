"""Knockout (tournaments.pairing.knockout_bracket, next_knockout_round, match_winner,
match_first_mover): standard seeding, byes to the top seeds, best-of-N, alternating first moves."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.pairing import (
    PairingError,
    knockout_bracket,
    match_first_mover,
    match_winner,
    next_knockout_round,
)


def entrants(count):
    return [100 + seed for seed in range(1, count + 1)]  # id 100 + s is seed s


def play_out(bracket, pick):
    """Every round to the final: byes pass, `pick(a, b)` wins each match. The rounds' matches."""
    rounds = [bracket]
    winners = [a if b is None else (b if a is None else pick(a, b)) for a, b in bracket]
    while len(winners) > 1:
        matches = next_knockout_round(winners)
        rounds.append(matches)
        winners = [pick(a, b) for a, b in matches]
    assert next_knockout_round(winners) == ()
    return rounds


def test_eight_seeds_in_the_standard_order():
    assert knockout_bracket(entrants(8)) == ((101, 108), (104, 105), (102, 107), (103, 106))


def test_byes_go_to_the_top_seeds():
    assert knockout_bracket(entrants(6)) == ((101, None), (104, 105), (102, None), (103, 106))
    assert knockout_bracket(entrants(2)) == ((101, 102),)
    assert knockout_bracket(entrants(3)) == ((101, None), (102, 103))


@given(st.integers(2, 70), st.integers(0, 2**32 - 1))
def test_every_bracket_seats_each_seed_once_and_one_and_two_meet_only_in_the_final(count, seed):
    seeds = entrants(count)
    bracket = knockout_bracket(seeds)
    size = 2 * len(bracket)
    assert size & (size - 1) == 0
    assert size // 2 < count <= size
    slots = [slot for match in bracket for slot in match]
    assert sorted(slot for slot in slots if slot is not None) == seeds
    assert {a for a, b in bracket if b is None} == set(seeds[: size - count])  # byes: the top seeds
    assert all(a is not None for a, _ in bracket)
    rng = random.Random(seed)
    for matches in play_out(bracket, lambda a, b: rng.choice((a, b))):
        if {101, 102} in [set(match) for match in matches]:
            assert len(matches) == 1


@given(st.integers(2, 70))
def test_when_the_better_seed_always_wins_each_round_is_best_against_worst(count):
    """Seed s meets seed (m + 1 - s) when m are left: 1 v 8, then 1 v 4, then 1 v 2."""
    rounds = play_out(knockout_bracket(entrants(count)), min)
    for matches in rounds[1:]:
        left = 2 * len(matches)
        assert sorted(a + b for a, b in matches) == [200 + left + 1] * len(matches)


def test_next_round_pairs_winners_in_bracket_order():
    assert next_knockout_round([1, 5, 3, 7]) == ((1, 5), (3, 7))
    for winners in ([1, 2, 3], [], [1, 1]):
        with pytest.raises(PairingError) as refused:
            next_knockout_round(winners)
        assert refused.value.code == "bad_winners"


def test_best_of_decides_and_draws_are_replayed():
    pair = (7, 9)
    assert match_winner([], 3, pair) is None
    assert match_winner([7], 1, pair) == 7
    assert match_winner([None], 1, pair) is None
    assert match_winner([7, 9], 3, pair) is None
    assert match_winner([7, 7], 3, pair) == 7
    assert match_winner([9, None, 7, None, 9], 3, pair) == 9
    assert match_winner([9, 7, None, 9, 7], 5, pair) is None
    assert match_winner([9, 7, None, 9, 7, 7], 5, pair) == 7


def test_bad_matches_are_refused_with_a_stable_code():
    pair = (7, 9)
    for call, code in (
        (lambda: match_winner([7], 2, pair), "bad_best_of"),
        (lambda: match_winner([7], 0, pair), "bad_best_of"),
        (lambda: match_winner([8], 3, pair), "bad_game_winner"),
        (lambda: match_winner([7, 7, 9], 3, pair), "match_already_decided"),
        (lambda: match_winner([], 3, (7, 7)), "bad_pair"),
        (lambda: match_first_mover(pair, 0), "bad_game_number"),
        (lambda: knockout_bracket([5]), "too_few_seeds"),
        (lambda: knockout_bracket([5, 5]), "duplicate_seed"),
    ):
        with pytest.raises(PairingError) as refused:
            call()
        assert refused.value.code == code


def test_first_moves_alternate_within_a_match_from_the_first_member():
    assert [match_first_mover((7, 9), game) for game in range(1, 6)] == [7, 9, 7, 9, 7]
