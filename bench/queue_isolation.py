"""Another user's bot reply while one user floods the workers with analyses and hanging pushes.

Starts the Celery workers exactly as this checkout's Procfile names them (every `worker*` line),
on a PostgreSQL database and a Redis database of its own, then measures bob's bot replies (a new
game each time, the greedy bot to move: from the dispatch of its turn to its move in the
database) twice: with the workers idle, and while alice, another user, has asked for her allowed
analyses and started correspondence games whose pushes go to a push service that accepts
connections and never answers (her browsers' subscriptions point at it). Prints p50, p99 and the
worst reply of each phase. Run it at two commits (a `git worktree` of the older one, with this
file and tests/support/push.py copied in) to compare queue layouts; figures in
docs/benchmarks.md ("Queue isolation").

    .venv/bin/python bench/queue_isolation.py --database-url postgres://postgres@127.0.0.1:5432/azulsite_qbench \
        --redis-url redis://127.0.0.1:6379/11
"""

import argparse
import os
import shlex
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/azulsite_qbench")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/11")
    parser.add_argument("--replies", type=int, default=20, help="bot replies measured per phase")
    parser.add_argument("--analyses", type=int, default=3, help="alice's analyses (her quota)")
    parser.add_argument("--analysis-nodes", type=int, default=3000,
                        help="positions searched per move of an analysis")
    parser.add_argument("--game-starts", type=int, default=5,
                        help="alice's correspondence games started: pushes to her browsers")
    parser.add_argument("--subscriptions", type=int, default=2, help="alice's hanging browsers")
    parser.add_argument("--reply-timeout", type=float, default=300.0)
    return parser.parse_args(argv)


def prepare(args):
    from tests.support.push import vapid_keys

    os.environ.update(
        DJANGO_SETTINGS_MODULE="azulsite.settings", DATABASE_URL=args.database_url,
        REDIS_URL=args.redis_url, CELERY_EAGER="false", LOG_LEVEL="WARNING",
        ANALYSIS_NODES=str(args.analysis_nodes), ANALYSES_IN_FLIGHT_PER_USER=str(args.analyses),
        PUSH_TEST_NETWORKS="127.0.0.1/32", DEBUG="true", **vapid_keys())
    import psycopg

    name = args.database_url.rsplit("/", 1)[1]
    with psycopg.connect(args.database_url.rsplit("/", 1)[0] + "/postgres",
                         autocommit=True) as admin:
        if not admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            admin.execute(f'CREATE DATABASE "{name}"')
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("ensure_bots", verbosity=0)
    import redis

    redis.Redis.from_url(args.redis_url).flushdb()  # this benchmark's own Redis database


def start_workers():
    """Every `worker*` process of the Procfile, as written there. Returns [(name, Popen, log)]."""
    from azulsite.celery import app

    workers = []
    for line in (ROOT / "Procfile").read_text().splitlines():
        name, _, command = line.partition(":")
        if not name.startswith("worker") or not command.strip():
            continue
        argv = shlex.split(command.replace("%h", socket.gethostname()))
        assert argv[0] == "celery", line
        with tempfile.NamedTemporaryFile(prefix=f"qbench-{name}-", suffix=".log", delete=False) as log:
            process = subprocess.Popen([sys.executable, "-m", *argv], cwd=ROOT, stdout=log,
                                       stderr=subprocess.STDOUT)
        workers.append((name, process, log.name))
    give_up = time.monotonic() + 120
    while len(app.control.ping(timeout=1.0) or []) < len(workers):
        if time.monotonic() > give_up:
            raise SystemExit(f"workers not ready: {[w[2] for w in workers]}")
    time.sleep(3)  # their start-up tasks run (not measured)
    return workers


def bot_reply_seconds(bob, timeout):
    from games import events
    from games.bot_accounts import bot_account
    from tests.support.bots import fresh, game_in_order

    game = game_in_order(bob, [bot_account("greedy"), bob])
    started = time.monotonic()
    events.schedule_bot_turn_if_needed(fresh(game))
    while fresh(game).version < 1:
        if time.monotonic() - started > timeout:
            return float("inf")
        time.sleep(0.01)
    return time.monotonic() - started


def flood(alice, carol, listener, args):
    from games.analysis import services as analyses
    from notifications.models import PushSubscription
    from tests.analysis.factories import played_game
    from tests.support.games import start_game
    from tests.support.push import browser_keys

    for n in range(args.subscriptions):
        PushSubscription.objects.create(user=alice, endpoint=f"https://127.0.0.1:{listener.port}/{n}",
                                        **browser_keys())
    for seed in range(args.analyses):
        analyses.request_analysis(played_game([alice, carol], seed=100 + seed).pk, alice)
    for _ in range(args.game_starts):
        start_game(alice, carol, clock={"kind": "correspondence", "days_per_move": 3})


def summary(times):
    ordered = sorted(times)

    def at(fraction):
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]

    return (f"p50 {at(0.5):.2f} s, p99 {at(0.99):.2f} s, worst {ordered[-1]:.2f} s "
            f"({len(ordered)} replies)")


def main(argv=None):
    args = parse_args(argv)
    prepare(args)
    from django.contrib.auth import get_user_model

    from tests.support.push import SilentListener

    users = get_user_model().objects
    run = str(int(time.time()))[-6:]
    alice, bob, carol = (users.create_user(username=f"{name}{run}", password=None)
                         for name in ("alice", "bob", "carol"))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    workers = start_workers()
    listener = SilentListener()
    try:
        print(f"commit {commit}; workers: {', '.join(w[0] for w in workers)}; "
              f"load {os.getloadavg()[0]:.2f}", flush=True)
        idle = [bot_reply_seconds(bob, args.reply_timeout) for _ in range(args.replies)]
        print(f"idle:    {summary(idle)}", flush=True)
        flood(alice, carol, listener, args)
        loaded = [bot_reply_seconds(bob, args.reply_timeout) for _ in range(args.replies)]
        print(f"flooded: {summary(loaded)} ({args.analyses} analyses of {args.analysis_nodes} "
              f"nodes/move, {args.game_starts} game starts x {args.subscriptions} silent "
              f"browsers; hanging connections seen: {len(listener.connections)})", flush=True)
    finally:
        listener.close()
        for _name, process, _log in workers:
            process.terminate()
        for _name, process, log in workers:
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
            Path(log).unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
