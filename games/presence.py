"""Who is connected to a game's WebSocket group, kept in the Django cache (Redis in production).

One cache entry per group maps channel names to {"username", "player"}, so every daphne process
sees the same picture. Updates are read-modify-write: two connections changing at the same instant
can lose one update until the next change rewrites it; presence is advisory, never used for rules.
"""

from django.core.cache import cache

PRESENCE_TIMEOUT_SECONDS = 24 * 60 * 60


def _key(group):
    return f"presence:{group}"


async def join(group, channel_name, username, is_player):
    entries = await cache.aget(_key(group)) or {}
    entries[channel_name] = {"username": username, "player": is_player}
    await cache.aset(_key(group), entries, PRESENCE_TIMEOUT_SECONDS)


async def leave(group, channel_name):
    entries = await cache.aget(_key(group)) or {}
    entries.pop(channel_name, None)
    await cache.aset(_key(group), entries, PRESENCE_TIMEOUT_SECONDS)


async def snapshot(group):
    """{"connected": sorted usernames of connected players, "spectators": other connections}."""
    entries = (await cache.aget(_key(group)) or {}).values()
    players = sorted({entry["username"] for entry in entries if entry["player"]})
    spectators = sum(1 for entry in entries if not entry["player"])
    return {"connected": players, "spectators": spectators}
