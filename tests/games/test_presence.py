"""Presence: the connected list is the union of live sockets, whatever the timing.

Runs on the configured cache: Redis when REDIS_URL is set (CI), the embedded store otherwise.
"""

import threading
import time

import pytest
from asgiref.sync import async_to_sync

from realtime import presence
from tests.support.games import start_game
from tests.support.sockets import WAIT, game_socket, joined, opened, tokens_for
from tests.support.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)



def in_parallel(count, action):
    """Run action(i) for i in range(count) on as many threads released at the same instant."""
    gate = threading.Barrier(count)
    failures = []

    def run(index):
        try:
            gate.wait()
            action(index)
        except Exception as exc:  # reported below: a thread's exception would be lost
            failures.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures


def test_sockets_joining_and_leaving_at_the_same_instant_are_all_accounted_for():
    group = "game-presence-race"
    names = [f"player{i}" for i in range(16)]
    entries = [presence.entry(f"channel-{i}", name, True) for i, name in enumerate(names)]
    for _ in range(5):  # a read-modify-write store loses some of these almost every round
        in_parallel(16, lambda i: presence.add(group, entries[i]))
        in_parallel(4, lambda i: presence.add(group, presence.entry(f"watcher-{i}", None, False)))
        assert presence.summary(group) == {"connected": sorted(names), "spectators": 4}

        in_parallel(8, lambda i: presence.remove(group, entries[2 * i]))
        in_parallel(4, lambda i: presence.remove(group, presence.entry(f"watcher-{i}", None, False)))
        assert presence.summary(group) == {"connected": sorted(names[1::2]), "spectators": 0}
        in_parallel(8, lambda i: presence.remove(group, entries[2 * i + 1]))
        assert presence.summary(group) == {"connected": [], "spectators": 0}


def test_an_entry_nobody_refreshes_expires_and_one_player_in_two_sockets_counts_once():
    group = "game-presence-expiry"
    start = time.time()
    crashed = presence.entry("channel-of-a-dead-server", "alice", True)
    presence.add(group, crashed, now=start)
    presence.add(group, presence.entry("channel-1", "bob", True), now=start)
    presence.add(group, presence.entry("channel-2", "bob", True), now=start)
    later = start + presence.TTL_SECONDS - 1
    presence.add(group, presence.entry("channel-1", "bob", True), now=later)  # refreshed
    assert presence.summary(group, now=later) == {"connected": ["alice", "bob"], "spectators": 0}
    assert presence.summary(group, now=start + presence.TTL_SECONDS + 1) == {
        "connected": ["bob"],
        "spectators": 0,
    }


def test_four_players_connecting_at_once_all_show_as_connected(alice, bob, carol, dave):
    game = start_game(alice, bob, carol, dave)
    tokens = tokens_for(alice, bob, carol, dave)
    everyone = ["alice", "bob", "carol", "dave"]

    @async_to_sync
    async def scenario():
        import asyncio

        sockets = await asyncio.gather(
            *(opened(game_socket(game.pk, tokens[name])) for name in everyone)
        )
        for socket in sockets:  # the last broadcast, made after the last join, lists everyone
            while True:
                message = await socket.receive_json_from(timeout=WAIT)
                if message["type"] == "presence" and message["connected"] == everyone:
                    break
        assert await presence.snapshot(f"game-{game.pk}") == {
            "connected": everyone,
            "spectators": 0,
        }
        await asyncio.gather(*(socket.disconnect() for socket in sockets[1:]))
        assert await presence.snapshot(f"game-{game.pk}") == {
            "connected": ["alice"],
            "spectators": 0,
        }
        await sockets[0].disconnect()

    scenario()


def test_an_open_socket_keeps_its_entry_alive(alice, bob, monkeypatch):
    game = start_game(alice, bob)
    tokens = tokens_for(alice)
    monkeypatch.setattr(presence, "REFRESH_SECONDS", 0.1)

    @async_to_sync
    async def scenario():
        import asyncio

        connected_at = time.time()
        (socket,), _ = await joined(game.pk, tokens["alice"])
        # Only an entry refreshed after connecting is still alive a TTL after the connect: the
        # socket refreshes it (every 0.1 s here) until it is.
        after_ttl = connected_at + presence.TTL_SECONDS + 0.5
        await asyncio.to_thread(
            wait_until,
            lambda: presence.summary(f"game-{game.pk}", after_ttl)["connected"] == ["alice"],
            10, "the socket refreshing its entry")
        await socket.disconnect()

    scenario()
