"""Rate limits key on the real client address: the peer, or what trusted proxies say it is.

The end-to-end tests run daphne exactly as the Procfile's `web` process starts it, with this test
process playing the reverse proxy in front of it (TRUSTED_PROXIES=127.0.0.1): a proxy such as
nginx passes on the client's own X-Forwarded-For and appends the address it saw, so a forged
first entry must change nothing.
"""

import http.client
import json
import shlex
from pathlib import Path

import pytest
from django.test import Client
from django.test.client import RequestFactory

from accounts.models import User
from tests.support.processes import start_daphne

PASSWORD = "tile-drafting-42"
REAL_CLIENT = "198.51.100.7"
PROCFILE = Path(__file__).resolve().parents[2] / "Procfile"


def procfile_daphne_options() -> list[str]:
    [line] = [line for line in PROCFILE.read_text().splitlines() if line.startswith("web:")]
    words = shlex.split(line.removeprefix("web:"))
    assert words[0] == "daphne", line
    assert words[-1] == "azulsite.asgi:application", line
    return words[1:-1]


@pytest.fixture(scope="module")
def proxied_site(subprocess_env):
    server = start_daphne(
        {
            **subprocess_env,
            "CELERY_EAGER": "true",
            "TRUSTED_PROXIES": "127.0.0.1",
            "REGISTER_THROTTLE_RATE": "5/hour",
            "LOGIN_THROTTLE_PER_IP": "5",
        },
        options=procfile_daphne_options(),
    )
    yield server
    server.stop()


def post_json(server, path: str, body: dict, forwarded_for: str) -> int:
    host, port = server.url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=20)
    try:
        connection.request(
            "POST",
            path,
            json.dumps(body),
            {"Content-Type": "application/json", "X-Forwarded-For": forwarded_for},
        )
        return connection.getresponse().status
    finally:
        connection.close()


def test_forged_forwarded_for_gets_no_registration_past_the_per_address_limit(
    transactional_db, proxied_site
):
    statuses = [
        post_json(
            proxied_site,
            "/api/v1/auth/register",
            {"username": f"burst{number}", "password": PASSWORD},
            forwarded_for=f"203.0.113.{number}, {REAL_CLIENT}",
        )
        for number in range(12)
    ]

    assert statuses == [201] * 5 + [429] * 7
    assert User.objects.filter(username__startswith="burst").count() == 5


def test_forged_forwarded_for_gets_no_failed_login_past_the_per_address_limit(
    transactional_db, proxied_site
):
    statuses = [
        post_json(
            proxied_site,
            "/api/v1/auth/token",
            {"username": f"guessed{number}", "password": "wrong-password"},
            forwarded_for=f"203.0.113.{number}, {REAL_CLIENT}",
        )
        for number in range(12)
    ]

    assert statuses == [401] * 5 + [429] * 7
    # Another client behind the same proxy is not affected.
    assert post_json(
        proxied_site, "/api/v1/auth/token", {"username": "guessed0", "password": "x"},
        forwarded_for="192.0.2.44",
    ) == 401


@pytest.mark.django_db
def test_without_trusted_proxies_a_forged_header_is_ignored(settings):
    from accounts.client_address import ProxyConfig

    settings.TRUSTED_PROXIES = ProxyConfig.parse("")
    statuses = [
        Client(REMOTE_ADDR="192.0.2.10").post(
            "/api/v1/auth/register",
            {"username": f"direct{number}", "password": PASSWORD},
            content_type="application/json",
            HTTP_X_FORWARDED_FOR=f"203.0.113.{number}",
        ).status_code
        for number in range(32)
    ]

    assert statuses == [201] * 30 + [429] * 2


# --- the resolver ------------------------------------------------------------------------


def request_from(peer: str, forwarded_for: str | None = None):
    extra = {"HTTP_X_FORWARDED_FOR": forwarded_for} if forwarded_for is not None else {}
    return RequestFactory().get("/", REMOTE_ADDR=peer, **extra)


@pytest.mark.parametrize(
    ("trusted", "peer", "forwarded_for", "expected"),
    [
        # No proxy configured: the peer, whatever the header says.
        ("", "192.0.2.1", "203.0.113.9", "192.0.2.1"),
        # A trusted proxy: the last address it appended; forged entries before it are ignored.
        ("127.0.0.1", "127.0.0.1", "203.0.113.9, 198.51.100.7", "198.51.100.7"),
        ("10.0.0.0/8", "10.1.2.3", "198.51.100.7", "198.51.100.7"),
        # Two trusted hops (a CDN in front of the proxy), walked from the right.
        ("10.0.0.0/8, 172.16.0.0/12", "10.1.2.3", "1.2.3.4, 198.51.100.7, 172.16.5.5",
         "198.51.100.7"),
        # A header from a peer that is not a trusted proxy is ignored.
        ("10.0.0.0/8", "192.0.2.1", "203.0.113.9", "192.0.2.1"),
        # A count of hops: that many proxies in front of daphne, whatever their addresses.
        ("1", "192.0.2.50", "203.0.113.9, 198.51.100.7", "198.51.100.7"),
        ("2", "192.0.2.50", "203.0.113.9, 198.51.100.7, 192.0.2.60", "198.51.100.7"),
        # Fewer entries than trusted hops: the left-most one (the proxy saw no more).
        ("3", "127.0.0.1", "198.51.100.7", "198.51.100.7"),
        # A trusted proxy without the header (a health check on the proxy itself).
        ("127.0.0.1", "127.0.0.1", None, "127.0.0.1"),
        # Garbage in the header ends the walk at the last trustworthy address.
        ("127.0.0.1", "127.0.0.1", "not-an-address", "127.0.0.1"),
        ("127.0.0.1", "127.0.0.1", "[2001:db8::1]:443", "2001:db8::1"),
        ("127.0.0.1", "127.0.0.1", "198.51.100.7:5555", "198.51.100.7"),
        ("::1", "::1", "2001:db8::7", "2001:db8::7"),
    ],
)
def test_the_client_address_behind_the_configured_proxies(
    settings, trusted, peer, forwarded_for, expected
):
    from accounts.client_address import ProxyConfig, client_address

    settings.TRUSTED_PROXIES = ProxyConfig.parse(trusted)

    assert client_address(request_from(peer, forwarded_for)) == expected


def test_websocket_scopes_resolve_the_same_way():
    from accounts.client_address import ProxyConfig, resolve, scope_client_address

    config = ProxyConfig.parse("127.0.0.1")
    scope = {
        "client": ["127.0.0.1", 50000],
        "headers": [(b"x-forwarded-for", b"203.0.113.9, 198.51.100.7")],
    }

    assert resolve(scope["client"][0], "203.0.113.9, 198.51.100.7", config) == "198.51.100.7"
    assert scope_client_address(scope, config) == "198.51.100.7"


@pytest.mark.parametrize("bad", ["0.0.0.0/-1", "proxy.example.org", "1, 2", "-1"])
def test_a_bad_setting_fails_at_start(bad):
    from django.core.exceptions import ImproperlyConfigured

    from accounts.client_address import ProxyConfig

    with pytest.raises(ImproperlyConfigured):
        ProxyConfig.parse(bad)
