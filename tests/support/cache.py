from django.conf import settings
from django.core.cache import cache


def clear_site_cache() -> None:
    """Forget every cached value (throttle counters...) without touching other Redis users.

    RedisCache.clear() is FLUSHDB, which would also drop the Celery broker's queues and the
    channel layer's groups living in the same Redis database; delete only our prefix.
    """
    config = settings.CACHES["default"]
    if not config["BACKEND"].endswith("RedisCache"):
        cache.clear()
        return
    import redis

    client = redis.Redis.from_url(config["LOCATION"])
    keys = list(client.scan_iter(match=f"{config['KEY_PREFIX']}:*", count=1000))
    if keys:
        client.delete(*keys)
