"""Who is connected to a WebSocket group (a game's, the online list, a user's sockets), seen alike
by every daphne process.

Each open socket is one entry of its own, with an expiry:
- with Redis as the cache (production), a member of one sorted set per group, scored by its expiry
  time. Joining, refreshing and leaving are single Redis commands, so sockets of any process that
  connect or disconnect at the same instant never overwrite each other's entries;
- in the embedded mode (local-memory cache, one process) a dict per group under a lock.
Each process refreshes the entries of all its open sockets together every REFRESH_SECONDS (one
Redis pipeline, not a timer and a round trip per socket), so the entries of a server that died
without saying goodbye drop out after TTL_SECONDS: the connected list is the union of live sockets.
Presence is informative only; no rule of the game depends on it, except the limit on anonymous
sockets per game (`join_anonymous`), which counts the entries of sockets without a user.

Broadcasts are debounced (`changed`): a process sends a group's presence once per
settings.PRESENCE_BROADCAST_DELAY_SECONDS however many of its sockets came and went meanwhile, so
a crowd connecting at once costs a few broadcasts, not one per socket to every socket.
"""

import asyncio
import json
import logging
import threading
import time

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import cache

log = logging.getLogger(__name__)

TTL_SECONDS = 60
REFRESH_SECONDS = 20


def entry(channel_name, username, is_player, anonymous=False):
    """The entry of one socket: its channel (unique), who it shows, and whether it has no user."""
    return json.dumps(
        [channel_name, username if is_player else None, bool(is_player), bool(anonymous)]
    )


def _decoded(entries):
    # [channel, username, is_player, anonymous]; entries written before `anonymous` have three.
    return [(json.loads(item) + [False])[:4] for item in entries]


def _summary(entries):
    """{"connected": sorted usernames of connected players, "spectators": other sockets}."""
    decoded = _decoded(entries)
    players = sorted({username for _channel, username, player, _anon in decoded if player})
    return {"connected": players,
            "spectators": sum(1 for _channel, _name, player, _anon in decoded if not player)}


def anonymous_count(group, now=None):
    entries = _store().entries(group, time.time() if now is None else now)
    return sum(1 for *_rest, anonymous in _decoded(entries) if anonymous)


class RedisPresence:
    """Entries as members of a sorted set per group, scored by expiry (shared by all processes)."""

    def _key_and_client(self, group):
        key = cache.make_key(f"presence:{group}")
        return key, cache._cache.get_client(key, write=True)

    def add(self, group, item, now):
        self.add_many([(group, item)], now)

    def add_many(self, pairs, now):
        _key, client = self._key_and_client("")
        with client.pipeline(transaction=False) as pipe:
            for group, item in pairs:
                key = cache.make_key(f"presence:{group}")
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
        self.add_many([(group, item)], now)

    def add_many(self, pairs, now):
        with self._lock:
            for group, item in pairs:
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


def add_many(pairs, now=None):
    _store().add_many(pairs, time.time() if now is None else now)


def remove(group, item):
    _store().remove(group, item)


def summary(group, now=None):
    return _summary(_store().entries(group, time.time() if now is None else now))


# The consumers' API: short blocking calls run off the event loop, in parallel.

# The entries of the sockets open on each event loop of this process (a daphne process has one),
# and the task refreshing them.
_open_entries = {}  # loop -> set of (group, entry)
_refreshers = {}  # loop -> task


async def join(group, item):
    """Show this socket's entry until `leave`; it is refreshed with the process's other entries."""
    await sync_to_async(add, thread_sensitive=False)(group, item)
    _keep_fresh(group, item)


def _keep_fresh(group, item):
    loop = asyncio.get_running_loop()
    _open_entries.setdefault(loop, set()).add((group, item))
    if loop not in _refreshers:
        _refreshers[loop] = loop.create_task(_refresh_while_open(loop))


async def join_anonymous(group, item, limit):
    """Join like `join` if fewer than `limit` anonymous sockets watch the group; True if joined.

    The entry is added first and counted with the others: sockets racing for the last place may
    both be refused, never both let in."""
    await sync_to_async(add, thread_sensitive=False)(group, item)
    if await sync_to_async(anonymous_count, thread_sensitive=False)(group) > limit:
        await sync_to_async(remove, thread_sensitive=False)(group, item)
        return False
    _keep_fresh(group, item)
    return True


def count(group, now=None):
    """How many live entries `group` holds."""
    return len(_store().entries(group, time.time() if now is None else now))


async def join_within(group, item, limit):
    """Join like `join` if the group holds fewer than `limit` entries; True if joined. Counted
    like `join_anonymous`: racers for the last place may both be refused, never both let in."""
    await sync_to_async(add, thread_sensitive=False)(group, item)
    if await sync_to_async(count, thread_sensitive=False)(group) > limit:
        await sync_to_async(remove, thread_sensitive=False)(group, item)
        return False
    _keep_fresh(group, item)
    return True


async def leave(group, item):
    _open_entries.get(asyncio.get_running_loop(), set()).discard((group, item))
    await sync_to_async(remove, thread_sensitive=False)(group, item)


async def _refresh_while_open(loop):
    while True:
        await asyncio.sleep(REFRESH_SECONDS)
        pairs = list(_open_entries.get(loop, ()))
        if not pairs:  # no await between this check and the exit: a join now starts a new task
            _refreshers.pop(loop, None)
            _open_entries.pop(loop, None)
            return
        try:
            await sync_to_async(add_many, thread_sensitive=False)(pairs)
        except Exception:  # Redis away for a moment: the next round tries again (TTL > 2 rounds)
            log.exception("presence refresh failed")


async def snapshot(group):
    return await sync_to_async(summary, thread_sensitive=False)(group)


# Debounced broadcasts: at most one pending per (event loop, group).
_pending_broadcasts = {}  # (loop, group) -> task


def changed(group, channel_layer, event_type):
    """A socket joined or left `group`: broadcast its presence soon (an event `event_type` with
    its summary), with whatever else changes meanwhile (call from the event loop; returns at once)."""
    loop = asyncio.get_running_loop()
    key = (loop, group)
    if key not in _pending_broadcasts:
        _pending_broadcasts[key] = loop.create_task(
            _broadcast_soon(key, group, channel_layer, event_type))


async def _broadcast_soon(key, group, channel_layer, event_type):
    try:
        await asyncio.sleep(settings.PRESENCE_BROADCAST_DELAY_SECONDS)
    finally:
        # Before reading: a change from now on schedules the next broadcast.
        _pending_broadcasts.pop(key, None)
    try:
        state = await snapshot(group)
        await channel_layer.group_send(group, {"type": event_type, **state})
    except Exception:  # Redis away for a moment: the next change broadcasts again
        log.exception("presence broadcast of %s failed", group)
