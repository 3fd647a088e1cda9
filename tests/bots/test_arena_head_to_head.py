"""The arena's head-to-head share: a fair 50 % at every player count."""

import sys

from django.conf import settings

sys.path.insert(0, str(settings.BASE_DIR))

from bench.bot_arena import head_to_head  # noqa: E402


def test_each_pair_of_one_seat_of_each_level_counts_once():
    seating = ["master", "strong", "master"]
    # master's seats: 60 (above strong's 50) and 40 (below): one pair of two won.
    assert head_to_head(seating, "master", [60, 50, 40], [0, 0, 0]) == 0.5
    assert head_to_head(seating, "master", [40, 50, 30], [0, 0, 0]) == 0.0
    assert head_to_head(["strong", "master", "strong", "master"], "master",
                        [10, 20, 30, 40], [0, 0, 0, 0]) == 0.75


def test_a_score_tie_is_broken_by_complete_rows_then_counts_half():
    assert head_to_head(["master", "strong"], "master", [50, 50], [2, 1]) == 1.0
    assert head_to_head(["master", "strong"], "master", [50, 50], [1, 1]) == 0.5
