"""The lexicographic matching under every pairing format (tournaments.pairing.matching): a higher
tier is never traded for any amount of a lower one."""

from tournaments.pairing.matching import cheapest_matching, tier_weights


def test_one_unit_of_a_higher_tier_outweighs_every_lower_tier_of_a_whole_matching():
    costs = {
        ("a", "b"): (0, 9, 9),
        ("c", "d"): (0, 9, 9),  # no rematch, the worst of everything else
        ("a", "c"): (1, 0, 0),
        ("b", "d"): (0, 0, 0),  # one rematch, perfect otherwise
        ("a", "d"): (0, 9, 0),
        ("b", "c"): (0, 0, 9),
    }
    # (0, 9, 9) beats (0, 18, 18), and both beat (1, 0, 0).
    assert cheapest_matching(costs, ["a", "b", "c", "d"]) == [("a", "d"), ("b", "c")]
    weights = tier_weights(costs, 2)
    assert weights["a", "c"] + weights["b", "d"] > weights["a", "b"] + weights["c", "d"]


def test_the_most_pairs_come_first_and_any_hashable_node_even_none():
    costs = {(1, 2): (5,), (2, 3): (0,), (3, None): (0,), (1, None): (1,)}
    assert cheapest_matching(costs, [1, 2, 3, None]) == [(1, None), (2, 3)]
    assert cheapest_matching({}, [1]) == []
