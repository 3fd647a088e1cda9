"""The real services behind the site: PostgreSQL, the Redis channel layer, a Celery worker."""

import asyncio

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import IntegrityError, connection, transaction

from accounts.models import User
from tests.support.waiting import wait_until


@pytest.mark.requires("postgres")
@pytest.mark.django_db
def test_postgresql_enforces_case_insensitive_usernames():
    assert connection.vendor == "postgresql"
    User.objects.create(username="Alice")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="aLiCe")


@pytest.mark.requires("redis")
@pytest.mark.parametrize("kind", ["pubsub", "queues"])
def test_redis_channel_layers_deliver_group_messages(kind, settings):
    from channels.layers import channel_layers

    backend = {
        "pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "queues": "channels_redis.core.RedisChannelLayer",
    }[kind]
    settings.CHANNEL_LAYERS = {"default": {
        "BACKEND": backend, "CONFIG": {"hosts": [{"address": settings.REDIS_URL}]},
    }}
    channel_layers.backends.pop("default", None)
    try:
        layer = get_channel_layer()
        assert f"{type(layer).__module__}.{type(layer).__name__}" == backend

        async def roundtrip():
            channel = await layer.new_channel()
            await layer.group_add("test-group", channel)
            # Pub/sub delivers at most once and a SUBSCRIBE may still be on its way: resend
            # until the subscription is live (the queue layer answers the first time).
            for _ in range(20):
                await layer.group_send("test-group", {"type": "state", "version": 7})
                try:
                    message = await asyncio.wait_for(layer.receive(channel), 0.5)
                    break
                except TimeoutError:
                    continue
            await layer.group_discard("test-group", channel)
            return message

        assert async_to_sync(roundtrip)() == {"type": "state", "version": 7}
    finally:
        channel_layers.backends.pop("default", None)


@pytest.mark.requires("celery")
def test_celery_worker_sends_password_reset_email(celery_worker_process, subprocess_emails, client):
    User.objects.create_user(username="nadia", email="nadia@example.org", password="x-Azul-2026")

    response = client.post("/accounts/password/reset/", {"email": "nadia@example.org"})
    assert response.status_code == 302

    sent = wait_until(subprocess_emails, 20,
                      lambda: f"an e-mail from the worker:\n{celery_worker_process.log_tail()}")
    assert len(sent) == 1
    assert sent[0]["To"] == "nadia@example.org"
    assert "/accounts/password/reset/" in sent[0].get_payload()
