"""The channel layer's name prefix for a Redis URL.

Redis keeps keys per database number, but pub/sub channels are server-wide: two sites (or two
test workers) on databases 5 and 6 of one Redis would hear each other's broadcasts for the same
group names (`game-7`, `lobby`). The prefix carries the database number, so each database is a
world of its own for the channel layer as it is for the cache and Celery.
"""

import re


def channel_prefix(redis_url: str) -> str:
    """`asgi` followed by the URL's database number: `redis://h:6379/5` → `asgi5`."""
    match = re.search(r"/(\d+)/?$", redis_url)
    return f"asgi{match[1] if match else 0}"
