"""Seeks over the lobby socket of a real daphne: two players paired live; bad messages."""

import json
import time
from contextlib import contextmanager

from games.models import Game
from matchmaking.models import Seek
from tests.support.live_sockets import live_socket, next_message
from tests.support.waiting import wait_until


@contextmanager
def lobby_socket(live_daphne, user=None):
    with live_socket(live_daphne, "/ws/lobby/", user) as socket:
        assert next_of(socket, "tables")
        yield socket


def next_of(socket, kind):
    return next_message(socket, kind, passing=("tables", "table", "seek", "paired"))


def test_two_seekers_are_paired_over_the_lobby_socket(live_daphne, alice, make_user):
    bob = make_user("bob")
    with lobby_socket(live_daphne, alice) as a, lobby_socket(live_daphne, bob) as b:
        a.send(json.dumps({"type": "seek", "ruleset": "duel", "clock": "blitz"}))
        seek = next_of(a, "seek")["seek"]
        assert seek["status"] == "waiting"
        assert seek["clock"]["base_seconds"] == 180
        b.send(json.dumps({"type": "seek", "ruleset": "duel", "clock": "blitz"}))
        to_a, to_b = next_of(a, "paired"), next_of(b, "paired")
        assert to_a["game"] == to_b["game"]
        assert to_a["url"] == f"/tables/{to_a['table']}/"
        assert Game.objects.get(pk=to_a["game"]).status == "playing"
        a.send(json.dumps({"type": "ping"}))  # the game's news to the user's group left it open
        assert next_of(a, "pong")


def test_a_seek_is_cancelled_by_message_or_when_its_socket_closes(live_daphne, alice):
    with lobby_socket(live_daphne, alice) as a:
        a.send(json.dumps({"type": "seek"}))
        assert next_of(a, "seek")["seek"]["status"] == "waiting"
        a.send(json.dumps({"type": "seek_cancel"}))
        assert next_of(a, "seek")["seek"]["status"] == "cancelled"
        a.send(json.dumps({"type": "seek_cancel"}))
        assert next_of(a, "error")["code"] == "not_seeking"
        a.send(json.dumps({"type": "seek"}))
        assert next_of(a, "seek")["seek"]["status"] == "waiting"
    # The closed socket takes its seek along once daphne has seen the close (a socket opened before
    # then would find it still waiting, and its cancel would answer with the seek, not an error).
    wait_until(lambda: not Seek.objects.filter(user=alice, status=Seek.Status.WAITING).exists(),
               timeout=10, what="the closed socket's seek cancelled")
    with lobby_socket(live_daphne, alice) as again:
        again.send(json.dumps({"type": "seek_cancel"}))
        assert next_of(again, "error")["code"] == "not_seeking"
    assert not Seek.objects.filter(status="waiting").exists()


def test_bad_seek_messages_get_errors_and_change_nothing(live_daphne, alice):
    with lobby_socket(live_daphne) as anonymous:
        anonymous.send(json.dumps({"type": "seek"}))
        assert next_of(anonymous, "error")["code"] == "not_authenticated"
    with lobby_socket(live_daphne, alice) as a:
        for bad in ({"type": "seek", "ruleset": 7}, {"type": "seek", "clock": "x"},
                    {"type": "seek", "clock": {"kind": "realtime", "base_seconds": 10**40}},
                    {"type": "seek", "rated": "yes"}, {"type": "seek", "players": 5},
                    {"type": "seek", "ruleset": "chess"}, {"type": "seek", "clock": "lightning"},
                    {"type": "seek", "ruleset": "duel", "players": 3},
                    {"type": "seek", "clock": {"kind": "sundial"}}):
            a.send(json.dumps(bad))
            assert next_of(a, "error")["code"] == "invalid", bad
        a.send(json.dumps({"type": "seek", "pad": "x" * 70_000}))
        assert next_of(a, "error")["code"] == "payload_too_large"
    with lobby_socket(live_daphne) as flooding:  # refused cheaply: the socket's rate shows
        for _ in range(40):
            flooding.send(json.dumps({"type": "seek"}))
        errors = [next_of(flooding, "error") for _ in range(40)]
        assert {error["code"] for error in errors} == {"not_authenticated", "throttled"}
        # As long as the server said to wait: the bucket refills.
        time.sleep(max(error.get("retry_after_ms", 0) for error in errors) / 1000)
        flooding.send(json.dumps({"type": "ping"}))  # still open
        assert next_of(flooding, "pong")
    assert Seek.objects.count() == 0
