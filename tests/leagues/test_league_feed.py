"""The league feed (/ws/leagues/<id>/, issue 18): open league pages hear of results, rounds and
players after commit, and only viewers who may see the league can listen.

Real ASGI application and channel layer (Redis when REDIS_URL is set); the games commit."""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client

from accounts.services import api_token_for
from azulsite.asgi import application
from leagues import services
from leagues.services import invitations
from tests.support.leagues import open_fixtures, players, resign_loser, started_season

pytestmark = pytest.mark.django_db(transaction=True)

# What a page at http://localhost sends (the origin check compares it with the Host).
ORIGIN = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
WAIT = 5


@pytest.fixture(autouse=True)
def _flush_in_memory_layer():
    layer = get_channel_layer()
    if isinstance(layer, InMemoryChannelLayer):
        async_to_sync(layer.flush)()


def feed(league_id, token=None, headers=()):
    path = f"/ws/leagues/{league_id}/" + (f"?token={token}" if token else "")
    return WebsocketCommunicator(application, path, headers=ORIGIN + list(headers))


async def subscribed(socket):
    connected, _ = await socket.connect(timeout=WAIT)
    assert connected
    assert await socket.receive_json_from(timeout=WAIT) == {"type": "subscribed", "league": socket.league}
    return socket


def test_a_result_reaches_the_open_league_pages(organiser, make_user):
    members = players(make_user, 2)
    league, season = started_season(organiser, members)
    (fixture,) = open_fixtures(season)

    async def scenario():
        socket = feed(league.pk)  # a public league: anyone may watch
        socket.league = league.pk
        await subscribed(socket)
        await database_sync_to_async(resign_loser)(fixture, lambda names: names[0])
        message = await socket.receive_json_from(timeout=WAIT)
        assert message == {"type": "league", "league": league.pk}
        await socket.send_json_to({"type": "ping"})
        while (answer := await socket.receive_json_from(timeout=WAIT))["type"] == "league":
            pass  # a burst: the result, then the season finishing
        assert answer == {"type": "pong"}
        await socket.disconnect()

    async_to_sync(scenario)()


def test_an_invite_only_league_feed_is_for_those_who_may_see_it(organiser, make_user):
    league = services.create_league(organiser, name="Hidden", visibility="invite")
    member, invitee, stranger = make_user("mem"), make_user("inv"), make_user("str")
    services.join_league(league.pk, member, code=league.invite_code)
    invitations.invite_player(league.pk, organiser, "inv")
    # A browser that followed the invite link has the code in its session.
    browser = Client()
    browser.force_login(stranger)
    browser.get(f"/leagues/{league.pk}/invite/{league.invite_code}/")
    cookie = [(b"cookie", f"sessionid={browser.cookies['sessionid'].value}".encode())]
    tokens = {user.username: api_token_for(user) for user in (member, invitee, stranger)}

    async def closed(socket):
        connected, _ = await socket.connect(timeout=WAIT)
        assert connected  # accepted, then closed as for an unknown league
        assert (await socket.receive_output(timeout=WAIT))["code"] == 4404

    async def scenario():
        for token in (tokens["mem"], tokens["inv"]):
            socket = feed(league.pk, token)
            socket.league = league.pk
            await subscribed(socket)
            await socket.disconnect()
        await closed(feed(league.pk))  # anonymous
        await closed(feed(league.pk, tokens["str"]))  # a stranger without the code
        await closed(feed(999999))
        await closed(feed(2**70))
        with_code = feed(league.pk, headers=cookie)
        with_code.league = league.pk
        await subscribed(with_code)
        await with_code.disconnect()

    async_to_sync(scenario)()
    # Revoking the link ends what the session's code opened.
    invitations.revoke_invite_link(league.pk, organiser)
    async_to_sync(closed)(feed(league.pk, headers=cookie))
