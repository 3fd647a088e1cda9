"""The puzzles' API: next, attempt, daily, themes, my rating and history; anonymous play unrated;
every refusal with its code and nothing changed (docs/puzzles.md, docs/api.md)."""

import pytest

from puzzles.models import DailyPuzzle, Puzzle, PuzzleAttempt, PuzzlePlayer
from tests.puzzles.conftest import stored_puzzle
from tests.support.games import client_for, error_code

pytestmark = [pytest.mark.django_db, pytest.mark.requires("postgres")]

RIGHT = {"source": 0, "color": "black", "line": 4}
WRONG = {"source": 1, "color": "red", "line": "floor"}


def attempt(client, puzzle_id, move, **extra):
    return client.post(f"/api/v1/puzzles/{puzzle_id}/attempt", {"move": move, **extra}, format="json")


def test_an_anonymous_visitor_plays_unrated(puzzle):
    client = client_for()
    shown = client.get("/api/v1/puzzles/next").json()
    assert shown["id"] == puzzle.pk
    assert "solution" not in shown
    assert "alternative" not in shown
    assert "seed" not in shown["position"]["state"]
    assert RIGHT in shown["position"]["legal_moves"]
    assert len(shown["position"]["previews"]) == len(shown["position"]["legal_moves"])
    right = attempt(client, puzzle.pk, RIGHT).json()
    assert right["solved"] is True
    assert right["rated"] is False
    assert right["rating"] is None
    assert right["solution"] == RIGHT
    assert any("+1" in line for line in right["explanation"])  # the line's placement point
    assert any("−6" in line for line in right["explanation"])  # the alternative floors four
    wrong = attempt(client, puzzle.pk, WRONG).json()
    assert wrong["solved"] is False
    assert wrong["rated"] is False
    assert wrong["explanation"][-1].startswith("Your move")
    assert PuzzleAttempt.objects.count() == 0
    assert Puzzle.objects.get(pk=puzzle.pk).attempts == 0


def test_a_signed_in_player_is_rated_once(puzzle, alice):
    client = client_for(alice)
    verdict = attempt(client, puzzle.pk, RIGHT).json()
    assert verdict["solved"]
    assert verdict["rated"]
    assert verdict["rating_change"] > 0
    stored = Puzzle.objects.get(pk=puzzle.pk)
    assert stored.attempts == 1
    assert stored.solves == 1
    assert stored.rating < puzzle.rating
    player = PuzzlePlayer.objects.get(user=alice)
    again = attempt(client, puzzle.pk, WRONG)
    assert again.status_code == 409
    assert error_code(again) == "already_attempted"
    assert PuzzleAttempt.objects.filter(user=alice).count() == 1
    assert PuzzlePlayer.objects.get(user=alice).rating == player.rating
    assert Puzzle.objects.get(pk=puzzle.pk).rating == stored.rating
    me = client.get("/api/v1/puzzles/me").json()
    assert me["rating"]["rating"] == verdict["rating"]
    assert me["rating"]["attempts"] == 1
    assert [entry["puzzle"] for entry in me["history"]] == [puzzle.pk]
    # Played: no next puzzle left for alice, while bob still has it.
    assert error_code(client.get("/api/v1/puzzles/next")) == "no_puzzle"
    assert client_for().get("/api/v1/puzzles/next").json()["id"] == puzzle.pk


def test_a_failed_puzzle_is_a_loss(puzzle, alice):
    verdict = attempt(client_for(alice), puzzle.pk, WRONG).json()
    assert verdict["solved"] is False
    assert verdict["rating_change"] < 0
    assert Puzzle.objects.get(pk=puzzle.pk).rating > puzzle.rating


@pytest.mark.parametrize(("path", "body", "status", "code"), [
    ("/api/v1/puzzles/999999/attempt", {"move": RIGHT}, 404, "not_found"),
    ("/api/v1/puzzles/99999999999999999999999/attempt", {"move": RIGHT}, 404, "not_found"),
    ("/api/v1/puzzles/{id}/attempt", {"move": {"source": 0, "color": "black", "line": 0}}, 422, "illegal_move"),
    ("/api/v1/puzzles/{id}/attempt", {"move": "black to line 5"}, 400, "invalid"),
    ("/api/v1/puzzles/{id}/attempt", {"move": {"source": "x", "color": 3}}, 400, "invalid"),
    ("/api/v1/puzzles/{id}/attempt", {}, 400, "invalid"),
    ("/api/v1/puzzles/{id}/attempt", {"move": RIGHT, "streak": -1}, 400, "invalid"),
    ("/api/v1/puzzles/{id}/attempt", {"move": RIGHT, "streak": True}, 400, "invalid"),
])
def test_bad_attempts_are_refused_and_change_nothing(puzzle, alice, path, body, status, code):
    answer = client_for(alice).post(path.format(id=puzzle.pk), body, format="json")
    assert answer.status_code == status
    assert error_code(answer) == code
    assert PuzzleAttempt.objects.count() == 0
    assert not PuzzlePlayer.objects.filter(rating__lt=1500).exists()
    assert Puzzle.objects.get(pk=puzzle.pk).attempts == 0


@pytest.mark.parametrize(("query", "code"), [
    ("theme=no_such_theme", "invalid"), ("ruleset=chess", "invalid"), ("streak=x", "invalid"),
    ("theme=duel_plates", "no_puzzle"),
])
def test_bad_filters_are_refused(puzzle, query, code):
    assert error_code(client_for().get(f"/api/v1/puzzles/next?{query}")) == code


def test_unknown_puzzles_are_not_found(puzzle):
    for path in ("/api/v1/puzzles/0", "/api/v1/puzzles/123456789", "/api/v1/puzzles/99999999999999999999999"):
        answer = client_for().get(path)
        assert answer.status_code == 404
        assert error_code(answer) == "not_found"


def test_a_theme_and_the_streak_choose_the_puzzle(puzzle):
    harder = stored_puzzle(key_suffix="harder00")
    Puzzle.objects.filter(pk=harder.pk).update(rating=2100, themes=",deny,")
    assert client_for().get("/api/v1/puzzles/next?theme=deny").json()["id"] == harder.pk
    assert client_for().get("/api/v1/puzzles/next?theme=avoid_floor").json()["id"] == puzzle.pk
    # The streak's 18th puzzle is at 1200 + 18 × 50 = 2100 or above.
    assert client_for().get("/api/v1/puzzles/next?streak=18").json()["id"] == harder.pk
    # The first level (1200) has both above it: either, drawn among the lowest-rated.
    assert client_for().get("/api/v1/puzzles/next?streak=0").json()["id"] in {puzzle.pk, harder.pk}
    themes = {entry["theme"]: entry for entry in client_for().get("/api/v1/puzzles/themes").json()}
    assert themes["deny"]["puzzles"] == 1
    assert themes["avoid_floor"]["puzzles"] == 1
    assert themes["deny"]["name"] == "Deny a line"


def test_a_solved_streak_records_the_best(puzzle, alice):
    attempt(client_for(alice), puzzle.pk, RIGHT, streak=4)
    assert PuzzlePlayer.objects.get(user=alice).best_streak == 5


def test_the_daily_puzzle_is_one_a_day(puzzle):
    first = client_for().get("/api/v1/puzzles/daily").json()
    assert first["id"] == puzzle.pk
    assert "solution" not in first
    assert client_for().get("/api/v1/puzzles/daily").json() == first
    assert DailyPuzzle.objects.count() == 1


def test_a_forged_attempt_without_the_csrf_token_changes_nothing(puzzle, alice):
    """A page of another site posting with the player's session cookie: refused by the CSRF check."""
    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice, backend="accounts.backends.HumanOnlyBackend")
    answer = browser.post(f"/api/v1/puzzles/{puzzle.pk}/attempt", {"move": RIGHT}, content_type="application/json")
    assert answer.status_code == 403
    assert not PuzzleAttempt.objects.exists()
    assert Puzzle.objects.get(pk=puzzle.pk).attempts == 0


def test_my_history_needs_an_account(puzzle):
    answer = client_for().get("/api/v1/puzzles/me")
    assert answer.status_code == 401


def test_attempts_are_throttled(puzzle, alice, bob, settings):
    settings.PUZZLE_ATTEMPTS_PER_MINUTE = 2
    client = client_for()
    assert attempt(client, puzzle.pk, WRONG).status_code == 200
    assert attempt(client, puzzle.pk, WRONG).status_code == 200
    answer = attempt(client, puzzle.pk, WRONG)
    assert answer.status_code == 429
    assert error_code(answer) == "throttled"
