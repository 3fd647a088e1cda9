"""Rematch live over real sockets: two players on a real daphne, offer, decline, accept."""

import json
from contextlib import contextmanager

from games import services
from games.models import Game
from tests.support.games import start_game
from tests.support.live_sockets import live_socket, next_message


@contextmanager
def open_game_socket(live_daphne, game_id, user=None):
    with live_socket(live_daphne, f"/ws/games/{game_id}/", user) as socket:
        assert next_of(socket, "state")["id"] == game_id
        yield socket


def rematch_until(socket, status):
    """The next `rematch` message with this status (the sender also gets its own answer)."""
    while True:
        rematch = next_of(socket, "rematch")["rematch"]
        if rematch["status"] == status:
            return rematch


def next_of(socket, kind):
    return next_message(socket, kind, passing=("presence", "state", "rematch"))


def test_offer_decline_and_accept_reach_both_players_live(live_daphne, alice, make_user):
    bob = make_user("bob")
    game = start_game(alice, bob)
    services.resign(game.pk, bob)
    with open_game_socket(live_daphne, game.pk, alice) as a, \
            open_game_socket(live_daphne, game.pk, bob) as b:
        a.send(json.dumps({"type": "rematch_offer"}))
        mine = next_of(a, "rematch")["rematch"]
        assert mine["status"] == "open"
        assert mine["waiting_for"] == ["bob"]
        heard = next_of(b, "rematch")["rematch"]
        assert heard["offered_by"] == "alice"
        assert heard["status"] == "open"

        b.send(json.dumps({"type": "rematch_decline"}))
        told = rematch_until(a, "declined")
        assert told["declined_by"] == "bob"

        b.send(json.dumps({"type": "rematch_offer"}))  # bob changes his mind and offers
        assert rematch_until(a, "open")["offered_by"] == "bob"
        a.send(json.dumps({"type": "rematch_accept"}))
        started_a = rematch_until(a, "started")
        started_b = rematch_until(b, "started")
        assert started_a["new_game"] == started_b["new_game"]
        new = Game.objects.get(pk=started_a["new_game"])
        assert new.status == Game.Status.PLAYING
        assert new.table_id == started_a["new_table"]


def test_bad_rematch_messages_get_errors_and_the_socket_stays_open(live_daphne, alice, make_user):
    bob = make_user("bob")
    carol = make_user("carol")
    game = start_game(alice, bob)
    with open_game_socket(live_daphne, game.pk, alice) as a:
        a.send(json.dumps({"type": "rematch_offer"}))
        assert next_of(a, "error")["code"] == "game_not_over"
        services.resign(game.pk, alice)
        a.send(json.dumps({"type": "rematch_accept"}))
        assert next_of(a, "error")["code"] == "no_rematch_offer"
        a.send(json.dumps({"type": "rematch_cancel", "junk": "x" * 100}))
        assert next_of(a, "error")["code"] == "no_rematch_offer"
        a.send("{not json")
        assert next_of(a, "error")["code"] == "malformed"
        a.send(json.dumps({"type": "ping"}))
        assert next_of(a, "pong")
    with open_game_socket(live_daphne, game.pk, carol) as c:  # not a player: a forged answer
        c.send(json.dumps({"type": "rematch_offer"}))
        assert next_of(c, "error")["code"] == "not_seated"
    with open_game_socket(live_daphne, game.pk) as anonymous:
        anonymous.send(json.dumps({"type": "rematch_accept"}))
        assert next_of(anonymous, "error")["code"] == "not_authenticated"
        for _ in range(40):  # a flood: throttled, and still open
            anonymous.send(json.dumps({"type": "rematch_accept"}))
        codes = set()
        for _ in range(40):
            codes.add(next_of(anonymous, "error")["code"])
        assert "throttled" in codes
    assert Game.objects.count() == 1
