"""Push endpoints cannot lead the server inside: every internal form is refused at subscription,
a name that turns internal later (DNS rebinding) is never connected to, the connection goes to
the checked address with the certificate checked for the name; an endpoint stays with its first
account, and the cap holds under concurrent subscriptions."""

import socket
import threading

import pytest
from django.db import connection

from notifications import errors
from notifications import services as notify
from notifications.models import PushSubscription
from tests.support.cache import clear_site_cache
from tests.support.games import start_game
from tests.support.push import (
    LOCAL_NAME,
    PushService,
    SilentListener,
    browser_keys,
    certificate,
    fake_dns,
    vapid_keys,
)
from tests.support.waiting import wait_until

pytestmark = pytest.mark.django_db

PUBLIC = "93.184.216.34"  # an address that is public unicast (no connection is made to it)
INTERNAL = [
    "https://127.0.0.1/p", "https://localhost/p", "https://[::1]/p", "https://169.254.169.254/p",
    "https://10.0.0.1/p", "https://2130706433/p", "https://0x7f.1/p", "https://0/p",
    "https://metadata.google.internal/p", "https://127.1/p", "https://0177.0.0.1/p",
    "https://100.64.0.1/p", "https://192.168.1.1/p", "https://172.16.0.1/p", "https://0.0.0.0/p",
    "https://[::]/p", "https://[::ffff:127.0.0.1]/p", "https://[::ffff:7f00:1]/p",
    "https://[64:ff9b::a00:1]/p", "https://[2002:7f00:1::]/p", "https://[fe80::1]/p",
    "https://[fd00::1]/p", "https://224.0.0.1/p", "https://240.0.0.1/p",
    "https://255.255.255.255/p", "https://push.example.com./p", "https://user@push.example.com/p",
    "https://push.example.com:6379/p", "http://push.example.com/p", "https://mixed.example.com/p",
    "https://inside.example.com/p", "https://nowhere.invalid/p", "https://push.example.com:0/p",
]


@pytest.fixture
def push_on(settings, monkeypatch):
    for key, value in vapid_keys().items():
        setattr(settings, key, value)
    return fake_dns(monkeypatch, {
        "push.example.com": [PUBLIC], "metadata.google.internal": ["169.254.169.254"],
        "mixed.example.com": [PUBLIC, "10.1.2.3"], "inside.example.com": ["::ffff:192.168.0.1"],
    })


def post(client, endpoint):
    clear_site_cache()  # the API's write throttle counts these
    return client.post("/api/v1/notifications/push", {"endpoint": endpoint, "keys": browser_keys()},
                       content_type="application/json")


def test_every_internal_endpoint_form_is_refused_and_nothing_stored(push_on, alice, client):
    client.force_login(alice)
    for endpoint in INTERNAL:
        answer = post(client, endpoint)
        assert answer.status_code == 400, endpoint
        assert answer.json()["error"]["code"] == "endpoint_refused", endpoint
    assert not PushSubscription.objects.exists()
    assert post(client, "https://push.example.com/p").status_code == 201  # public: accepted
    assert post(client, f"https://{PUBLIC}/q").status_code == 201


@pytest.fixture
def local_tls(tmp_path, monkeypatch, settings):
    """A local https push service named LOCAL_NAME, trusted by requests, reachable in tests."""
    cert_path, key_path = certificate(tmp_path)
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", str(cert_path))
    service = PushService(cert_path, key_path)
    yield service
    service.close()


def test_a_name_that_turns_to_loopback_later_is_never_connected_to(push_on, alice, settings,
                                                                   make_user):
    settings.PUSH_TEST_NETWORKS = ["127.0.0.2/32"]  # the name's first answer, allowed
    push_on["push.rebind.test"] = ["127.0.0.2"]
    listener = SilentListener()  # on 127.0.0.1: what the name turns into
    try:
        notify.subscribe_push(alice, {"endpoint": listener.url("/p", "push.rebind.test"),
                                      "keys": browser_keys()})
        push_on["push.rebind.test"] = ["127.0.0.1"]
        game = start_game(alice, make_user("bob"))
        assert notify.send_push(alice.pk, "game_started", game.pk) == 0

        # A connection of our own after the push: the listener accepts in order, so it is the
        # first one only if the push never connected.
        with socket.create_connection(("127.0.0.1", listener.port)):
            assert listener.connected.wait(10)
        assert len(listener.connections) == 1
    finally:
        listener.close()


def test_the_pinned_connection_checks_the_certificate_for_the_name(push_on, local_tls, alice,
                                                                   settings, make_user):
    settings.PUSH_TEST_NETWORKS = ["127.0.0.1/32"]
    push_on.update({LOCAL_NAME: ["127.0.0.1"], "other.local.test": ["127.0.0.1"]})
    for endpoint in (local_tls.url("/named"), local_tls.url("/other", "other.local.test")):
        notify.subscribe_push(alice, {"endpoint": endpoint, "keys": browser_keys()})
    game = start_game(alice, make_user("bob"))
    # The certificate names push.local.test only: connecting by address does not skip the check.
    assert notify.send_push(alice.pk, "game_started", game.pk) == 1
    [request] = local_tls.received
    assert request["path"] == "/named"
    assert request["host"] == f"{LOCAL_NAME}:{local_tls.port}"
    assert request["headers"]["authorization"].startswith("vapid t=")


def test_one_failure_stops_no_other_push_and_gone_subscriptions_are_dropped(
        push_on, local_tls, alice, settings, make_user):
    settings.PUSH_TEST_NETWORKS = ["127.0.0.1/32", "127.0.0.3/32"]
    push_on.update({LOCAL_NAME: ["127.0.0.1"], "gone.local.test": ["127.0.0.3"]})
    closed = SilentListener()
    closed.close()  # its port now refuses connections
    endpoints = [closed.url("/refused", LOCAL_NAME), local_tls.url("/gone", "gone.local.test"),
                 local_tls.url("/410"), local_tls.url("/404"), local_tls.url("/ok")]
    for endpoint in endpoints:
        notify.subscribe_push(alice, {"endpoint": endpoint, "keys": browser_keys()})
    push_on["gone.local.test"] = ["10.0.0.1"]  # turned internal: refused at sending
    local_tls.statuses.update({"/410": 410, "/404": 404})
    game = start_game(alice, make_user("bob"))

    assert notify.send_push(alice.pk, "game_started", game.pk) == 1
    assert sorted(local_tls.paths()) == ["/404", "/410", "/ok"]
    kept = set(PushSubscription.objects.values_list("endpoint", flat=True))
    assert kept == {endpoints[0], endpoints[1], endpoints[4]}  # only 404 and 410 remove


@pytest.mark.django_db(transaction=True)  # the push is sent from a thread of its own
def test_a_silent_push_service_delays_none_of_the_users_other_subscriptions(
        push_on, local_tls, alice, settings, make_user):
    settings.PUSH_TEST_NETWORKS = ["127.0.0.1/32"]
    settings.PUSH_CONNECT_TIMEOUT_SECONDS = settings.PUSH_READ_TIMEOUT_SECONDS = 60
    push_on[LOCAL_NAME] = ["127.0.0.1"]
    silent = SilentListener()
    try:
        for endpoint in (silent.url("/silent", LOCAL_NAME), local_tls.url("/ok")):
            notify.subscribe_push(alice, {"endpoint": endpoint, "keys": browser_keys()})
        game = start_game(alice, make_user("bob"))
        results = []

        def send():
            results.append(notify.send_push(alice.pk, "game_started", game.pk))
            connection.close()  # this thread's

        sending = threading.Thread(target=send)
        sending.start()
        assert silent.connected.wait(20)
        wait_until(lambda: local_tls.received, 20, "the other subscription's push")
        assert silent.open_connections() == 1  # while the silent one still hangs
    finally:
        silent.close()
    sending.join(30)
    assert results == [1]


def test_an_endpoint_belongs_to_the_account_that_registered_it(push_on, alice, bob, client):
    client.force_login(alice)
    assert post(client, "https://push.example.com/alice").status_code == 201
    client.force_login(bob)
    answer = post(client, "https://push.example.com/alice")
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "endpoint_taken"
    assert PushSubscription.objects.get().user == alice
    client.force_login(alice)
    assert post(client, "https://push.example.com/alice").status_code == 201  # new keys: hers
    assert PushSubscription.objects.get().user == alice


@pytest.mark.requires("postgres")
@pytest.mark.django_db(transaction=True)
def test_the_cap_holds_when_many_subscriptions_come_at_once(push_on, alice, settings):
    from django.db import connections

    settings.PUSH_SUBSCRIPTIONS_PER_USER = 10
    start = threading.Barrier(25)
    outcomes = []

    def subscribe(n):
        start.wait()
        try:
            notify.subscribe_push(alice, {"endpoint": f"https://push.example.com/{n}",
                                          "keys": browser_keys()})
            outcomes.append("stored")
        except errors.TooManySubscriptions:
            outcomes.append("refused")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=subscribe, args=(n,)) for n in range(25)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(outcomes) == ["refused"] * 15 + ["stored"] * 10
    assert PushSubscription.objects.filter(user=alice).count() == 10
