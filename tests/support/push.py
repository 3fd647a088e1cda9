"""Web Push stand-ins: VAPID and browser keys, a resolver table in front of the system resolver,
a local https push service with a certificate of its own, and a listener that never answers.

The site refuses loopback push endpoints, so tests name their push service with a public-looking
name (push.local.test) that `fake_dns` resolves to 127.0.0.1, and allow 127.0.0.1 through
settings.PUSH_TEST_NETWORKS; requests trusts the service's certificate through
REQUESTS_CA_BUNDLE, as it would any CA bundle.
"""

import base64
import contextlib
import datetime
import os
import socket
import ssl
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

LOCAL_NAME = "push.local.test"  # what the local push services' certificate names


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def vapid_keys():
    """Settings (or environment) that turn Web Push on."""
    key = ec.generate_private_key(ec.SECP256R1())
    return {
        "VAPID_PRIVATE_KEY": b64url(key.private_numbers().private_value.to_bytes(32, "big")),
        "VAPID_PUBLIC_KEY": b64url(key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)),
        "VAPID_SUBJECT": "mailto:test@example.org",
    }


def browser_keys():
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962,
                                           serialization.PublicFormat.UncompressedPoint)
    return {"p256dh": b64url(public), "auth": b64url(os.urandom(16))}


def fake_dns(monkeypatch, table):
    """socket.getaddrinfo answers `table` ({name: [ip, ...]}, changeable later) for its names
    and asks the system resolver for the rest. Returns the table."""
    real = socket.getaddrinfo

    def getaddrinfo(host, port, *args, **kwargs):
        if isinstance(host, str) and host in table:
            return [(socket.AF_INET6 if ":" in ip else socket.AF_INET, socket.SOCK_STREAM, 6, "",
                     (ip, port) if ":" not in ip else (ip, port, 0, 0)) for ip in table[host]]
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return table


def certificate(directory, name=LOCAL_NAME):
    """(cert_path, key_path): a self-signed certificate for `name`; the cert is its own CA."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = directory / "push-cert.pem", directory / "push-key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path


class PushService:
    """An https server on 127.0.0.1 answering every POST with statuses[path] (201 by default)
    and recording what it received; .url(path) names it by LOCAL_NAME."""

    def __init__(self, cert_path, key_path):
        self.received = []
        self.statuses = {}
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - the http.server API
                length = int(self.headers.get("Content-Length", 0))
                service.received.append({
                    "path": self.path, "host": self.headers.get("Host"),
                    "headers": {k.lower(): v for k, v in self.headers.items()},
                    "body": self.rfile.read(length)})
                self.send_response(service.statuses.get(self.path, 201))
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert_path, key_path)
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path, name=LOCAL_NAME):
        return f"https://{name}:{self.port}{path}"

    def paths(self):
        return [request["path"] for request in self.received]

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class SilentListener:
    """A TCP listener on 127.0.0.1 that accepts connections, reads and never says a word: a
    push service that hangs. `connected` is set at the first connection; close() ends them."""

    def __init__(self):
        self.socket = socket.create_server(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        self.connected = threading.Event()
        self.connections = []
        self._open = 0
        self._closed = False
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                connection, _address = self.socket.accept()
            except OSError:
                return
            with self._lock:
                if self._closed:  # accepted while close() ran: close it too
                    connection.close()
                    return
                self.connections.append(connection)
                self._open += 1
            self.connected.set()
            threading.Thread(target=self._drain, args=(connection,), daemon=True).start()

    def _drain(self, connection):
        try:
            while connection.recv(1 << 16):
                pass
        except OSError:
            pass
        with self._lock:
            self._open -= 1

    def open_connections(self):
        """How many accepted connections neither side has closed yet."""
        with self._lock:
            return self._open

    def url(self, path, host="127.0.0.1"):
        return f"https://{host}:{self.port}{path}"

    def close(self):
        with self._lock:
            self._closed = True
            connections = list(self.connections)
        self.socket.close()
        for connection in connections:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
            connection.close()
