"""Whole Swiss tournaments simulated with random results (tournaments.pairing.simulation): what
must hold over many rounds, not just one."""

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from tests.tournaments.test_pairing_swiss import costs, every_round
from tournaments.pairing import Entrant, standings, swiss_round
from tournaments.pairing.simulation import after_bye, after_game, simulate_swiss
from tournaments.pairing.swiss import standing_key

seeds = st.integers(0, 2**32 - 1)


def field(size, rng):
    return [Entrant(id=100 + index, points=0.0, rating=float(rng.randrange(1200, 2200))) for index in range(size)]


def sides_played(play):
    """Each entrant's sides, in order: True for a game it moved first."""
    sides = {entrant.id: [] for entrant in play.entrants}
    for pairing in play.rounds:
        for first, second in pairing.games:
            sides[first].append(True)
            sides[second].append(False)
    return sides


@given(seeds)
def test_eight_players_three_rounds_each_play_every_round_and_never_meet_twice(seed):
    rng = random.Random(seed)
    play = simulate_swiss(field(8, rng), 3, rng)
    rounds_of = Counter()
    met = set()
    for pairing in play.rounds:
        assert pairing.bye is None
        for first, second in pairing.games:
            rounds_of.update((first, second))
            assert frozenset((first, second)) not in met
            met.add(frozenset((first, second)))
    assert set(rounds_of.values()) == {3}
    assert len(rounds_of) == 8
    assert len(standings(play.results, {e.id: e.rating for e in play.entrants})) == 8


@given(seeds, st.integers(1, 7).map(lambda half: 2 * half + 1), st.data())
def test_byes_rotate_nobody_gets_a_second_before_everyone_had_one(seed, size, data):
    rounds = data.draw(st.integers(1, size))
    rng = random.Random(seed)
    play = simulate_swiss(field(size, rng), rounds, rng)
    byes = Counter(pairing.bye for pairing in play.rounds)
    assert None not in byes
    assert sum(byes.values()) == rounds
    assert max(byes.values()) == 1


@given(seeds, st.integers(2, 10), st.data())
def test_first_moves_balance_wherever_the_rounds_allow_in_a_simulated_tournament(seed, size, data):
    """At every round of a simulated tournament, brute force says no pairing keeps more entrants
    within one of balance (|first - second| <= 1) or alternating, short of a rematch, of sending
    someone on the same side a third time, or of floating between score groups."""
    rounds = data.draw(st.integers(1, size))
    rng = random.Random(seed)
    play = simulate_swiss(field(size, rng), rounds, rng)
    records = {e.id: Entrant(id=e.id, points=0.0, rating=e.rating) for e in play.entrants}
    results = iter(play.results)  # per round: each game's two results (first mover's first), the bye's
    for pairing in play.rounds:
        before = list(records.values())
        best = min(costs(before, games, bye) for games, bye in every_round(before))
        assert costs(before, pairing.games, pairing.bye) == best
        for first, second in pairing.games:
            points = next(results).points
            next(results)
            records[first] = after_game(records[first], (second,), points, 0)
            records[second] = after_game(records[second], (first,), 1 - points, 1)
        if pairing.bye is not None:
            records[pairing.bye] = after_bye(records[pairing.bye], next(results).points)
    assert sorted(records.values(), key=lambda e: e.id) == sorted(play.entrants, key=lambda e: e.id)


def test_two_entrants_meeting_every_round_alternate_who_moves_first():
    play = simulate_swiss(field(2, random.Random(1)), 6, random.Random(2))
    firsts = [pairing.games[0][0] for pairing in play.rounds]
    assert firsts == [firsts[0], firsts[1]] * 3
    assert firsts[0] != firsts[1]


def test_the_simulation_is_deterministic_for_one_seed():
    first = simulate_swiss(field(9, random.Random(3)), 4, random.Random(4))
    again = simulate_swiss(field(9, random.Random(3)), 4, random.Random(4))
    assert first == again
    last = sorted(first.entrants, key=standing_key)
    assert swiss_round(last) == swiss_round(list(reversed(last)))  # the input's order does not matter
