"""Web Push: subscriptions stored through the API, and a real pywebpush request (VAPID-signed,
encrypted) received by a tiny local HTTP server standing in for a browser's push service."""

import base64
import os
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from notifications import services as notify
from notifications.models import PushSubscription
from tests.support.games import start_game
from tests.support.push import fake_dns

pytestmark = pytest.mark.django_db


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@pytest.fixture
def vapid(settings, monkeypatch):
    fake_dns(monkeypatch, {"push.example": ["93.184.216.34"], "p.example": ["93.184.216.34"]})
    key = ec.generate_private_key(ec.SECP256R1())
    settings.VAPID_PRIVATE_KEY = b64url(key.private_numbers().private_value.to_bytes(32, "big"))
    settings.VAPID_PUBLIC_KEY = b64url(key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))
    settings.VAPID_SUBJECT = "mailto:test@example.org"
    settings.PUSH_TEST_NETWORKS = ["127.0.0.1/32"]  # the local push service below (http)
    return settings


def browser_keys():
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962,
                                           serialization.PublicFormat.UncompressedPoint)
    return {"p256dh": b64url(public), "auth": b64url(os.urandom(16))}


@pytest.fixture
def push_service():
    """A local HTTP server recording what is POSTed to it; answers `status` (201 by default)."""
    received = []

    class Handler(BaseHTTPRequestHandler):
        status = 201

        def do_POST(self):  # noqa: N802 - the http.server API
            length = int(self.headers.get("Content-Length", 0))
            received.append({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()},
                             "body": self.rfile.read(length)})
            self.send_response(server.status)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    server.status = 201
    server.received = received
    server.url = f"http://127.0.0.1:{server.server_port}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()


def test_a_subscription_is_stored_and_a_push_reaches_the_push_service(
        vapid, push_service, alice, make_user, client):
    client.force_login(alice)
    assert client.get("/api/v1/notifications/push").json()["public_key"] == vapid.VAPID_PUBLIC_KEY
    subscription = {"endpoint": f"{push_service.url}/push/alice-1", "keys": browser_keys()}
    answer = client.post("/api/v1/notifications/push", subscription,
                         content_type="application/json")
    assert answer.status_code == 201
    assert PushSubscription.objects.get().user == alice

    game = start_game(alice, make_user("bob"))
    assert notify.send_push(alice.pk, "your_turn", game.pk) == 1
    [request] = push_service.received
    assert request["path"] == "/push/alice-1"
    assert request["headers"]["content-encoding"] == "aes128gcm"
    assert request["headers"]["authorization"].startswith("vapid t=")
    assert len(request["body"]) > 16  # encrypted: the payload is not readable on the wire
    assert b"your move" not in request["body"]

    notify.update_settings(alice, {"your_turn": False})  # opted out: no push
    assert notify.send_push(alice.pk, "your_turn", game.pk) == 0
    notify.update_settings(alice, {"your_turn": True})
    push_service.status = 410  # the browser unsubscribed: the subscription is dropped
    assert notify.send_push(alice.pk, "your_turn", game.pk) == 0
    assert not PushSubscription.objects.exists()


def test_bad_subscriptions_are_refused(vapid, alice, client, settings):
    assert client.post("/api/v1/notifications/push", {}).status_code == 401
    client.force_login(alice)
    keys = browser_keys()
    answer = client.post("/api/v1/notifications/push", {"endpoint": "ftp://x/y", "keys": keys},
                         content_type="application/json")
    assert answer.json()["error"]["code"] == "endpoint_refused"
    for bad in ({}, {"endpoint": "x" * 2000, "keys": keys},
                {"endpoint": "https://push.example/1", "keys": {"p256dh": 5}},
                {"endpoint": "https://push.example/1"}, [1, 2]):
        answer = client.post("/api/v1/notifications/push", bad, content_type="application/json")
        assert answer.status_code == 400, bad
        assert answer.json()["error"]["code"] == "invalid", bad
    settings.PUSH_TEST_NETWORKS = []
    plain = {"endpoint": "http://127.0.0.1:9/push", "keys": keys}
    assert client.post("/api/v1/notifications/push", plain,
                       content_type="application/json").status_code == 400
    settings.PUSH_SUBSCRIPTIONS_PER_USER = 2
    for n in range(2):
        client.post("/api/v1/notifications/push", {"endpoint": f"https://push.example/{n}",
                                                    "keys": keys}, content_type="application/json")
    again = client.post("/api/v1/notifications/push", {"endpoint": "https://push.example/1",
                                                        "keys": keys},
                        content_type="application/json")
    assert again.status_code == 201  # the same browser again: updated, not one more
    third = client.post("/api/v1/notifications/push", {"endpoint": "https://push.example/3",
                                                        "keys": keys},
                        content_type="application/json")
    assert third.json()["error"]["code"] == "too_many_subscriptions"
    gone = client.delete("/api/v1/notifications/push", {"endpoint": "https://push.example/9"},
                         content_type="application/json")
    assert gone.status_code == 404
    assert client.delete("/api/v1/notifications/push", {"endpoint": "https://push.example/1"},
                         content_type="application/json").status_code == 204
    assert PushSubscription.objects.count() == 1


def test_push_is_off_without_keys(alice, client, settings):
    settings.VAPID_PRIVATE_KEY = settings.VAPID_PUBLIC_KEY = ""
    client.force_login(alice)
    assert client.get("/api/v1/notifications/push").json() == {"public_key": ""}
    answer = client.post("/api/v1/notifications/push", {"endpoint": "https://p.example/1",
                                                        "keys": browser_keys()},
                         content_type="application/json")
    assert answer.json()["error"]["code"] == "push_disabled"


def test_the_service_worker_is_served_at_the_root(client):
    answer = client.get("/service-worker.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    assert answer["Service-Worker-Allowed"] == "/"
    assert b"showNotification" in answer.content
