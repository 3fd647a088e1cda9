"""A freshly paired round's players all hear "your game is ready" before any of its games' own
after-commit news (tournaments.broadcast.readies_first): each game's start queues its state, the
lobby's list and its players' your-turn feeds as it starts, and the readies used to be queued
board by board between them, so the last boards of a big Swiss heard seconds after the first.

The real channel layer (Redis when REDIS_URL is set): one channel of the test's own is added to
every player's user group and to the lobby's, so it receives their messages in the order they
were sent."""

import asyncio
import queue
import threading

import pytest
from channels.layers import get_channel_layer

from games.broadcast import LOBBY_GROUP
from realtime.groups import user_group
from tests.support.sockets import WAIT
from tests.support.tournaments import entered, users
from tournaments import services

pytestmark = pytest.mark.django_db

READY = "tournament.game"
GAME_NEWS = {"user.turns", "lobby.table", "lobby.tables"}  # a started game's own after-commit


@pytest.fixture
def listener():
    """`join(*groups)`: a channel of the test's own, on an event loop of its own thread, in
    those groups; `receive()`: its next message (waiting at most tests.support.sockets.WAIT)."""
    layer = get_channel_layer()
    messages, joined, stop = queue.Queue(), threading.Event(), threading.Event()
    threads = []

    def join(*groups):
        async def listen():
            channel = await layer.new_channel()
            for group in groups:
                await layer.group_add(group, channel)
            joined.set()
            while not stop.is_set():
                try:
                    async with asyncio.timeout(0.2):  # to look at `stop` again
                        messages.put(await layer.receive(channel))
                except TimeoutError:
                    continue
            for group in groups:
                await layer.group_discard(group, channel)

        thread = threading.Thread(target=asyncio.run, args=(listen(),), daemon=True)
        thread.start()
        threads.append(thread)
        assert joined.wait(WAIT)

    yield join, lambda: messages.get(timeout=WAIT)
    stop.set()
    for thread in threads:
        thread.join(WAIT)


@pytest.mark.parametrize("format_", ["swiss", "arena"])
def test_every_player_of_a_new_pairing_hears_their_game_before_any_games_news(
        alice, make_user, hooks, listener, format_):
    join, receive = listener
    players = users(make_user, 8)
    options = {"rounds": 3} if format_ == "swiss" else {"duration_minutes": 30}
    tournament = entered(alice, players, format=format_, **options)
    join(LOBBY_GROUP, *(user_group(player.pk) for player in players))

    with hooks():
        services.start_tournament(tournament.pk, by_user=alice)  # four boards, in one commit

    order, readies = [], 0
    while readies < len(players) or not GAME_NEWS & set(order):
        kind = receive()["type"]
        order.append(kind)
        readies += kind == READY
    last_ready = max(i for i, kind in enumerate(order) if kind == READY)
    first_news = next(i for i, kind in enumerate(order) if kind in GAME_NEWS)
    assert last_ready < first_news, order
