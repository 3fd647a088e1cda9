"""The realtime layer's registry: apps register messages and events on named endpoints and on the
one per-user feed; realtime dispatches, through the real ASGI application and channel layer."""

import importlib
import pkgutil

import pytest
from asgiref.sync import async_to_sync
from channels.consumer import AsyncConsumer
from channels.layers import get_channel_layer
from django.core.exceptions import ImproperlyConfigured

from azulsite.routing import websocket_urlpatterns
from realtime.consumer import EndpointSocket
from realtime.registry import Endpoint, UserFeed, endpoint, user_group
from tests.support.games import start_game
from tests.support.sockets import WAIT, connect, game_socket, next_of, opened, settle, tokens_for

pytestmark = pytest.mark.django_db(transaction=True)

FEATURE_APPS = ("accounts", "games", "leagues", "learn", "matchmaking", "notifications", "social",
                "tournaments")


async def answer_to(socket, message, kind):
    await socket.send_json_to(message)
    while True:
        got = await socket.receive_json_from(timeout=WAIT)
        if got["type"] == kind:
            return got
        assert got["type"] in ("state", "presence", "tables", "table", "your_turn", "inbox"), got


def test_an_unknown_type_gets_an_error_on_every_endpoint_and_the_socket_stays_open(alice, bob):
    game = start_game(alice, bob)
    token = tokens_for(alice)["alice"]

    @async_to_sync
    async def scenario():
        sockets = [await opened(game_socket(game.pk, token)), await opened(connect("/ws/lobby/", token)),
                   await opened(connect("/ws/me/", token))]
        for socket in sockets:
            # A type another endpoint knows (chat is the game's, seek the lobby's) is unknown here.
            for kind in ("teleport", "seek" if socket is not sockets[1] else "chat"):
                error = await answer_to(socket, {"type": kind}, "error")
                assert error["code"] == "unknown_type"
                assert kind in error["detail"]
            assert (await answer_to(socket, {"type": "ping"}, "pong")) == {"type": "pong"}
        for socket in sockets:
            await socket.disconnect()

    scenario()


def test_two_apps_events_on_the_one_user_feed_reach_each_endpoint_that_asked(alice, bob):
    """Invitations (social) and pairings (matchmaking) both arrive on the lobby socket through
    user-<id>; /ws/me/ (notifications) hears the pairing, the your-turn and the inbox changes, not
    the invitation; the lobby drops the last two (it stays open); another user's sockets hear
    nothing."""
    tokens = tokens_for(alice, bob)
    invitation = {"type": "social.invitation", "invitation": {"id": 1, "from": "bob"}}
    paired = {"type": "user.paired", "game": 7, "table": 8}

    @async_to_sync
    async def scenario():
        lobby = await opened(connect("/ws/lobby/", tokens["alice"]))
        me = await opened(connect("/ws/me/", tokens["alice"]))
        other = await opened(connect("/ws/me/", tokens["bob"]))
        assert (await next_of_any(lobby, "tables"))["tables"] == []
        for feed in (me, other):  # each on connect
            assert (await next_of_any(feed, "your_turn"))["games"] == []
            assert (await next_of_any(feed, "inbox"))["unread"] == 0
        layer = get_channel_layer()
        for event in (invitation, paired, {"type": "user.turns"}, {"type": "user.inbox"}):
            await layer.group_send(user_group(alice.pk), event)
        assert (await next_of_any(lobby, "invitation"))["invitation"] == invitation["invitation"]
        assert (await next_of_any(lobby, "paired")) == {
            "type": "paired", "game": 7, "table": 8, "url": "/tables/8/"}
        assert (await next_of_any(me, "paired"))["game"] == 7  # the invitation was not for it
        assert (await next_of_any(me, "your_turn"))["games"] == []
        assert (await next_of_any(me, "inbox"))["unread"] == 0
        await lobby.send_json_to({"type": "ping"})
        assert (await next_of_any(lobby, "pong")) == {"type": "pong"}  # nothing before it
        for socket in (lobby, me):  # the lobby dropped user.turns and user.inbox, /ws/me the invitation
            assert await socket.receive_nothing(timeout=0.5)
        assert await other.receive_nothing(timeout=0.1)
        for socket in (lobby, me, other):
            await socket.disconnect()

    scenario()


async def next_of_any(socket, kind):
    message = await socket.receive_json_from(timeout=WAIT)
    assert message["type"] == kind, message
    return message


def test_an_event_nobody_registered_is_dropped_and_the_socket_stays_open(alice, bob):
    game = start_game(alice, bob)

    @async_to_sync
    async def scenario():
        watcher = await opened(game_socket(game.pk))
        await next_of(watcher, "state")
        await settle(watcher)
        await get_channel_layer().group_send(f"game-{game.pk}", {"type": "nobody.knows"})
        assert (await answer_to(watcher, {"type": "ping"}, "pong")) == {"type": "pong"}
        await watcher.disconnect()

    scenario()


def test_a_type_has_one_owner_and_an_endpoint_one_opener():
    place = Endpoint("test-place")
    place.message("poke")(lambda socket, content: None)
    with pytest.raises(ImproperlyConfigured):
        place.message("poke")(lambda socket, content: None)
    with pytest.raises(ImproperlyConfigured):
        place.message("ping")(lambda socket, content: None)  # realtime answers ping everywhere
    place.event("place.changed")(lambda socket, event: None)
    with pytest.raises(ImproperlyConfigured):
        place.event("place_changed")(lambda socket, event: None)  # the same type to Channels
    with pytest.raises(ImproperlyConfigured):
        place.as_asgi()  # nobody opens it
    place.opens(lambda socket: None)
    with pytest.raises(ImproperlyConfigured):
        place.opens(lambda socket: None)
    feed = UserFeed()
    feed.event("user.poked", endpoints=("place",))(lambda socket, event: None)
    with pytest.raises(ImproperlyConfigured):
        feed.event("user.poked")(lambda socket, event: None)
    assert feed.handler("user_poked", "place")[1] is not None
    assert feed.handler("user_poked", "elsewhere") == (True, None)
    assert feed.handler("user_unknown", "place") == (False, None)
    assert endpoint("game") is endpoint("game")


def _modules_of(package_name):
    package = importlib.import_module(package_name)
    yield package
    for info in pkgutil.walk_packages(package.__path__, f"{package_name}."):
        if ".migrations" in info.name or ".management" in info.name:
            continue
        yield importlib.import_module(info.name)


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def test_no_app_has_a_consumer_class_and_every_route_is_a_realtime_endpoint():
    """Apps register handlers; none subclasses a consumer (its own or another app's), so none can
    inherit another app's socket code. Every socket route serves realtime's one consumer class."""
    for app in FEATURE_APPS:
        list(_modules_of(app))
    app_consumers = [f"{cls.__module__}.{cls.__qualname__}" for cls in _subclasses(AsyncConsumer)
                     if cls.__module__.split(".")[0] in FEATURE_APPS]
    assert app_consumers == []
    served = {route.callback.consumer_class for route in websocket_urlpatterns}
    assert served == {EndpointSocket}
    names = {route.callback.consumer_initkwargs["endpoint"].name for route in websocket_urlpatterns}
    assert names == {"game", "lobby", "me", "league", "tournament"}
