"""The scoring the engine computed reaches every client: payload previews, each move's account in
the broadcast, the REST move log and the replay, a finished game's round-by-round breakdown, and
each player's rating change (whole numbers)."""

import random

import pytest
from rest_framework.test import APIClient

from azul import engine
from games import score_history, services
from games.models import Game
from games.payloads import game_payload
from tests.ratings.factories import make_users
from tests.support.games import controller_to_move, fresh, start_game


def play_to_end(game, seed=0):
    """Every move through the services; the payload each one answered with, in order."""
    rng = random.Random(seed)
    answers = []
    while fresh(game).status == Game.Status.PLAYING:
        current = fresh(game)
        moves = game_payload(current)["legal_moves"]
        lines = [m for m in moves if m.get("line") not in ("floor", "broken")]
        move = rng.choice(lines if lines and rng.random() < 0.85 else moves)
        outcome = services.play_move(current.pk, controller_to_move(current), move, current.version)
        answers.append(game_payload(outcome.game, outcome.last_move, account=outcome.account))
    return fresh(game), answers


@pytest.mark.django_db
def test_the_payload_previews_each_legal_move_as_the_engine_does(alice, bob):
    game = start_game(alice, bob)
    payload = game_payload(fresh(game))
    state = engine.state_from_dict(fresh(game).state)
    assert len(payload["previews"]) == len(payload["legal_moves"]) > 0
    assert payload["previews"] == engine.move_previews(state)
    assert payload["rounds"] is None


@pytest.mark.django_db
@pytest.mark.parametrize("ruleset", ["classic", "duel"])
def test_each_move_carries_its_account_and_the_log_and_breakdown_add_up(alice, bob, ruleset):
    game, answers = play_to_end(start_game(alice, bob, ruleset=ruleset), seed=3)
    # The broadcast of each move: what it took and scored (the engine's own events).
    scored = [a["last_move"] for a in answers if a["last_move"]["scoring"]]
    assert scored
    assert all(a["last_move"]["scoring"] is not None for a in answers)
    assert any(move["before_tiling"] for move in scored)
    for answer, previous in zip(answers[1:], answers, strict=False):
        events = answer["last_move"]["scoring"]
        running = [board["score"] for board in previous["state"]["boards"]]
        for event in events:
            running[event["player"]] += event["points"]
            if event["type"] != "objective":
                assert running[event["player"]] == event["score"]
    # A payload fetched later does not know its last move's account; the REST log does.
    fetched = APIClient().get(f"/api/v1/games/{game.pk}").json()
    assert fetched["last_move"]["scoring"] is None
    log = APIClient().get(f"/api/v1/games/{game.pk}/moves").json()
    assert len(log) == game.version
    assert [entry["scoring"] for entry in log] == [a["last_move"]["scoring"] for a in answers]
    assert [entry["taken"] for entry in log] == [a["last_move"]["taken"] for a in answers]
    if ruleset == "classic":
        assert all(entry["taken"] for entry in log if "source" in entry["move"])
    # Round by round, the points add up to the final scores.
    rounds = fetched["rounds"]
    assert rounds[-1]["round"] == "end"
    for player in range(2):
        total = sum(row["players"][player]["total"] for row in rounds)
        assert rounds[-1]["players"][player]["score"] == game.result["scores"][player]
        if ruleset == "classic":  # (Duel starts at 5 and floors its final score at 0)
            assert total == game.result["scores"][player]
    # The end screen's breakdown (replayed from the moves alone) is the replay's (from the records).
    assert rounds == score_history.round_breakdown(score_history.explain(game))
    assert answers[-1]["rounds"] == rounds
    # The replay carries the same accounts, with the boards each tiling began from.
    replay = APIClient().get(f"/games/{game.pk}/replay")
    assert replay.status_code == 200


@pytest.mark.django_db(transaction=True)  # the rating task runs on commit
def test_rating_changes_of_a_rated_game_are_whole_numbers():
    alice, bob = make_users("alice", "bob")
    game, _ = play_to_end(start_game(alice, bob, rated=True), seed=1)
    answer = APIClient().get(f"/api/v1/games/{game.pk}/rating-changes").json()
    assert answer["rated"] is True
    assert [change["player_index"] for change in answer["changes"]] == [0, 1]
    for change in answer["changes"]:
        assert all(isinstance(change[key], int) for key in ("rating_before", "rating_after", "delta"))
        assert change["delta"] == change["rating_after"] - change["rating_before"]
    # The deal is secret and random, so random play may tie: a shared win moves no rating.
    ranks = game.result["ranks"]
    deltas = [change["delta"] for change in answer["changes"]]
    if ranks[0] == ranks[1]:
        assert deltas == [0, 0], (ranks, deltas)
    else:
        winner, loser = sorted((0, 1), key=lambda index: ranks[index])
        assert deltas[winner] > 0 > deltas[loser], (ranks, deltas)


@pytest.mark.django_db
def test_a_casual_game_has_no_rating_changes(alice, bob):
    game, _ = play_to_end(start_game(alice, bob), seed=2)
    assert APIClient().get(f"/api/v1/games/{game.pk}/rating-changes").json() == {
        "rated": False,
        "changes": [],
    }
