"""The tournament feed (/ws/tournaments/<id>/) and "your game is ready" on the user feed: after
each commit the tournament's sockets hear its standings and pairings, each paired player hears
their table; only viewers who may see the tournament can listen.

Real ASGI application and channel layer (Redis when REDIS_URL is set); the services commit."""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer

from tests.support.sockets import ORIGIN, WAIT, connect, tokens_for
from tests.support.tournaments import entered, playing, seated_users, win
from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _flush_in_memory_layer():
    layer = get_channel_layer()
    if isinstance(layer, InMemoryChannelLayer):
        async_to_sync(layer.flush)()


def feed(tournament_id, token=None, code=None):
    path = f"/ws/tournaments/{tournament_id}/"
    if code is not None:
        path += f"?code={code}" + (f"&token={token}" if token else "")
        token = None
    return connect(path, token, ORIGIN)


async def opened(socket):
    connected, _ = await socket.connect(timeout=WAIT)
    assert connected
    first = await socket.receive_json_from(timeout=WAIT)
    assert first["type"] == "tournament"
    return first


async def next_of(socket, kind):
    while True:
        message = await socket.receive_json_from(timeout=WAIT)
        if message["type"] == kind:
            return message


def test_the_feed_streams_pairings_and_standings_and_players_hear_their_game(alice, make_user):
    players = [make_user(name) for name in ("bob", "carol", "dave", "erin")]
    tournament = entered(alice, players, rounds=2)
    tokens = tokens_for(*players)

    async def scenario():
        watcher = feed(tournament.pk)  # public: anyone may watch
        first = await opened(watcher)
        assert (first["status"], first["players"], first["pairings"]) == ("registration", 4, [])
        bob = feed(tournament.pk, tokens["bob"])
        await opened(bob)

        await database_sync_to_async(services.start_tournament)(tournament.pk, by_user=alice)
        update = await next_of(watcher, "tournament")
        while update["status"] != "running" or not update["pairings"]:
            update = await next_of(watcher, "tournament")
        assert update["current_round"] == 1
        assert len(update["pairings"]) == 2
        ready = await next_of(bob, "tournament_game")
        mine = next(p for p in update["pairings"]
                    if "bob" in [player["username"] for player in p["players"]])
        assert ready == {"type": "tournament_game", "tournament": tournament.pk,
                         "name": tournament.name, "game": mine["game"], "table": mine["table"],
                         "url": f"/tables/{mine['table']}/",
                         "deadline_at": ready["deadline_at"]}
        assert ready["deadline_at"] is not None  # a realtime game: the first move is due then

        pairing = (await database_sync_to_async(playing)(tournament))[0]
        winner = (await database_sync_to_async(seated_users)(pairing))[0]
        await database_sync_to_async(win)(pairing, winner)
        update = await next_of(watcher, "tournament")
        while not any(row["points"] for row in update["standings"]["rows"]):
            update = await next_of(watcher, "tournament")
        top = update["standings"]["rows"][0]
        assert (top["username"], top["points"], top["wins"]) == (winner.username, 1, 1)
        for socket in (watcher, bob):
            await socket.disconnect()

    async_to_sync(scenario)()


def test_an_invite_only_feed_is_for_those_who_may_see_it(alice, bob, make_user):
    tournament = entered(alice, [bob], visibility="invite")
    stranger = make_user("stranger")
    tokens = tokens_for(bob, stranger)

    async def closed(socket):
        connected, _ = await socket.connect(timeout=WAIT)
        assert connected  # accepted, then closed as for an unknown tournament
        assert (await socket.receive_output(timeout=WAIT))["code"] == 4404

    async def scenario():
        await closed(feed(tournament.pk))
        await closed(feed(tournament.pk, tokens["stranger"]))
        await closed(feed(tournament.pk, code="guess"))
        await closed(feed(999999))
        for socket in (feed(tournament.pk, tokens["bob"]),
                       feed(tournament.pk, tokens["stranger"], code=tournament.invite_code)):
            await opened(socket)
            await socket.disconnect()

    async_to_sync(scenario)()


def test_a_game_end_and_the_pairing_it_allows_reach_the_watchers_as_one_update(alice, bob, carol):
    tournament = entered(alice, [bob, carol], format="arena", duration_minutes=30)
    services.start_tournament(tournament.pk, by_user=alice)

    async def scenario():
        watcher = feed(tournament.pk)
        await opened(watcher)
        (first,) = await database_sync_to_async(playing)(tournament)
        await database_sync_to_async(win)(first, bob)  # alone, they are paired again at once
        # A change of its own after it: every update the game's end caused comes before its.
        await database_sync_to_async(services.pause)(tournament.pk, alice)
        updates = [await next_of(watcher, "tournament")]
        while not updates[-1]["paused"]:
            updates.append(await next_of(watcher, "tournament"))
        (after_the_game, _paused) = updates
        assert [p["status"] for p in after_the_game["pairings"]] == ["playing", "done"]
        assert after_the_game["standings"]["rows"][0]["username"] == "bob"
        await watcher.disconnect()

    async_to_sync(scenario)()
