"""Several channel-layer group sends in one Redis round trip.

channels_redis' pub/sub layer publishes each `group_send` on its own: under its shard's lock,
waiting for Redis' answer before the next one starts. A move sends three (the game's state and
each player's your-turn badge), so a busy process spent about 7 % of its CPU in those round trips
and queued its other publishes (presence, connects) behind the lock. `send_all` sends a batch as
one pipeline of the same PUBLISH commands (same channels, same bytes as `group_send` would
publish, in order): one lock, one round trip.

It reads names of channels_redis' pub/sub layer that are not its public API (`_get_layer`,
`_get_group_channel_name`, `_get_shard`, the shard's `_lock`, `_ensure_redis` and `_redis`); the
test (tests/realtime/test_group_sends.py) fails if a release renames them. Any other layer (the
in-memory one of the embedded default, channels_redis' list-based core layer) gets one
`group_send` at a time, as before.
"""

try:
    from channels_redis.pubsub import RedisPubSubChannelLayer
except ImportError:  # pragma: no cover - channels_redis is a dependency; a stripped install
    RedisPubSubChannelLayer = None


async def send_all(layer, sends):
    """Send each (group, message) of `sends` through `layer`, in order."""
    if RedisPubSubChannelLayer is not None and isinstance(layer, RedisPubSubChannelLayer):
        await _publish_pipelined(layer, sends)
        return
    for group, message in sends:
        await layer.group_send(group, message)


async def _publish_pipelined(layer, sends):
    loop_layer = layer._get_layer()  # the layer of this event loop (one per loop, as group_send)
    by_shard = {}
    for group, message in sends:
        channel = loop_layer._get_group_channel_name(group)
        by_shard.setdefault(loop_layer._get_shard(channel), []).append(
            (channel, layer.serialize(message)))
    for shard, messages in by_shard.items():
        async with shard._lock:  # as the shard's own publish: one user of its connection setup
            shard._ensure_redis()
            pipeline = shard._redis.pipeline(transaction=False)
            for channel, data in messages:
                pipeline.publish(channel, data)
            await pipeline.execute()
