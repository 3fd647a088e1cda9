"""The accuracy scale (azul.bots.analysis.accuracy): its documented points, and that it orders the
bot levels by strength over real games judged by the real judge (pure library, no database)."""

import statistics

import pytest

from azul.bots.analysis.accuracy import (
    HALF_LIFE,
    JudgedMove,
    game_accuracy,
    move_accuracy,
    player_accuracies,
)
from azul.bots.analysis.simulation import judged_game


def test_the_documented_points_of_the_move_scale():
    assert move_accuracy(0) == 100
    assert move_accuracy(-0.5) == 100  # a loss is never negative; if it were, no bonus
    assert round(move_accuracy(1.5), 1) == 77.1  # the inaccuracy threshold
    assert move_accuracy(HALF_LIFE) == pytest.approx(50)  # the mistake threshold
    assert move_accuracy(8) == pytest.approx(25)  # the blunder threshold
    assert 0 < move_accuracy(40) < 0.1
    losses = [0, 0.01, 1, 3, 7, 15]
    assert [move_accuracy(x) for x in losses] == sorted((move_accuracy(x) for x in losses), reverse=True)


def test_a_game_s_accuracy_is_the_mean_of_the_unforced_moves_and_the_grades_are_counted():
    moves = [
        JudgedMove(0, 0.0, "good", False), JudgedMove(0, 4.0, "mistake", False),
        JudgedMove(0, 9.0, "blunder", True),  # forced: counted as a blunder, not in the accuracy
        JudgedMove(1, 2.0, "inaccuracy", False), JudgedMove(1, 8.0, "blunder", False),
    ]
    first, second, third = player_accuracies(moves, 3)
    assert first.accuracy == 75.0  # (100 + 50) / 2
    assert (first.moves, first.unforced, first.mistakes, first.blunders) == (3, 2, 1, 1)
    assert first.average_loss == round(13 / 3, 2)
    assert second.accuracy == round((move_accuracy(2) + 25) / 2, 1)
    assert (second.inaccuracies, second.mistakes, second.blunders) == (1, 0, 1)
    assert third.accuracy is None  # a seat with no move judged
    assert third.moves == 0
    assert game_accuracy([]) is None


def level_accuracy(level, games):
    """Mean game accuracy of `level` over `games` Duel games against the greedy bot (seats
    alternating), only its own moves judged, with small node budgets."""
    return statistics.mean(judged_game(level, "duel", seed).accuracy for seed in range(games))


@pytest.mark.long  # about 12 s of CPU; 48 s on this machine under a load of 17 (2 cores)
def test_accuracy_orders_the_bot_levels_by_strength_over_twenty_games():
    # 5 Duel games per level (20 in all), small node budgets for the players and the judge:
    # bench/accuracy_scale.py runs more games of both rulesets (docs/analysis.md "Accuracy").
    means = {level: level_accuracy(level, 5) for level in ("master", "strong", "greedy", "random")}
    assert means["master"] > means["strong"] > means["greedy"] > means["random"], means
