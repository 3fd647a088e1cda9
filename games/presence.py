"""Who is connected to a game's WebSocket group, seen alike by every daphne process.

Each open socket is one entry of its own, with an expiry:
- with Redis as the cache (production), a member of one sorted set per group, scored by its expiry
  time. Joining, refreshing and leaving are single Redis commands, so sockets of any process that
  connect or disconnect at the same instant never overwrite each other's entries;
- in the embedded mode (local-memory cache, one process) a dict per group under a lock.
The consumer refreshes its entry every REFRESH_SECONDS while the socket is open, so the entries of
a server that died without saying goodbye drop out after TTL_SECONDS: the connected list is the
union of live sockets. Presence is informative only; no rule of the game depends on it.
"""

import json
import threading
import time

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import cache

TTL_SECONDS = 60
REFRESH_SECONDS = 20


def entry(channel_name, username, is_player):
    """The entry of one socket: its channel (unique) and who it shows."""
    return json.dumps([channel_name, username if is_player else None, bool(is_player)])


def _summary(entries):
    """{"connected": sorted usernames of connected players, "spectators": other sockets}."""
    decoded = [json.loads(item) for item in entries]
    players = sorted({username for _channel, username, player in decoded if player})
    return {"connected": players, "spectators": sum(1 for *_rest, player in decoded if not player)}


class RedisPresence:
    """Entries as members of a sorted set per group, scored by expiry (shared by all processes)."""

    def _key_and_client(self, group):
        key = cache.make_key(f"presence:{group}")
        return key, cache._cache.get_client(key, write=True)

    def add(self, group, item, now):
        key, client = self._key_and_client(group)
        with client.pipeline(transaction=False) as pipe:
            pipe.zadd(key, {item: now + TTL_SECONDS})
            pipe.expire(key, TTL_SECONDS)  # the whole set goes when no socket refreshes it
            pipe.execute()

    def remove(self, group, item):
        key, client = self._key_and_client(group)
        client.zrem(key, item)

    def entries(self, group, now):
        key, client = self._key_and_client(group)
        with client.pipeline(transaction=True) as pipe:
            pipe.zremrangebyscore(key, "-inf", now)
            pipe.zrange(key, 0, -1)
            _expired, items = pipe.execute()
        return [item.decode() if isinstance(item, bytes) else item for item in items]


class LocalPresence:
    """Entries in this process's memory (the embedded mode has one process)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._groups = {}  # group -> {entry: expires at}

    def add(self, group, item, now):
        with self._lock:
            self._groups.setdefault(group, {})[item] = now + TTL_SECONDS

    def remove(self, group, item):
        with self._lock:
            self._groups.get(group, {}).pop(item, None)

    def entries(self, group, now):
        with self._lock:
            live = {item: expiry for item, expiry in self._groups.get(group, {}).items()
                    if expiry > now}
            if live:
                self._groups[group] = live
            else:
                self._groups.pop(group, None)
            return list(live)

    def clear(self):
        with self._lock:
            self._groups.clear()


_local = LocalPresence()


def reset_local():
    """Forget the embedded mode's entries (tests start from an empty process)."""
    _local.clear()


def _store():
    if settings.CACHES["default"]["BACKEND"].endswith("RedisCache"):
        return RedisPresence()
    return _local


# Synchronous API (also used by tests); `now` defaults to the wall clock shared by all servers.


def add(group, item, now=None):
    _store().add(group, item, time.time() if now is None else now)


def remove(group, item):
    _store().remove(group, item)


def summary(group, now=None):
    return _summary(_store().entries(group, time.time() if now is None else now))


# The consumers' API: short blocking calls run off the event loop, in parallel.


async def join(group, item):
    await sync_to_async(add, thread_sensitive=False)(group, item)


refresh = join  # re-adding an entry moves its expiry forward


async def leave(group, item):
    await sync_to_async(remove, thread_sensitive=False)(group, item)


async def snapshot(group):
    return await sync_to_async(summary, thread_sensitive=False)(group)
