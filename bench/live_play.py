"""Live play: the cost of one move through games.services.play_move, on the configured database.

Run: ``make bench-live`` (SQLite), or with PostgreSQL
``DATABASE_URL=postgres://postgres@127.0.0.1:5432/azulsite .venv/bin/python bench/live_play.py``.

A throwaway test database is created and destroyed. Each game: two users, a table, start, then
random legal moves until the end, each through ``play_move`` (transaction, row lock, version
check, engine validation, move record, state save, payload built for the broadcast, on_commit
group send to the in-memory channel layer). "contended": THREADS threads submit a move for the
same version at once (one is applied, the others get stale_version); a round is one version.
"""

import argparse
import contextlib
import os
import platform
import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "azulsite.settings")
os.environ.pop("REDIS_URL", None)  # the in-memory channel layer and eager Celery: no worker needed

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402

from azul import engine  # noqa: E402
from games import errors, services  # noqa: E402
from games.models import Game, Seat  # noqa: E402

THREADS = 4


def to_move(game):
    seat = Seat.objects.select_related("user").get(
        table_id=game.table_id, player_index=game.state["current_player"]
    )
    return seat.user


def new_game(a, b):
    table = services.create_table(a, players=2)
    services.join_table(table.pk, b)
    return services.start_table(table.pk, a)


def sequential(games, a, b):
    chooser = random.Random(1)
    timings = []
    for _ in range(games):
        game = new_game(a, b)
        while game.status == Game.Status.PLAYING:
            moves = engine.ClassicState.from_dict(game.state).legal_moves()
            move = moves[int(chooser.random() * len(moves))].to_dict()
            user = to_move(game)
            start = time.perf_counter()
            services.play_move(game.pk, user, move, game.version)
            timings.append(time.perf_counter() - start)
            game = Game.objects.get(pk=game.pk)
    return timings


def contended(rounds, a, b):
    """THREADS long-lived threads (each with its own connection) race for every version."""
    chooser = random.Random(2)
    plan = {}
    start_round, end_round = threading.Barrier(THREADS + 1), threading.Barrier(THREADS + 1)

    def worker(slot):
        try:
            for _ in range(rounds):
                start_round.wait()
                # The race's losers get stale_version (or game_over when the winner ended the game).
                with contextlib.suppress(errors.GameError):
                    services.play_move(
                        plan["game"], plan["user"], plan["moves"][slot], plan["version"]
                    )
                end_round.wait()
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(slot,)) for slot in range(THREADS)]
    for thread in threads:
        thread.start()
    game = new_game(a, b)
    durations = []
    for _ in range(rounds):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.PLAYING:
            game = new_game(a, b)
        legal = [m.to_dict() for m in engine.ClassicState.from_dict(game.state).legal_moves()]
        plan.update(
            game=game.pk,
            user=to_move(game),
            version=game.version,
            moves=[chooser.choice(legal) for _ in range(THREADS)],
        )
        start_round.wait()
        start = time.perf_counter()
        end_round.wait()
        durations.append(time.perf_counter() - start)
    for thread in threads:
        thread.join()
    return durations


def describe(name, seconds):
    ms = sorted(s * 1000 for s in seconds)
    p95 = ms[int(len(ms) * 0.95) - 1]
    print(
        f"{name:>10}: {len(ms)} x  mean {statistics.mean(ms):6.2f} ms  "
        f"p50 {statistics.median(ms):6.2f} ms  p95 {p95:6.2f} ms  "
        f"({1000 / statistics.mean(ms):5.0f}/s)"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="sequential games")
    parser.add_argument("--rounds", type=int, default=200, help="contended rounds")
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, "
        f"database: {connection.vendor}"
    )
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        users = get_user_model().objects
        a = users.create_user("bench_a", password=None)
        b = users.create_user("bench_b", password=None)
        describe("move", sequential(args.games, a, b))
        describe("contended", contended(args.rounds, a, b))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
