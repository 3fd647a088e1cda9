"""The download of one's own data: the player's games with their moves, ratings on every ladder,
their chat lines and settings; nothing private of anyone else; only when signed in; throttled."""

import json

import pytest
from django.test import Client

from accounts.models import User
from social import services as social_services
from tests.support.games import client_for, error_code, play_out_from_the_last_round, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_export_holds_the_players_games_ratings_and_chat_and_nobody_elses_secrets(alice, bob, carol):
    bob.email = "bob-private@example.com"
    bob.save(update_fields=["email"])
    alice.email = "alice@example.com"
    alice.save(update_fields=["email"])
    game = start_game(alice, bob, rated=True)
    social_services.post_message(game.pk, alice, "good luck")
    social_services.post_message(game.pk, bob, "bob's secret words")
    play_out_from_the_last_round(game, seed=3)
    duel = start_game(alice, bob, ruleset="duel", rated=True)
    play_out_from_the_last_round(duel, seed=4)
    start_game(bob, carol)  # not alice's

    response = client_for(alice).get("/api/v1/account/export")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    data = response.json()
    assert data["account"]["username"] == "alice"
    assert data["account"]["email"] == "alice@example.com"
    assert [g["id"] for g in data["games"]] == [game.pk, duel.pk]
    first = data["games"][0]
    assert len(first["moves"]) == game.moves.count() > 0
    assert first["result"] is not None
    assert {p["username"] for p in first["players"]} == {"alice", "bob"}
    assert {c["ladder"] for c in data["rating_history"]} == {"classic-2p", "duel"}
    assert {r["ladder"] for r in data["ratings"]} == {"classic-2p", "duel"}
    assert [m["text"] for m in data["chat_messages"]] == ["good luck"]
    body = response.content.decode()
    assert "bob-private@example.com" not in body
    assert "bob's secret words" not in body

    page = Client()
    page.force_login(alice)
    download = page.get("/accounts/settings/my-data/")
    assert download.status_code == 200
    assert json.loads(download.content)["account"]["id"] == alice.pk


def test_the_export_needs_a_signed_in_player_and_is_throttled(alice, throttle_clock_held):
    assert client_for().get("/api/v1/account/export").status_code in (401, 403)
    api = client_for(alice)
    answers = [api.get("/api/v1/account/export") for _ in range(6)]
    assert [a.status_code for a in answers] == [200] * 5 + [429]
    assert error_code(answers[-1]) == "throttled"
    assert client_for(User.objects.create_user("other")).get("/api/v1/account/export").status_code == 200
