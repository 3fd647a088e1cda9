"""A daphne process's database connections stay bounded under ordinary HTTP traffic.

daphne runs every sync request in a thread of its own. A connection kept per thread
(CONN_MAX_AGE) outlived its thread until the collector found it: PostgreSQL's connections, or
SQLite's file descriptors, grew with the requests (docs/operations.md, "Connections").
"""

import http.client
import json
import os
import threading
import time
from pathlib import Path

import pytest

from tests.support.processes import start_daphne
from tests.support.waiting import wait_until

CLIENTS = 8
LOAD_SECONDS = 10
POOL_SIZE = 5  # below the clients, so that requests also wait for a connection


@pytest.fixture
def game_and_tokens(transactional_db, alice, bob):
    from accounts.services import api_token_for
    from tests.support.games import start_game

    game = start_game(alice, bob)
    return game, [api_token_for(alice), api_token_for(bob)]


def _request(connection, method, path, token, body=None):
    headers = {"Authorization": f"Token {token}"}
    if body is not None:
        headers["Content-Type"] = "application/json"
        body = json.dumps(body)
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    response.read()
    return response.status


def _mixed_traffic(server, game_id, tokens, seconds):
    """CLIENTS threads of REST reads and chat writes for `seconds`; every answer's status."""
    port = int(server.url.rsplit(":", 1)[1])
    statuses, lock = [], threading.Lock()
    stop_at = time.monotonic() + seconds
    requests = [
        ("GET", f"/api/v1/games/{game_id}", None),
        ("GET", "/api/v1/tables?status=playing", None),
        ("GET", "/api/v1/users/alice/games", None),
        ("GET", f"/api/v1/games/{game_id}/chat", None),
        ("POST", f"/api/v1/games/{game_id}/chat", {"text": "good luck"}),
    ]

    def client(index):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine, turn = [], index
        try:
            while time.monotonic() < stop_at:
                method, path, body = requests[turn % len(requests)]
                mine.append(_request(connection, method, path, tokens[index % 2], body))
                turn += 1
        finally:
            connection.close()
            with lock:
                statuses.extend(mine)

    threads = [threading.Thread(target=client, args=(index,)) for index in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


@pytest.mark.requires("postgres")
def test_a_daphne_on_postgresql_keeps_its_connections_within_its_pool(
    game_and_tokens, subprocess_env
):
    import psycopg
    from django.db import connection

    game, tokens = game_and_tokens
    application = f"azulsite-pool-test-{os.getpid()}"  # tells this daphne's connections apart
    server = start_daphne({
        **subprocess_env,
        "DATABASE_URL": f"{subprocess_env['DATABASE_URL']}?application_name={application}",
        "DB_POOL_MAX_SIZE": str(POOL_SIZE),
        "WEBSOCKET_DB_THREADS": "2",  # the pool must exceed them (azulsite.W003)
        "DB_POOL_MAX_IDLE": "1",  # idle connections go back to the database within seconds
        "CHAT_MESSAGES_PER_MINUTE": "1000000",  # writes that succeed, not 429s
        "CELERY_EAGER": "true",
    })
    settings = connection.settings_dict
    watcher = psycopg.connect(
        dbname=settings["NAME"], user=settings["USER"] or None,
        host=settings["HOST"] or "127.0.0.1", port=settings["PORT"] or 5432, autocommit=True,
    )

    def daphne_connections():
        return watcher.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND application_name = %s",
            [settings["NAME"], application],
        ).fetchone()[0]

    try:
        baseline = daphne_connections()
        most, done = [baseline], threading.Event()

        def watch():
            while not done.wait(0.02):
                most[0] = max(most[0], daphne_connections())

        watching = threading.Thread(target=watch)
        watching.start()
        try:
            statuses = _mixed_traffic(server, game.pk, tokens, LOAD_SECONDS)
        finally:
            done.set()
            watching.join()

        assert statuses, server.log_tail()
        assert not [status for status in statuses if status >= 500], server.log_tail()
        assert {200, 201} <= set(statuses)
        assert most[0] <= POOL_SIZE, f"{most[0]} connections with a pool of {POOL_SIZE}"
        wait_until(lambda: daphne_connections() <= baseline, timeout=60,
                   what=lambda: f"{daphne_connections()} idle connections, {baseline} before")
    finally:
        watcher.close()
        server.stop()


def _open_descriptors(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def test_an_embedded_daphne_does_not_keep_a_sqlite_file_per_request(
    game_and_tokens, subprocess_env
):
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("the embedded default's SQLite file descriptors")
    if not Path("/proc/self/fd").is_dir():
        pytest.skip("needs /proc to count a process's file descriptors")
    game, tokens = game_and_tokens
    server = start_daphne({**subprocess_env, "CELERY_EAGER": "true"})
    try:
        port = int(server.url.rsplit(":", 1)[1])
        client = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            for _warm_up in range(20):
                assert _request(client, "GET", f"/api/v1/games/{game.pk}", tokens[0]) == 200
            before = _open_descriptors(server.process.pid)
            most = before
            for number in range(400):
                assert _request(client, "GET", f"/api/v1/games/{game.pk}", tokens[number % 2]) == 200
                most = max(most, _open_descriptors(server.process.pid))
        finally:
            client.close()
        # Each request ran in a thread of its own; its connection (one descriptor per open
        # database file) used to stay open until the collector ran: 10 -> 96 after 409 requests.
        assert most <= before + 8, f"{before} descriptors after warming up, {most} at most after"
    finally:
        server.stop()
