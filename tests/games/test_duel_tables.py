"""Azul Duel tables through the real services, REST API, payloads, ratings, replays and export."""

import random

import pytest
from rest_framework.test import APIClient

from azul import engine
from games import errors, replays, services
from games.models import Game, MoveRecord
from games.payloads import game_payload
from ratings.models import Rating, RatingChange
from tests.ratings.factories import make_users
from tests.support.games import controller_to_move, fresh, snapshot, start_game, waiting_users
from tests.support.waiting import wait_until


def legal_moves(game):
    """The moves the payload offers the player to move (what the board lights up)."""
    return game_payload(fresh(game))["legal_moves"]


def play_duel_to_end(game, seed=0):
    rng = random.Random(seed)
    while fresh(game).status == Game.Status.PLAYING:
        current = fresh(game)
        move = rng.choice(game_payload(current)["legal_moves"])  # this read's moves, no re-read
        services.play_move(current.pk, controller_to_move(current), move, current.version)
    return fresh(game)


@pytest.mark.django_db
def test_a_duel_table_is_two_seats_without_a_wall_variant(alice):
    table = services.create_table(alice, ruleset="duel", variant="gray")
    assert (table.ruleset, table.players, table.variant) == ("duel", 2, "standard")
    for players in (3, 4):
        with pytest.raises(errors.Invalid, match="players must be 2 for duel"):
            services.create_table(alice, ruleset="duel", players=players)
    with pytest.raises(errors.Invalid, match="ruleset must be one of classic, duel"):
        services.create_table(alice, ruleset="chess", players=2)
    with pytest.raises(errors.Invalid, match="players must be 2, 3 or 4 for classic"):
        services.create_table(alice)


@pytest.mark.django_db
def test_a_duel_game_starts_and_its_payload_offers_the_legal_moves(duel):
    game = duel
    payload = game_payload(fresh(game))
    state = payload["state"]
    assert payload["ruleset"] == "duel"
    assert state["ruleset"] == "duel"
    assert "seed" not in state
    assert isinstance(state["plate_stack"], int)  # the stack order hidden
    assert state["pending"] == {"player": state["current_player"], "decision": "opening_plate"}
    expected = engine.DuelState.from_dict(fresh(game).state).legal_moves()
    assert payload["legal_moves"] == [move.to_dict() for move in expected]
    assert {move["type"] for move in payload["legal_moves"]} == {"opening_plate"}


@pytest.mark.django_db
def test_duel_moves_are_applied_and_bad_ones_change_nothing(duel):
    game = duel
    mover, waiting = controller_to_move(game), waiting_users(game)[0]
    move = legal_moves(game)[0]
    before = snapshot(game)

    with pytest.raises(errors.NotYourTurn):
        services.play_move(game.pk, waiting, move, 0)
    with pytest.raises(errors.StaleVersion):
        services.play_move(game.pk, mover, move, 1)
    with pytest.raises(errors.InvalidMove, match="move.type"):
        services.play_move(game.pk, mover, {"source": 0, "color": "red", "line": 0}, 0)
    with pytest.raises(errors.IllegalMove, match="opening"):
        services.play_move(game.pk, mover, {"type": "buy_plate"}, 0)
    assert snapshot(game) == before

    outcome = services.play_move(game.pk, mover, move, 0)
    assert outcome.applied
    assert outcome.version == 1
    assert MoveRecord.objects.get(game=game, number=1).move == move
    # A resend of the same move at the version it was sent for is answered, not applied again.
    again = services.play_move(game.pk, mover, move, 0)
    assert not again.applied
    assert fresh(game).version == 1


@pytest.mark.django_db(transaction=True)
def test_a_rated_duel_game_is_rated_on_the_duel_ladder_and_replays_exports_and_verifies():
    alice, bob = make_users("alice", "bob")
    game = play_duel_to_end(start_game(alice, bob, ruleset="duel", rated=True), seed=5)
    assert game.status == Game.Status.FINISHED
    assert game.result["ended_by"] == "normal"
    assert game_payload(game)["legal_moves"] == []

    assert set(RatingChange.objects.filter(game=game).values_list("ladder", flat=True)) == {"duel"}
    assert Rating.objects.filter(ladder="duel", games=1).count() == 2
    assert not Rating.objects.filter(ladder__startswith="classic", games__gt=0).exists()

    assert replays.verify_game(game) is None
    assert replays.state_at(game, game.version).to_dict() == game.state

    client = APIClient()
    record = client.get(f"/api/v1/games/{game.pk}/export").json()
    assert record["ruleset"] == "duel"
    assert len(record["moves"]) == game.version
    answer = client.post("/api/v1/games/verify", record, format="json").json()
    assert answer["valid"] is True
    assert answer["result"]["ranks"] == game.result["ranks"]
    as_classic = {**record, "ruleset": "classic"}
    answer = client.post("/api/v1/games/verify", as_classic, format="json").json()
    assert answer["valid"] is False
    assert answer["reason"].startswith("move 1:")
    three = {**record, "players": record["players"] + record["players"][:1]}
    refused = client.post("/api/v1/games/verify", three, format="json")
    assert refused.status_code == 400
    assert "duel is not played by 3" in refused.json()["error"]["detail"]

    replay = client.get(f"/api/v1/games/{game.pk}/replay?at=3").json()
    assert replay["state"]["ruleset"] == "duel"
    assert replay["state"]["move_count"] == 3


@pytest.mark.django_db(transaction=True)  # bot turns are queued on commit
def test_the_rest_api_opens_and_plays_a_duel_table(alice):
    client = APIClient()
    client.force_authenticate(alice)
    created = client.post("/api/v1/tables", {"ruleset": "duel"}, format="json")
    assert created.status_code == 201, created.json()
    table = created.json()
    assert (table["ruleset"], table["players"], table["variant"]) == ("duel", 2, "standard")
    refused = client.post("/api/v1/tables", {"ruleset": "duel", "players": 3}, format="json")
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "invalid"

    bots = client.post(f"/api/v1/tables/{table['id']}/bots", {"seat": 1, "level": "random"},
                       format="json")
    assert bots.status_code == 201
    started = client.post(f"/api/v1/tables/{table['id']}/start")
    assert started.status_code == 201
    game_id = started.json()["game"]
    # The bot's turn runs off the request (a worker or an embedded thread): wait for our turn.
    def our_turn():
        payload = client.get(f"/api/v1/games/{game_id}").json()
        mine = next(seat for seat in payload["seats"] if seat["username"] == "alice")
        return payload["state"]["current_player"] == mine["player_index"] and payload

    payload = wait_until(our_turn, 10, "the bot's move", every=0.05)
    assert payload["ruleset"] == "duel"
    assert payload["legal_moves"]
    move = payload["legal_moves"][0]
    answer = client.post(f"/api/v1/games/{game_id}/moves",
                         {"move": move, "version": payload["version"]}, format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["version"] >= payload["version"] + 1


@pytest.mark.django_db
def test_a_hint_in_a_casual_duel_game_is_one_of_the_legal_moves(alice, bob):
    from games.services.bot_turns import suggest_move

    game = start_game(alice, bob, ruleset="duel")
    for _ in range(3):  # past the opening, into the drafting phase
        current = fresh(game)
        services.play_move(current.pk, controller_to_move(current), legal_moves(current)[0],
                           current.version)
    hint = suggest_move(game.pk, controller_to_move(game))
    assert hint["version"] == fresh(game).version
    assert hint["move"] in legal_moves(game)


@pytest.mark.django_db
def test_resigning_a_duel_game_ends_it_for_the_opponent_and_it_still_verifies(duel, alice):
    game = duel
    services.play_move(game.pk, controller_to_move(game), legal_moves(game)[0], 0)
    services.resign(game.pk, alice)
    game = fresh(game)
    alice_index = game.table.seats.get(user=alice).player_index
    assert game.status == Game.Status.FINISHED
    assert game.result["ended_by"] == "resign"
    assert game.result["leavers"] == [alice_index]
    assert game.result["winners"] == [1 - alice_index]
    assert replays.verify_record(replays.export_record(game)).valid
