"""Django's Redis cache with one client, so one connection pool, per process.

Django keeps a cache object per thread and per async context (`django.core.cache.caches` is an
asgiref Local), and `RedisCache` builds its client, with a connection pool of its own, in each.
Under daphne every socket and every request runs in a context of its own, so each one that touched
the cache (presence, throttles) opened a pool and a Redis connection, kept as long as its context
lived and, as garbage in reference cycles, until a collection found it: the 30-minute soak of
bench/ws_load.py saw each daphne process grow 24 % and Redis' clients grow with the games that
ended (docs/benchmarks.md). redis-py's client and pool are thread-safe, so every context here
shares one client per configuration: the per-context cache objects stay, each a thin wrapper.

Django's own fix is still an open pull request (django/django#18459); django-redis shares pools
the same way but would bring its own client, serializer and settings for this one change.
"""

import threading

from django.core.cache.backends.redis import RedisCache
from django.utils.functional import cached_property

_clients = {}
_clients_lock = threading.Lock()


class SharedRedisCache(RedisCache):
    @cached_property
    def _cache(self):
        key = (tuple(self._servers), repr(sorted(self._options.items())))
        with _clients_lock:
            client = _clients.get(key)
            if client is None:
                client = _clients[key] = self._class(self._servers, **self._options)
        return client
