"""The rating math against examples computed by hand (docs/ratings.md shows the working)."""

import pytest

from ratings.maths import elo
from ratings.maths.elo import Entrant


def by_key(changes):
    return {change.key: change for change in changes}


def test_two_new_players_winner_takes_twenty():
    # E = 0.5 each; K = 40 (provisional); n - 1 = 1: 40 * (1 - 0.5) = +20.
    changes = by_key(elo.rate([Entrant("a", 1500, 0, 1), Entrant("b", 1500, 0, 2)]))
    assert (changes["a"].delta, changes["a"].after) == (20.0, 1520.0)
    assert (changes["b"].delta, changes["b"].after) == (-20.0, 1480.0)


def test_two_established_players_draw_moves_the_favourite_down():
    # E(1600 vs 1400) = 1 / (1 + 10^(-0.5)) = 0.759747; K = 20: 20 * (0.5 - 0.759747) = -5.19.
    changes = by_key(elo.rate([Entrant("a", 1600, 25, 1), Entrant("b", 1400, 30, 1)]))
    assert changes["a"].delta == -5.19
    assert changes["b"].delta == 5.19
    assert changes["a"].after == 1594.81


def test_three_players_with_a_tie_for_second():
    # a 1500 (K 40) first; b 1600 (20 games: K 20) and c 1400 (K 40) tie for second.
    # a: S = 1 + 1, E = 0.359935 + 0.640065 = 1.0      -> 40/2 * 1.0       = +20.00
    # b: S = 0 + ½, E = 0.640065 + 0.759747 = 1.399812 -> 20/2 * -0.899812 = -9.00
    # c: S = 0 + ½, E = 0.359935 + 0.240253 = 0.600188 -> 40/2 * -0.100188 = -2.00
    changes = by_key(
        elo.rate([Entrant("a", 1500, 3, 1), Entrant("b", 1600, 20, 2), Entrant("c", 1400, 5, 2)])
    )
    assert changes["a"].delta == 20.0
    assert changes["b"].delta == -9.0
    assert changes["c"].delta == -2.0
    assert changes["b"].k == 20
    assert changes["c"].k == 40
    assert changes["b"].score == 0.5
    assert changes["b"].expected == pytest.approx(1.399812, abs=1e-6)


def test_four_players_shared_victory_and_a_leaver():
    # All 1500 and new (K 40, scaled by 1/3). a and b share the victory (a draw between them),
    # c third, d left (loses to everyone). Every E is 0.5, so E = 1.5 each.
    # a, b: S = ½ + 1 + 1 = 2.5 -> 40/3 * 1.0 = +13.33;  c: S = 1 -> 40/3 * -0.5 = -6.67
    # d: S = 0 -> 40/3 * -1.5 = -20.00
    changes = by_key(
        elo.rate(
            [
                Entrant("a", 1500, 0, 1),
                Entrant("b", 1500, 0, 1),
                Entrant("c", 1500, 0, 3),
                Entrant("d", 1500, 0, 4, left=True),
            ]
        )
    )
    assert [changes[k].delta for k in "abcd"] == [13.33, 13.33, -6.67, -20.0]


def test_a_leaver_loses_even_with_the_best_rank_and_two_leavers_draw():
    # A leaver's rank does not matter: they lose to everyone who stayed.
    changes = by_key(
        elo.rate(
            [
                Entrant("stayed", 1500, 0, 3),
                Entrant("left-first", 1500, 0, 1, left=True),
                Entrant("left-later", 1500, 0, 2, left=True),
            ]
        )
    )
    # stayed: S = 2, E = 1 -> 20 * 1 = +20; leavers: S = 0 + ½, E = 1 -> 20 * -0.5 = -10 each.
    assert [changes[k].delta for k in ("stayed", "left-first", "left-later")] == [
        20.0,
        -10.0,
        -10.0,
    ]


def test_provisional_until_twenty_games():
    assert elo.k_factor(0) == 40
    assert elo.k_factor(19) == 40
    assert elo.k_factor(20) == 20
    assert elo.is_provisional(19)
    assert not elo.is_provisional(20)


def test_changes_sum_to_zero_when_k_is_equal():
    changes = elo.rate([Entrant(i, 1400 + 70 * i, 30, rank) for i, rank in enumerate([2, 1, 4, 2])])
    assert sum(change.delta for change in changes) == pytest.approx(0, abs=0.03)


@pytest.mark.parametrize(
    ("entrants", "message"),
    [
        ([Entrant("a", 1500, 0, 1)], "at least two"),
        ([Entrant("a", 1500, 0, 1), Entrant("a", 1500, 0, 2)], "two seats"),
    ],
)
def test_refuses_impossible_tables(entrants, message):
    with pytest.raises(ValueError, match=message):
        elo.rate(entrants)
