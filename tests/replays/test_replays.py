"""Replays are rebuilt from the seed and the move log, and equal what was stored."""

import io
import random

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from azul import engine
from games import replays, services
from games.models import Game, MoveRecord
from tests.ratings.factories import finished_game, make_users
from tests.support.games import play_one, play_to_end, start_game

pytestmark = pytest.mark.django_db


def test_games_played_through_the_services_replay_to_their_stored_state():
    """The real writer (services.play_move) against the engine's replay, every size and wall."""
    users = make_users("ann", "ben", "cid", "dot")
    games = []
    for number, (players, variant) in enumerate([(2, "gray"), (3, "standard"), (4, "standard")]):
        game = start_game(*users[:players], variant=variant)
        games.append(play_to_end(game, seed=number))
    running = start_game(users[1], users[0])
    for _ in range(7):
        play_one(running)
    assert replays.verify_all(queryset=Game.objects.filter(pk__in=[g.pk for g in games])) == []
    assert replays.verify_game(Game.objects.get(pk=running.pk)) is None
    for game in games:
        assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED


def test_many_random_finished_games_replay_and_verify_games_says_so():
    users = make_users("ann", "ben", "cid", "dot")
    rng = random.Random(7)
    for number in range(40):
        players = rng.choice((2, 3, 4))
        leavers = (rng.randrange(players),) if number % 8 == 0 else ()
        finished_game(
            users[:players],
            rng_seed=number,
            variant=rng.choice(("standard", "gray")),
            leavers=leavers,
        )
    out, err = io.StringIO(), io.StringIO()
    call_command("verify_games", stdout=out, stderr=err)
    assert "all 40 games replay to their stored state" in out.getvalue()
    assert "] 40/40" in err.getvalue()


def test_verify_games_reports_a_tampered_state_and_a_tampered_log():
    alice, bob = make_users("alice", "bob")
    honest = finished_game([alice, bob], rng_seed=1)
    edited_state = finished_game([alice, bob], rng_seed=2)
    edited_log = finished_game([alice, bob], rng_seed=3)
    state = edited_state.state
    state["boards"][0]["score"] += 5
    Game.objects.filter(pk=edited_state.pk).update(state=state)
    first = MoveRecord.objects.get(game=edited_log, number=1)
    other = next(
        m.to_dict()
        for m in replays.initial_state(edited_log).legal_moves()
        if m.to_dict() != first.move
    )
    MoveRecord.objects.filter(pk=first.pk).update(move=other)

    out = io.StringIO()
    with pytest.raises(CommandError, match="2 of 3 games do not replay"):
        call_command("verify_games", stdout=out, stderr=io.StringIO())
    report = out.getvalue()
    assert f"game {edited_state.pk}: stored state differs from the replay in: boards" in report
    assert f"game {edited_log.pk}:" in report
    assert f"game {honest.pk}:" not in report


def test_replay_api_gives_any_state_and_hides_the_seed_of_a_running_game():
    alice, bob = make_users("alice", "bob")
    client = APIClient()
    done = finished_game([alice, bob], rng_seed=4)
    states = replays.rebuild_states(done)
    answer = client.get(f"/api/v1/games/{done.pk}/replay", {"at": 5}).json()
    assert answer["state"] == states[5].to_dict()
    assert "seed" in answer["state"]

    running = start_game(alice, bob)
    for _ in range(3):
        play_one(running)
    answer = client.get(f"/api/v1/games/{running.pk}/replay", {"at": 2}).json()
    assert "seed" not in answer["state"]
    assert answer["state"]["move_count"] == 2
    assert client.get(f"/api/v1/games/{running.pk}/replay", {"at": 4}).status_code == 400
    assert client.get(f"/api/v1/games/{running.pk}/replay", {"at": -1}).status_code == 400
    assert client.get("/api/v1/games/999999/replay").status_code == 404


def test_an_exported_game_verifies_and_any_edit_is_caught():
    alice, bob, carol = make_users("alice", "bob", "carol")
    client = APIClient()
    game = finished_game([alice, bob, carol], rng_seed=9)
    record = client.get(f"/api/v1/games/{game.pk}/export").json()
    assert record["seed"] == game.seed
    assert len(record["moves"]) == game.version
    assert {"number", "player_index", "move", "created_at", "think_ms"} <= set(record["moves"][0])

    answer = client.post("/api/v1/games/verify", record, format="json").json()
    assert answer["valid"] is True
    assert answer["result"]["ranks"] == game.result["ranks"]
    wrapped = client.post("/api/v1/games/verify", {"record": record}, format="json").json()
    assert wrapped["valid"] is True

    other_ranks = [rank % 3 + 1 for rank in record["result"]["ranks"]]  # differs at every seat
    swapped = {**record, "result": {**record["result"], "ranks": other_ranks}}
    answer = client.post("/api/v1/games/verify", swapped, format="json").json()
    assert answer["valid"] is False
    assert "ranks" in answer["reason"]

    short = {**record, "moves": record["moves"][:-1]}
    answer = client.post("/api/v1/games/verify", short, format="json").json()
    assert answer == {
        **answer,
        "valid": False,
        "reason": "the moves do not reach the end of the game",
    }

    state = engine.new_game(3, seed=record["seed"])
    illegal = next(
        {"source": s, "color": c, "line": 0}
        for s, tiles in enumerate(state.to_dict()["factories"])
        for c in engine.COLOURS
        if tiles and c not in tiles
    )
    bad_move = {**record, "moves": [{**record["moves"][0], "move": illegal}] + record["moves"][1:]}
    answer = client.post("/api/v1/games/verify", bad_move, format="json").json()
    assert answer["valid"] is False
    assert answer["reason"].startswith("move 1:")

    other_seed = {**record, "seed": record["seed"] + 1}
    answer = client.post("/api/v1/games/verify", other_seed, format="json").json()
    assert answer["valid"] is False
    assert "commitment" in answer["reason"]


def test_a_resigned_game_exports_and_verifies():
    alice, bob = make_users("alice", "bob")
    game = start_game(alice, bob)
    play_one(game)
    services.resign(game.pk, alice)
    client = APIClient()
    record = client.get(f"/api/v1/games/{game.pk}/export").json()
    assert record["result"]["ended_by"] == "resign"
    assert client.post("/api/v1/games/verify", record, format="json").json()["valid"] is True
    no_leaver = {**record, "result": {**record["result"], "leavers": []}}
    answer = client.post("/api/v1/games/verify", no_leaver, format="json").json()
    assert answer["valid"] is False
    assert "needs a leaver" in answer["reason"]


@pytest.mark.parametrize(
    ("record", "field"),
    [
        ([], "JSON object"),
        ({"players": [1]}, "players"),
        ({"players": [1, 2], "variant": "pink"}, "variant"),
        ({"players": [1, 2], "seed": "x"}, "seed"),
        ({"players": [1, 2], "seed": 1, "moves": {}}, "moves"),
        ({"players": [1, 2], "seed": 1, "moves": [3]}, "moves[0]"),
        ({"players": [1, 2], "seed": 1, "moves": [], "result": {}}, "result"),
        (
            {"players": [1, 2], "seed": 1, "moves": [], "result": {"ranks": [], "ended_by": "x"}},
            "ended_by",
        ),
        (
            {"players": [1, 2], "seed": 1, "moves": [], "result": {"ranks": [], "leavers": [5]}},
            "leavers",
        ),
    ],
)
def test_a_malformed_record_is_refused_with_the_field_named(record, field):
    response = APIClient().post("/api/v1/games/verify", record, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert field in error["detail"]


def test_export_needs_a_finished_game():
    alice, bob = make_users("alice", "bob")
    running = start_game(alice, bob)
    client = APIClient()
    response = client.get(f"/api/v1/games/{running.pk}/export")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "not_finished"
    assert client.get("/api/v1/games/999999/export").status_code == 404


def test_the_replay_page_carries_every_state_and_the_running_game_only_its_public_part(client):
    alice, bob = make_users("alice", "bob")
    done = finished_game([alice, bob], rng_seed=5)
    page = client.get(f"/games/{done.pk}/replay")
    assert page.status_code == 200
    data = page.context["replay_data"]
    assert len(data["states"]) == done.version + 1
    assert data["seed"] == done.seed
    assert data["commitment_matches"] is True
    assert data["round_starts"]["1"] == 0

    running = start_game(alice, bob)
    play_one(running)
    page = client.get(f"/games/{running.pk}/replay")
    data = page.context["replay_data"]
    assert data["seed"] is None
    assert data["salt"] is None
    assert data["result"] is None
    assert len(data["states"]) == 2
    assert all("seed" not in s for s in data["states"])
    assert str(running.seed) not in page.content.decode()
    assert client.get("/games/999999/replay").status_code == 404
