"""Requests this server makes to URLs a user gave it (Web Push endpoints), kept off the inside.

A push endpoint is a URL from the browser, that is from the user: without these rules it would
let anyone make the server POST to its own Redis, the cloud's metadata service or the private
network, and read which ports are open from how long the answer takes (docs/operations.md,
"Outbound requests"). So:
- the URL is https on port 443, its host a plain DNS name or a public IP literal (no userinfo, no
  numeric or shortened IPv4 forms such as 2130706433, 0x7f.1, 127.1 or 0, no trailing dot);
- the name is resolved once per request, every address must be public unicast, and the
  connection goes to that checked address (pinned), with the name sent as SNI and Host, so a
  second lookup (DNS rebinding) cannot swap in an inside address between check and connect;
- no proxy from the environment, no redirects, short connect and read timeouts.

Tests reach local listeners through settings.PUSH_TEST_NETWORKS (honoured only with DEBUG):
addresses there are allowed, on any port, over http too.
"""

import ipaddress
import re
import socket
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from requests import Session
from requests.adapters import HTTPAdapter

# A DNS name of letters, digits and hyphens; its last label is not all digits (that would be a
# numeric IPv4 form, which resolvers read as an address) and starts with a letter.
_LABEL = r"(?!-)[a-z0-9-]{1,63}(?<!-)"
_NAME = re.compile(rf"(?:{_LABEL}\.)+[a-z][a-z0-9-]{{0,62}}(?<!-)")
# NAT64 prefixes (RFC 6052, RFC 8215): the last 32 bits are an IPv4 address.
_NAT64 = (ipaddress.ip_network("64:ff9b::/96"), ipaddress.ip_network("64:ff9b:1::/48"))


class Refused(ValueError):
    """The URL or one of its addresses may not be reached; str() says why (not translated)."""


def _test_networks():
    if not settings.PUSH_TEST_NETWORKS:
        return ()
    return tuple(ipaddress.ip_network(net) for net in settings.PUSH_TEST_NETWORKS)


def _in_test_networks(address):
    return any(address in net for net in _test_networks())


def is_public(address):
    """Whether an IP address is public unicast, the IPv4 inside IPv6 forms included."""
    if address.version == 6:
        embedded = address.ipv4_mapped or address.sixtofour
        if embedded is None and any(address in net for net in _NAT64):
            embedded = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
        if address.teredo:
            return False  # a tunnel to an address we cannot check
        if embedded is not None and not is_public(embedded):
            return False
    return (address.is_global and not address.is_multicast and not address.is_reserved
            and not address.is_loopback and not address.is_link_local
            and not address.is_unspecified and not address.is_private)


def allowed_address(address):
    return is_public(address) or _in_test_networks(address)


def check_url(url):
    """(scheme, host, port) of a URL whose form may be reached; Refused otherwise. Where the
    name leads is resolve()'s part."""
    parts = urlsplit(url)
    if "@" in parts.netloc:
        raise Refused("no user or password in the URL")
    if parts.scheme != "https" and not (parts.scheme == "http" and settings.PUSH_TEST_NETWORKS):
        raise Refused("the URL must be https")
    host = parts.hostname or ""
    try:
        port = parts.port
    except ValueError:
        raise Refused("bad port") from None
    port = (443 if parts.scheme == "https" else 80) if port is None else port
    literal = _ip_literal(parts.netloc, host)
    if literal is None and not (len(host) <= 253 and _NAME.fullmatch(host)):
        raise Refused("the host must be a DNS name or a public IP address")
    if literal is not None and not allowed_address(literal):
        raise Refused("the address is not public")
    if not settings.PUSH_TEST_NETWORKS and port != 443:
        raise Refused("the URL must use the https port (443)")
    return parts.scheme, host, port


def _ip_literal(netloc, host):
    """The address of a canonical IP literal host ([v6] or dotted quad), else None."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return None
    if address.version == 6 and "[" not in netloc:
        return None
    return address


def resolve(scheme, host, port):
    """The one address to connect to. Every address the name has must be public (an attacker's
    name may list a public and an inside one); only test networks may use http or another port."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise Refused("the host does not resolve") from None
    addresses = [ipaddress.ip_address(info[4][0].split("%")[0]) for info in infos]
    if not addresses:
        raise Refused("the host does not resolve")
    if not all(allowed_address(address) for address in addresses):
        raise Refused("the host resolves to an address that is not public")
    if (scheme, port) != ("https", 443) and not all(map(_in_test_networks, addresses)):
        raise Refused("the URL must be https on port 443")
    return addresses[0]


def check_endpoint(url):
    """The whole check at subscription time: the URL's form, then every address of its name."""
    resolve(*check_url(url))


class PinnedAdapter(HTTPAdapter):
    """Sends each request to the address resolve() checked, with the URL's name as Host, as SNI
    and as the name the certificate must match: what is checked is what is connected to."""

    def send(self, request, stream=False, timeout=None, verify=True, cert=None, proxies=None):
        scheme, host, port = check_url(request.url)
        address = resolve(scheme, host, port)
        parts = urlsplit(request.url)
        shown = f"[{address}]" if address.version == 6 else str(address)
        request.url = urlunsplit(parts._replace(netloc=f"{shown}:{port}"))
        request.headers["Host"] = parts.netloc
        request.pinned_name = host
        return super().send(request, stream=stream, timeout=timeout, verify=verify, cert=cert,
                            proxies=None)  # never a proxy from the environment

    def build_connection_pool_key_attributes(self, request, verify, cert=None):
        host_params, pool_kwargs = super().build_connection_pool_key_attributes(
            request, verify, cert)
        if host_params["scheme"] == "https":
            pool_kwargs["server_hostname"] = request.pinned_name
            pool_kwargs["assert_hostname"] = request.pinned_name
        return host_params, pool_kwargs


def session():
    """A requests session for user-given URLs: pinned, checked, no redirects."""
    pinned = Session()
    pinned.max_redirects = 0
    pinned.mount("https://", PinnedAdapter())
    pinned.mount("http://", PinnedAdapter())
    return pinned


def timeout():
    return (settings.PUSH_CONNECT_TIMEOUT_SECONDS, settings.PUSH_READ_TIMEOUT_SECONDS)
