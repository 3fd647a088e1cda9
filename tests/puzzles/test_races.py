"""Puzzle ratings change exactly once under concurrent attempts (PostgreSQL row locks): two attempts
by one player at one puzzle, queued on the player's row, rate once and refuse the second; two
players at one puzzle, queued on the puzzle's row, both count (no lost update)."""

import pytest

from puzzles import services
from puzzles.errors import AlreadyAttempted
from puzzles.models import Puzzle, PuzzleAttempt, PuzzlePlayer
from tests.puzzles.conftest import stored_puzzle
from tests.support.row_locks import queued_behind

pytestmark = [pytest.mark.requires("postgres"), pytest.mark.django_db(transaction=True)]

RIGHT = {"source": 0, "color": "black", "line": 4}
WRONG = {"source": 1, "color": "red", "line": "floor"}


def outcome(write):
    try:
        return write()
    except AlreadyAttempted as error:
        return error.code


def test_two_attempts_at_once_by_one_player_rate_once(alice):
    puzzle = stored_puzzle()
    PuzzlePlayer.objects.create(user=alice)

    def hold():
        PuzzlePlayer.objects.select_for_update().get(user=alice)

    answers = queued_behind(hold, [lambda: services.attempt(puzzle.pk, alice, RIGHT),
                                   lambda: services.attempt(puzzle.pk, alice, WRONG)], outcome)
    assert answers[0]["solved"] is True
    assert answers[0]["rated"] is True
    assert answers[1] == "already_attempted"
    assert PuzzleAttempt.objects.filter(user=alice).count() == 1
    player, stored = PuzzlePlayer.objects.get(user=alice), Puzzle.objects.get(pk=puzzle.pk)
    assert player.attempts == 1
    assert player.solves == 1
    assert round(player.rating) == answers[0]["rating"]
    assert stored.attempts == 1
    assert stored.solves == 1


def test_two_players_at_once_at_one_puzzle_both_count(alice, bob):
    puzzle = stored_puzzle()

    def hold():
        Puzzle.objects.select_for_update().get(pk=puzzle.pk)

    answers = queued_behind(hold, [lambda: services.attempt(puzzle.pk, alice, RIGHT),
                                   lambda: services.attempt(puzzle.pk, bob, RIGHT)], outcome)
    assert [answer["rated"] for answer in answers] == [True, True]
    stored = Puzzle.objects.get(pk=puzzle.pk)
    assert stored.attempts == 2
    assert stored.solves == 2
    # The second was rated against the puzzle as the first left it.
    first, second = PuzzleAttempt.objects.order_by("pk")
    assert second.puzzle_rating_before == first.puzzle_rating_after
    assert stored.rating == second.puzzle_rating_after
