"""Every thread and async context of a process shares one Redis client and pool for the cache
(azulsite.redis_cache): Django keeps a cache object per context, and with its own RedisCache each
socket and request opened a pool and a connection of its own."""

import asyncio
import threading

import pytest
from django.core.cache import cache, caches

from azulsite.redis_cache import SharedRedisCache


def _pool():
    return caches["default"]._cache._get_connection_pool(True)


@pytest.mark.requires("redis")
def test_threads_and_async_contexts_share_one_pool_and_see_each_others_writes():
    assert isinstance(caches["default"], SharedRedisCache)  # the setting with REDIS_URL
    pools, cache_objects = [], []

    def in_a_thread(number):
        cache.set(f"shared-pool-test-{number}", number, 30)
        pools.append(_pool())
        cache_objects.append(caches["default"])

    threads = [threading.Thread(target=in_a_thread, args=(number,)) for number in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    async def as_a_socket(number):  # each task runs in a context of its own, as a consumer does
        pools.append(_pool())
        cache_objects.append(caches["default"])

    async def sockets():
        await asyncio.gather(*(asyncio.create_task(as_a_socket(number)) for number in range(8)))

    asyncio.run(sockets())
    # Django still hands each context a cache object of its own...
    assert len({id(cache_object) for cache_object in cache_objects}) > 1
    # ...but they all talk to Redis through one pool.
    assert len({id(pool) for pool in pools}) == 1
    assert cache.get_many([f"shared-pool-test-{number}" for number in range(8)]) == {
        f"shared-pool-test-{number}": number for number in range(8)}
