"""Standings (leagues.standings) against tables computed by hand, ties included."""

from fractions import Fraction

import pytest

from leagues.standings import Result, movement, points_for_places, table

TWO = {2: [2, 0]}
FOUR = {4: [4, 2, 1, 0]}


def summary(rows):
    return [
        (r.place, r.player, r.played, r.wins, r.draws, r.losses, r.points, r.score) for r in rows
    ]


def test_two_player_league_with_a_draw_and_a_points_tie_broken_by_wins():
    # A beat B, B beat C, A and C drew, D beat C, D drew with A, B beat D.
    results = [
        Result({"A": 1, "B": 2}, {"A": 60, "B": 50}, 1),
        Result({"C": 1, "D": 1}, {"C": 40, "D": 40}, 1),
        Result({"B": 1, "C": 2}, {"B": 55, "C": 30}, 2),
        Result({"A": 1, "D": 1}, {"A": 45, "D": 45}, 2),
        Result({"A": 1, "C": 1}, {"A": 35, "C": 35}, 3),
        Result({"B": 1, "D": 2}, {"B": 20, "D": 10}, 3),
    ]
    rows = table(["A", "B", "C", "D"], results, TWO)
    # Hand computed: A 2+1+1 = 4 (1 win); B 0+2+2 = 4 (2 wins); C 1+0+1 = 2; D 1+1+0 = 2.
    # B over A on wins; C and D equal on points and wins (0) and score (105 vs 95): C first.
    assert summary(rows) == [
        (1, "B", 3, 2, 0, 1, 4, 125),
        (2, "A", 3, 1, 2, 0, 4, 140),
        (3, "C", 3, 0, 2, 1, 2, 105),
        (4, "D", 3, 0, 2, 1, 2, 95),
    ]


def test_score_before_wins_when_the_league_says_so():
    results = [
        Result({"A": 1, "B": 2}, {"A": 60, "B": 50}),
        Result({"C": 1, "D": 1}, {"C": 40, "D": 40}),
        Result({"B": 1, "C": 2}, {"B": 55, "C": 30}),
        Result({"A": 1, "D": 1}, {"A": 45, "D": 45}),
        Result({"A": 1, "C": 1}, {"A": 35, "C": 35}),
        Result({"B": 1, "D": 2}, {"B": 20, "D": 10}),
    ]
    rows = table(["A", "B", "C", "D"], results, TWO, ["points", "score", "wins"])
    assert [r.player for r in rows] == ["A", "B", "C", "D"]


def test_head_to_head_splits_a_tie_and_a_full_tie_shares_the_place():
    # A, B, C all beat D; A beat B, B beat C, C beat A: a cycle. E never played.
    results = [
        Result({"A": 1, "D": 2}, {"A": 50, "D": 10}),
        Result({"B": 1, "D": 2}, {"B": 50, "D": 10}),
        Result({"C": 1, "D": 2}, {"C": 50, "D": 10}),
        Result({"A": 1, "B": 2}, {"A": 30, "B": 30}),
        Result({"B": 1, "C": 2}, {"B": 30, "C": 30}),
        Result({"C": 1, "A": 2}, {"C": 30, "A": 30}),
    ]
    rows = table(["A", "B", "C", "D", "E"], results, TWO, ["points", "head_to_head"])
    # A, B, C: 4 points, head-to-head 1 each: all share place 1. E (0 played) and D (0 points)
    # tie on points; head-to-head between them is empty: they share place 4.
    assert [(r.place, r.player) for r in rows] == [(1, "A"), (1, "B"), (1, "C"), (4, "D"), (4, "E")]
    assert rows[0].head_to_head == 1

    # B beats C once more: head-to-head now splits them.
    results.append(Result({"B": 1, "C": 2}, {"B": 1, "C": 1}))
    rows = table(["A", "B", "C", "D"], results, TWO, ["points", "head_to_head"])
    # Points: A 4, B 6, C 4 -> B first; A and C tied on 4: C beat A -> C second.
    assert [(r.place, r.player) for r in rows] == [(1, "B"), (2, "C"), (3, "A"), (4, "D")]


def test_four_player_points_table_with_shared_places():
    results = [
        # B and C share second: (2 + 1) / 2 each.
        Result({"A": 1, "B": 2, "C": 2, "D": 4}, {"A": 80, "B": 70, "C": 70, "D": 20}),
        # A and D share first: (4 + 2) / 2 each, a draw for both.
        Result({"A": 1, "D": 1, "B": 3, "C": 4}, {"A": 60, "D": 60, "B": 50, "C": 40}),
    ]
    rows = table(["A", "B", "C", "D"], results, FOUR)
    by = {r.player: r for r in rows}
    assert by["A"].points == 7
    assert by["A"].wins == 1
    assert by["A"].draws == 1
    assert by["B"].points == Fraction(5, 2)
    assert by["C"].points == Fraction(3, 2)
    assert by["D"].points == 3
    assert by["D"].draws == 1
    assert by["D"].wins == 0
    assert [r.player for r in rows] == ["A", "D", "B", "C"]


def test_points_for_places_with_draw_points():
    assert points_for_places({"A": 1, "B": 1}, [3, 0]) == {"A": Fraction(3, 2), "B": Fraction(3, 2)}
    assert points_for_places({"A": 1, "B": 1}, [3, 0], draw_points=1) == {"A": 1, "B": 1}
    assert points_for_places({"A": 1, "B": 2, "C": 3}, [4, 2, 0]) == {"A": 4, "B": 2, "C": 0}


def test_movement_counts_places_gained():
    before = table(["A", "B"], [Result({"A": 1, "B": 2})], TWO)
    now = table(
        ["A", "B"],
        [Result({"A": 1, "B": 2}), Result({"B": 1, "A": 2}), Result({"B": 1, "A": 2})],
        TWO,
    )
    assert movement(now, before) == {"B": 1, "A": -1}


def test_unknown_tie_break_is_refused():
    with pytest.raises(ValueError, match="tie-break"):
        table(["A"], [], TWO, ["points", "luck"])
