"""Tie-breaks and standings (tournaments.pairing.tiebreaks, standings) on small tables computed
by hand: Buchholz, Sonneborn-Berger, game points, rating, id; a bye is a game against a virtual
opponent with the entrant's own final points."""

import pytest

from tournaments.pairing import PairingError, Result, Tiebreaks, standings, tiebreaks


def game(first, second, first_points, first_score, second_score):
    return [Result(first, second, first_points, first_score), Result(second, first, 1 - first_points, second_score)]


# Five entrants, three rounds:
#   round 1: 1 beats 2 (80-60), 3 draws 4 (70-70), 5 has the bye
#   round 2: 1 draws 3 (65-65), 5 beats 4 (90-50), 2 has the bye
#   round 3: 1 beats 5 (75-74), 3 beats 2 (88-40), 4 has the bye
FIVE = [
    *game(1, 2, 1.0, 80, 60),
    *game(3, 4, 0.5, 70, 70),
    Result(5, None, 1.0),
    *game(1, 3, 0.5, 65, 65),
    *game(5, 4, 1.0, 90, 50),
    Result(2, None, 1.0),
    *game(1, 5, 1.0, 75, 74),
    *game(3, 2, 1.0, 88, 40),
    Result(4, None, 1.0),
]
# Points: 1: 2.5, 2: 1, 3: 2, 4: 1.5, 5: 2.
# Buchholz: 1: 1 + 2 + 2 = 5; 2: 2.5 + 1 (bye: own) + 2 = 5.5; 3: 1.5 + 2.5 + 1 = 5;
#           4: 2 + 2 + 1.5 (bye: own) = 5.5; 5: 2 (bye: own) + 1.5 + 2.5 = 6.
# Sonneborn-Berger: 1: 1x1 + 0.5x2 + 1x2 = 4; 2: 0 + 1x1 + 0 = 1; 3: 0.5x1.5 + 0.5x2.5 + 1x1 = 3;
#                   4: 0.5x2 + 0 + 1x1.5 = 2.5; 5: 1x2 + 1x1.5 + 0 = 3.5.
# Game points: 1: 220, 2: 100, 3: 223, 4: 120, 5: 164.


def test_the_five_entrant_table_by_hand():
    assert tiebreaks(FIVE) == {
        1: Tiebreaks(buchholz=5.0, sonneborn_berger=4.0, game_points=220),
        2: Tiebreaks(buchholz=5.5, sonneborn_berger=1.0, game_points=100),
        3: Tiebreaks(buchholz=5.0, sonneborn_berger=3.0, game_points=223),
        4: Tiebreaks(buchholz=5.5, sonneborn_berger=2.5, game_points=120),
        5: Tiebreaks(buchholz=6.0, sonneborn_berger=3.5, game_points=164),
    }
    # 3 and 5 tie on 2 points: 5's Buchholz (6) beats 3's (5).
    assert standings(FIVE, dict.fromkeys(range(1, 6), 1500.0)) == (1, 5, 3, 4, 2)


def test_sonneborn_berger_separates_equal_points_and_buchholz():
    """X beat S (2 points) and lost to W; Y beat W (1 point) and lost to S: both 1 point,
    Buchholz 3, but X's SB is 2 and Y's 1."""
    x, y, s, w, z = 1, 2, 3, 4, 5
    results = [
        *game(x, s, 1.0, 0, 0),
        *game(y, w, 1.0, 0, 0),
        *game(w, x, 1.0, 0, 0),
        *game(s, y, 1.0, 0, 0),
        *game(s, z, 1.0, 0, 0),
        *game(z, w, 1.0, 0, 0),
    ]
    breaks = tiebreaks(results)
    assert (breaks[x].buchholz, breaks[y].buchholz) == (3.0, 3.0)
    assert (breaks[x].sonneborn_berger, breaks[y].sonneborn_berger) == (2.0, 1.0)
    order = standings(results, dict.fromkeys(range(1, 6), 1500.0))
    assert order.index(x) < order.index(y)


def test_game_points_then_rating_then_id_break_the_last_ties():
    drawn = game(20, 21, 0.5, 70, 72)
    assert standings(drawn, {20: 1500.0, 21: 1500.0}) == (21, 20)  # 72 Azul points beat 70
    byes = [Result(10, None, 1.0), Result(11, None, 1.0)]
    assert standings(byes, {10: 1500.0, 11: 1600.0}) == (11, 10)
    assert standings(byes, {10: 1500.0, 11: 1500.0}) == (10, 11)


def test_an_entrant_with_a_rating_but_no_result_stands_last():
    assert standings([Result(1, None, 1.0)], {1: 1400.0, 2: 2000.0}) == (1, 2)


def test_bad_results_are_refused_with_a_stable_code():
    with pytest.raises(PairingError) as own:
        tiebreaks([Result(1, 1, 1.0)])
    assert own.value.code == "bad_result"
    with pytest.raises(PairingError) as unrated:
        standings([Result(1, None, 1.0)], {})
    assert unrated.value.code == "missing_rating"
