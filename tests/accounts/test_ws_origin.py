"""WebSocket handshakes: a browser page may connect only from the site's own origin (scheme, host
and port) or a trusted one; scripts, which send no Origin, authenticate by token.

Against a real daphne: the Origin and Host headers are what a browser sends.
"""

import json

import pytest
from django.test import Client
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from accounts import services
from accounts.models import User

PASSWORD = "tile-drafting-42"


@pytest.fixture
def session_cookie(live_daphne):
    client = Client()
    client.force_login(User.objects.create_user("socket_player", password=PASSWORD))
    return f"sessionid={client.cookies['sessionid'].value}"


def handshake(live_daphne, origin: str | None, cookie: str | None = None, query: str = ""):
    """The status of the handshake: 101 when accepted (then the first message is read)."""
    headers = {"Cookie": cookie} if cookie else {}
    try:
        with connect(f"{live_daphne.ws_url}/ws/lobby/{query}", origin=origin,
                     additional_headers=headers, open_timeout=10) as socket:
            assert json.loads(socket.recv(timeout=10))["type"] == "tables"
            return 101
    except InvalidStatus as refused:
        return refused.response.status_code


@pytest.mark.parametrize(
    "foreign",
    [
        "http://localhost:9999",  # another port on an allowed host
        "http://127.0.0.1:1",
        "https://127.0.0.1:{port}",  # another scheme
        "http://evil.test:{port}",
        "null",  # sandboxed iframes and file:// pages
        "http://127.0.0.1:{port}.evil.test",
    ],
)
def test_other_origins_are_refused_even_with_a_session_cookie(live_daphne, session_cookie, foreign):
    port = live_daphne.url.rsplit(":", 1)[1]

    # 403 from the origin check; daphne itself answers 400 to an Origin that is no URL at all.
    assert handshake(live_daphne, foreign.format(port=port), session_cookie) in (400, 403)


def test_the_sites_own_origin_is_accepted(live_daphne, session_cookie):
    assert handshake(live_daphne, live_daphne.url, session_cookie) == 101


@pytest.mark.django_db(transaction=True)
def test_scripts_without_an_origin_connect_with_a_token(live_daphne):
    key = services.api_token_for(User.objects.create_user("script_player", password=PASSWORD))

    assert handshake(live_daphne, None, query=f"?token={key}") == 101


# --- the rule, on handshake scopes (as daphne builds them) ---------------------------------


def scope(origin=None, host="azul.example.org", scheme="wss", **headers):
    pairs = [(b"host", host.encode())] if host else []
    if origin is not None:
        pairs.append((b"origin", origin.encode()))
    pairs += [(name.replace("_", "-").encode(), value.encode()) for name, value in headers.items()]
    return {"type": "websocket", "scheme": scheme, "headers": pairs}


@pytest.mark.parametrize(
    ("origin", "host", "scheme", "allowed"),
    [
        ("https://azul.example.org", "azul.example.org", "wss", True),
        ("https://azul.example.org:443", "azul.example.org", "wss", True),
        ("http://azul.example.org", "azul.example.org", "wss", False),
        ("https://azul.example.org:8443", "azul.example.org", "wss", False),
        ("https://azul.example.org:8443", "azul.example.org:8443", "wss", True),
        ("http://azul.example.org", "azul.example.org", "ws", True),
        # DNS rebinding: the page and the Host agree, but the Host is not ours.
        ("https://evil.test", "evil.test", "wss", False),
        # In CSRF_TRUSTED_ORIGINS (exact, or a wildcard for subdomains):
        ("https://play.partner.example", "azul.example.org", "wss", True),
        ("http://play.partner.example", "azul.example.org", "wss", False),
        ("https://eu.mirror.example", "azul.example.org", "wss", True),
        ("https://mirror.example.evil.test", "azul.example.org", "wss", False),
        ("https://user@azul.example.org", "azul.example.org", "wss", False),
        ("https://azul.example.org/path", "azul.example.org", "wss", False),
        # No Host header (not HTTP/1.1) matches no own origin.
        ("https://azul.example.org", "", "wss", False),
        (None, "azul.example.org", "wss", True),
    ],
)
def test_the_origin_rule(settings, origin, host, scheme, allowed):
    from realtime.origin import origin_allowed

    settings.ALLOWED_HOSTS = ["azul.example.org"]
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.partner.example", "https://*.mirror.example"]

    assert origin_allowed(scope(origin, host, scheme)) is allowed


def test_behind_a_tls_proxy_the_forwarded_scheme_counts_when_trusted(settings):
    from realtime.origin import origin_allowed

    settings.ALLOWED_HOSTS = ["azul.example.org"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    proxied = scope("https://azul.example.org", scheme="ws", x_forwarded_proto="https")

    assert origin_allowed(proxied)
    assert not origin_allowed(scope("http://azul.example.org", scheme="ws",
                                    x_forwarded_proto="https"))
    settings.SECURE_PROXY_SSL_HEADER = None
    assert not origin_allowed(proxied)  # without TRUST_X_FORWARDED_PROTO the header is not read
