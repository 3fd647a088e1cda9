"""Redis pub/sub in tests: waiting until a subscription is live instead of sleeping a while."""

import asyncio

import redis.asyncio as aioredis


async def wait_until_subscribed(layer, *groups, timeout: float = 5.0) -> None:
    """Until Redis counts a subscriber on the pub/sub channel of each of `groups` of `layer` (a
    RedisPubSubChannelLayer). Its group_add only sends SUBSCRIBE, and a message published
    before Redis has processed that reaches nobody: pub/sub delivers at most once."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + timeout
    for group in groups:
        name = layer._get_group_channel_name(group)
        client = aioredis.Redis.from_url(layer._get_shard(name).host["address"])
        try:
            while not dict(await client.pubsub_numsub(name)).get(name.encode()):
                if loop.time() > give_up:
                    raise AssertionError(f"no subscriber of {group!r} within {timeout} s")
                await asyncio.sleep(0.01)  # the next look, not a guess at how long it takes
        finally:
            await client.aclose()
