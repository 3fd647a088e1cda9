"""The WebSocket handshake's Origin check, the same rule as Django's CSRF origin check.

Browsers send the page's origin with every WebSocket handshake, and cookies go along whatever
that page is, so a handshake carrying the session cookie must come from one of our pages:
its Origin must equal the site's own origin (the scheme the client used, the Host it asked
for, which must be in ALLOWED_HOSTS, and the port) or one of CSRF_TRUSTED_ORIGINS, compared
by scheme, host and port. A handshake with no Origin is not a browser's (RFC 6455 makes
browsers send it): scripts connect so, authenticated by ?token= (docs/api.md).
"""

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import is_same_domain, split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}

Origin = tuple[str, str, int]  # scheme, host, port


def parse_origin(text: str) -> Origin | None:
    """("https", "azul.example.org", 443) from an Origin header; None for "null" or garbage."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname or parts.username is not None:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        return None
    return scheme, parts.hostname.lower(), port or DEFAULT_PORTS[scheme]


def _headers(scope) -> dict[bytes, str]:
    return {name.lower(): value.decode("latin-1") for name, value in scope.get("headers", ())}


def _is_secure(scope, headers: dict[bytes, str]) -> bool:
    """As Django's request.is_secure(): the scheme daphne saw, or the trusted proxy's header."""
    proxy_header = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy_header:
        name, secure_value = proxy_header
        header = name.removeprefix("HTTP_").lower().replace("_", "-").encode()
        if header in headers:
            return headers[header].split(",", 1)[0].strip() == secure_value
    return scope.get("scheme") == "wss"


def own_origin(scope) -> Origin | None:
    """The origin the client reached us at, if its Host is one of ALLOWED_HOSTS."""
    headers = _headers(scope)
    domain, port = split_domain_port(headers.get(b"host", ""))
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return None
    scheme = "https" if _is_secure(scope, headers) else "http"
    return scheme, domain, int(port) if port else DEFAULT_PORTS[scheme]


def _trusted(origin: Origin, pattern: str) -> bool:
    """One CSRF_TRUSTED_ORIGINS entry: "https://azul.example.org", "https://*.example.org"."""
    wildcard = "://*." in pattern
    allowed = parse_origin(pattern.replace("://*.", "://", 1))
    if allowed is None:
        return False
    scheme, host, port = allowed
    if (origin[0], origin[2]) != (scheme, port):
        return False
    return is_same_domain(origin[1], f".{host}") if wildcard else origin[1] == host


def origin_allowed(scope) -> bool:
    origin_header = _headers(scope).get(b"origin")
    if origin_header is None:
        return True  # not a browser (see the module docstring)
    origin = parse_origin(origin_header)
    if origin is None:
        return False
    return origin == own_origin(scope) or any(
        _trusted(origin, pattern) for pattern in settings.CSRF_TRUSTED_ORIGINS
    )


class SameOriginWebsocketValidator:
    """ASGI middleware refusing (HTTP 403) WebSocket handshakes from other origins."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
