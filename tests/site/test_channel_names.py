"""Two sites (or two test workers) on two databases of one Redis do not hear each other's
broadcasts: Redis pub/sub ignores the database number, so the channel layer's prefix carries it.
Seen as cross-talk between the two xdist workers' browser tests (same game ids, same `lobby`)."""

import asyncio
import json
import os
import subprocess
import sys

import pytest
from channels_redis.pubsub import RedisPubSubChannelLayer

from realtime.channel_names import channel_prefix
from tests.support.parallel_workers import worker_redis_url
from tests.support.pubsub import wait_until_subscribed

pytestmark = pytest.mark.requires("redis")


def test_the_prefix_carries_the_database_number():
    assert channel_prefix("redis://127.0.0.1:6379/5") == "asgi5"
    assert channel_prefix("redis://127.0.0.1:6379/12") == "asgi12"
    assert channel_prefix("redis://127.0.0.1:6379") == "asgi0"


def _layer(url):
    """The channel layer that azulsite/settings.py configures for REDIS_URL=url (read in a
    process of its own, as a site started with that URL would)."""
    script = ("import json; from azulsite import settings; "
              "print(json.dumps(settings.CHANNEL_LAYERS['default']))")
    env = {**os.environ, "REDIS_URL": url, "CHANNEL_LAYER": "pubsub"}
    layer = json.loads(subprocess.run([sys.executable, "-c", script], env=env, check=True,
                                      capture_output=True, text=True).stdout)
    assert layer["BACKEND"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    return RedisPubSubChannelLayer(**layer["CONFIG"])


async def _heard(sender_url, listener_url):
    """The messages a socket in group `game-7` of `listener_url`'s site gets when the site of
    `sender_url` broadcasts to its own `game-7`: all those before a marker that the listener's
    own site sends next (Redis delivers a subscriber's messages in the order published)."""
    listener, sender, own = _layer(listener_url), _layer(sender_url), _layer(listener_url)
    marker = {"type": "test.marker"}
    try:
        channel = await listener.new_channel()
        await listener.group_add("game-7", channel)
        await wait_until_subscribed(listener, "game-7")
        await sender.group_send("game-7", {"type": "game.state", "text": "hello"})
        await own.group_send("game-7", marker)
        heard = []
        while (message := await asyncio.wait_for(listener.receive(channel), timeout=10)) != marker:
            heard.append(message)
        return heard
    finally:
        await listener.flush()
        await sender.flush()
        await own.flush()


def test_a_broadcast_stays_in_its_own_redis_database():
    base = os.environ["REDIS_URL"]
    other = worker_redis_url(base, "gw3")  # three databases further: nobody's in this run
    assert asyncio.run(_heard(base, base)) == [{"type": "game.state", "text": "hello"}]
    assert asyncio.run(_heard(other, base)) == []
