"""The real client address: the peer, or what the trusted proxies in front of daphne say it is.

Every per-address limit (DRF throttles, login lockouts, sign-up and reset budgets, socket quotas)
keys on this one resolver, configured by the TRUSTED_PROXIES setting (docs/operations.md).

The walk is the one nginx's realip module does with `real_ip_recursive on`: start at the peer
(REMOTE_ADDR, or the ASGI scope's client); while the current address is a trusted proxy, step
to the X-Forwarded-For entry on its left. Each proxy appends the address it saw to the right, so
entries a client wrote itself stay on the left, behind an untrusted address, and are never read.
"""

import ipaddress
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


@dataclass(frozen=True)
class ProxyConfig:
    """Which hops are proxies: the first `hops` from daphne, and any address in `networks`."""

    hops: int = 0
    networks: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = ()

    @classmethod
    def parse(cls, text: str) -> "ProxyConfig":
        """From "2", "127.0.0.1", "10.0.0.0/8, fd00::/8" or "1, 10.0.0.0/8" (comma-separated)."""
        hops, networks = None, []
        for item in (part.strip() for part in text.split(",")):
            if not item:
                continue
            if item.isdigit():
                if hops is not None:
                    raise ImproperlyConfigured(f"TRUSTED_PROXIES names two hop counts: {text!r}")
                hops = int(item)
                continue
            try:
                networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError as error:
                raise ImproperlyConfigured(
                    f"TRUSTED_PROXIES: {item!r} is neither a hop count nor an address or CIDR"
                ) from error
        return cls(hops=hops or 0, networks=tuple(networks))

    def trusts(self, address: Address, hop: int) -> bool:
        """Whether the address seen `hop` steps from daphne (0: the peer) is a proxy."""
        if hop < self.hops:
            return True
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
            address = address.ipv4_mapped
        return any(address in network for network in self.networks)


def _parse_address(text: str) -> Address | None:
    """One X-Forwarded-For entry: "1.2.3.4", "1.2.3.4:5678", "2001:db8::1", "[2001:db8::1]:443"."""
    text = text.strip().strip('"')
    if text.startswith("["):
        text = text[1:].split("]", 1)[0]
    elif text.count(":") == 1:
        text = text.split(":", 1)[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def resolve(peer: str | None, forwarded_for: str | None, config: ProxyConfig) -> str | None:
    """The client's address, from the peer and the X-Forwarded-For header it sent."""
    current = _parse_address(peer or "")
    if current is None:
        return peer or None
    entries = [entry for entry in (forwarded_for or "").split(",") if entry.strip()]
    hop = 0
    while entries and config.trusts(current, hop):
        previous = _parse_address(entries.pop())
        if previous is None:  # garbage: keep the last address a trusted proxy vouched for
            break
        current, hop = previous, hop + 1
    return str(current)


def _config() -> ProxyConfig:
    return settings.TRUSTED_PROXIES


def client_address(request) -> str | None:
    """The client address of a Django (or DRF) request."""
    return resolve(
        request.META.get("REMOTE_ADDR"), request.META.get("HTTP_X_FORWARDED_FOR"), _config()
    )


def scope_client_address(scope, config: ProxyConfig | None = None) -> str | None:
    """The client address of an ASGI scope (a WebSocket connection)."""
    peer = (scope.get("client") or [None])[0]
    forwarded = b",".join(
        value for name, value in scope.get("headers", ()) if name == b"x-forwarded-for"
    )
    return resolve(peer, forwarded.decode("latin-1"), config or _config())
