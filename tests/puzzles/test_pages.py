"""The puzzle pages answer: training, daily, streak and one puzzle (never its solution in the page),
an unknown puzzle is a 404, a signed-in player's last attempts are listed, the home page shows the
daily puzzle."""

import pytest
from django.test import Client

from puzzles import services
from puzzles.models import Puzzle

pytestmark = [pytest.mark.django_db, pytest.mark.requires("postgres")]

RIGHT = {"source": 0, "color": "black", "line": 4}


def test_every_puzzle_page_shows_the_puzzle_without_its_solution(puzzle):
    for path in ("/puzzles/", "/puzzles/daily/", "/puzzles/streak/", f"/puzzles/{puzzle.pk}/",
                 "/puzzles/?theme=avoid_floor", "/puzzles/?theme=no_such_theme"):
        answer = Client().get(path)  # a new visitor each: a visitor is shown a puzzle once
        assert answer.status_code == 200, path
        assert answer.context["puzzle_data"]["id"] == puzzle.pk
        assert "solution" not in answer.context["puzzle_data"]
    assert b'"alternative"' not in Client().get(f"/puzzles/{puzzle.pk}/").content


def test_unknown_puzzles_are_404(puzzle):
    for path in ("/puzzles/0/", f"/puzzles/{puzzle.pk + 1000}/", "/puzzles/99999999999999999999999/"):
        assert Client().get(path).status_code == 404, path


def test_no_puzzle_left_is_said_on_the_page(puzzle):
    Puzzle.objects.all().delete()
    answer = Client().get("/puzzles/")
    assert answer.status_code == 200
    assert b"puzzle-none" in answer.content


def test_a_players_last_puzzles_are_listed(puzzle, alice):
    services.attempt(puzzle.pk, alice, RIGHT)
    client = Client()
    client.force_login(alice, backend="accounts.backends.HumanOnlyBackend")
    answer = client.get("/puzzles/daily/")
    assert [entry["puzzle"] for entry in answer.context["history"]] == [puzzle.pk]
    assert b'data-testid="puzzle-history"' in answer.content


def test_the_home_page_shows_the_daily_puzzle(puzzle):
    answer = Client().get("/")
    assert answer.context["daily_puzzle"] == puzzle
    assert b'data-testid="home-daily-puzzle"' in answer.content
