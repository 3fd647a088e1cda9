"""A move's broadcasts leave together: collected on the socket's database thread, handed to the
event loop once, and published on Redis pub/sub as one pipeline (realtime.group_sends)."""

import asyncio
import os
import threading

import pytest
from channels.layers import InMemoryChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer

from realtime import broadcast, group_sends
from tests.support.pubsub import wait_until_subscribed


async def _received(layer, channel, count):
    return [await asyncio.wait_for(layer.receive(channel), timeout=2.0) for _ in range(count)]


async def _two_listeners_hear(sender, listener, sends):
    first, second = await listener.new_channel(), await listener.new_channel()
    await listener.group_add("game-7", first)
    await listener.group_add("user-3", second)
    await wait_until_subscribed(listener, "game-7", "user-3")
    await group_sends.send_all(sender, sends)
    return await _received(listener, first, 2), await _received(listener, second, 1)


@pytest.mark.requires("redis")
def test_a_batch_reaches_each_group_in_order_through_redis_pub_sub():
    prefix = f"batch{os.getpid()}"
    config = {"hosts": [{"address": os.environ["REDIS_URL"]}], "prefix": prefix}
    sender, listener = RedisPubSubChannelLayer(**config), RedisPubSubChannelLayer(**config)
    sends = [("game-7", {"type": "game.state", "text": "v1"}),
             ("user-3", {"type": "user.turns"}),
             ("game-7", {"type": "game.state", "text": "v2"})]

    async def run():
        try:
            return await _two_listeners_hear(sender, listener, sends)
        finally:
            await listener.flush()
            await sender.flush()

    game, user = asyncio.run(run())
    assert [message["text"] for message in game] == ["v1", "v2"]
    assert user == [{"type": "user.turns"}]


def test_any_other_layer_gets_one_group_send_at_a_time():
    layer = InMemoryChannelLayer()

    async def run():
        channel = await layer.new_channel()
        await layer.group_add("lobby", channel)
        await group_sends.send_all(layer, [("lobby", {"type": "a"}), ("lobby", {"type": "b"})])
        return await _received(layer, channel, 2)

    assert asyncio.run(run()) == [{"type": "a"}, {"type": "b"}]


def test_a_socket_calls_sends_leave_when_it_ends_in_one_hop_even_if_it_raises(settings):
    """What a database thread's call sends (from after-commit hooks, so committed) is handed to
    the socket's event loop once, when the call ends, in order; a call that raises afterwards
    (play_move's timeout then its refused move) still sends what it committed."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    from channels.layers import channel_layers
    channel_layers.backends.pop("default", None)
    hops = []

    async def run():
        layer = channel_layers["default"]
        channel = await layer.new_channel()
        await layer.group_add("game-7", channel)
        loop = asyncio.get_running_loop()
        real_hop = loop.call_soon_threadsafe

        def counted_hop(callback, *args, **kwargs):
            if callback is broadcast._start_sending:
                hops.append(len(args[1]))
            return real_hop(callback, *args, **kwargs)

        loop.call_soon_threadsafe = counted_hop

        def database_call():
            with broadcast.sent_through(loop):
                broadcast.group_send("game-7", {"type": "game.state", "text": "timed out"})
                broadcast.group_send_many([("game-7", {"type": "user.turns"})])
                assert hops == []  # nothing left before the call ended
                raise RuntimeError("the move after the timeout is refused")

        def in_thread():
            with pytest.raises(RuntimeError):
                database_call()

        thread = threading.Thread(target=in_thread)
        thread.start()
        await asyncio.get_running_loop().run_in_executor(None, thread.join)
        return await _received(layer, channel, 2)

    try:
        received = asyncio.run(run())
    finally:
        channel_layers.backends.pop("default", None)
    assert hops == [2]
    assert received == [{"type": "game.state", "text": "timed out"}, {"type": "user.turns"}]
