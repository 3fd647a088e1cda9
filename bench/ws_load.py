"""Live play over WebSockets: many tables of scripted players against daphne, PostgreSQL, Redis, Celery.
(Over 400 lines: one load generator, its scenarios, clients and report in one script.)

Run: ``make bench-ws`` (100 tables, both modes), or e.g.
``.venv/bin/python bench/ws_load.py --tables 100 --mode capacity --duration 30``
``.venv/bin/python bench/ws_load.py --tables 100 --mode paced --rate 1``

Everything is set up here and torn down on exit, all on 127.0.0.1:
- a PostgreSQL database of its own (``azulsite_bench``: created if missing, migrated, emptied of
  earlier runs' games) and a Redis database of its own (db 9 by default, flushed: it holds only
  this benchmark's channel layer, cache and Celery queue);
- ``--daphne N`` daphne processes and one Celery worker, as subprocesses of this script;
- users, API tokens, tables and running games made directly through ``games.services`` (not timed).

Then an asyncio load generator (the ``websockets`` client) connects each table's players with
``?token=`` (the players of a table are spread over the daphne ports, as a proxy would) and plays
random legal moves, chosen by the engine's ``legal_moves()`` on the public state received:
- ``capacity``: each player moves as soon as it sees its turn (as fast as the server answers);
- ``paced``: each table moves at ``--rate`` moves per second (a fixed schedule per table).
A game that ends is replaced by the table's next prepared game. Measured: moves per second, and
the move round trip (the mover sends until the mover receives the state with the new version)
p50/p95/p99, over ``--duration`` seconds after ``--warmup`` seconds.

``--profile DIR`` records each daphne process with py-spy during the measured window.
"""

import argparse
import asyncio
import json
import os
import platform
import random
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE_DIR))

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/azulsite_bench"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/9"
OPENING_AT_ONCE = 32  # WebSocket handshakes in flight at a time
ANSWER_TIMEOUT = 10.0  # a move unanswered this long counts as lost; the mover resyncs


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--mode", choices=("capacity", "paced"), default="capacity")
    parser.add_argument("--rate", type=float, default=1.0, help="paced: moves/s per table")
    parser.add_argument("--duration", type=float, default=30.0, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before measuring")
    parser.add_argument("--max-moves", type=int, default=0, help="stop after this many (0: no cap)")
    parser.add_argument("--daphne", type=int, default=2,
                        help="daphne processes (one per core, as docs/operations.md sizes it)")
    parser.add_argument("--clock", choices=("realtime", "none"), default="realtime",
                        help="realtime: 10 min + 5 s per move (the server charges the clocks; "
                             "deadlines this far off are left to the beat sweep)")
    parser.add_argument("--games-per-table", type=int, default=0,
                        help="games prepared per table (0: enough for the duration)")
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL",
                                                                 DEFAULT_DATABASE_URL))
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS_URL))
    parser.add_argument("--server-env", action="append", default=[], metavar="NAME=VALUE",
                        help="extra environment for daphne and the worker (repeatable)")
    parser.add_argument("--profile", metavar="DIR", help="py-spy each daphne into DIR")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not args.database_url.startswith("postgres"):
        parser.error("--database-url must be a PostgreSQL URL")
    for name, url in (("--database-url", args.database_url), ("--redis-url", args.redis_url)):
        if "127.0.0.1" not in url and "localhost" not in url:
            parser.error(f"{name} must point at 127.0.0.1")
    return args


# --- setup (not measured) ------------------------------------------------------------------------


def prepare_environment(args):
    """Point this process (and the servers it starts) at the benchmark's own database and Redis."""
    os.environ.update(
        DJANGO_SETTINGS_MODULE="azulsite.settings",
        DATABASE_URL=args.database_url,
        REDIS_URL=args.redis_url,
        CELERY_EAGER="false",
        DEBUG="false",
        SECRET_KEY="azulsite-bench-ws-not-secret",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_SSL_REDIRECT="false",
        LOG_LEVEL="WARNING",
    )
    # Production settings for the servers (docs/operations.md): persistent database connections.
    os.environ.setdefault("DB_CONN_MAX_AGE", "60")
    for item in args.server_env:
        name, _, value = item.partition("=")
        os.environ[name] = value
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # thousands of sockets


def ensure_database(url):
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin_url = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin_url, autocommit=True) as admin:
        exists = admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if not exists:
            admin.execute(f'CREATE DATABASE "{name}"')


def setup_django(args):
    ensure_database(args.database_url)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    import redis

    redis.Redis.from_url(args.redis_url).flushdb()  # this benchmark's own Redis database


def games_per_table(args):
    if args.games_per_table:
        return args.games_per_table
    # Capacity: enough for ~400 moves/s in all (a table whose games run out stops, reported).
    per_table_rate = args.rate if args.mode == "paced" else 400 / args.tables
    moves = (args.duration + args.warmup) * per_table_rate
    return 1 + int(moves / (35 * args.players)) + 1  # a game has ~35 moves per player


@dataclass
class PreparedGame:
    game_id: int
    players: list  # [(username, token)]


def create_games(args):
    """Users, tokens and running games for every table, through the services."""
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from rest_framework.authtoken.models import Token

    from games import services
    from games.models import Game, MoveRecord, Seat, Table

    User = get_user_model()
    with transaction.atomic():  # earlier runs' games (the database is the benchmark's own)
        MoveRecord.objects.all().delete()
        Game.objects.all().delete()
        Seat.objects.all().delete()
        Table.objects.all().delete()
    wanted = [f"bench{i}" for i in range(args.tables * args.players)]
    have = set(User.objects.filter(username__in=wanted).values_list("username", flat=True))
    User.objects.bulk_create(
        [User(username=name, password="!") for name in wanted if name not in have]
    )
    users = {user.username: user for user in User.objects.filter(username__in=wanted)}
    tokens = dict(Token.objects.filter(user__in=users.values()).values_list("user__username", "key"))
    missing = [Token(user=users[name], key=Token.generate_key()) for name in wanted
               if name not in tokens]
    Token.objects.bulk_create(missing)
    tokens.update({token.user.username: token.key for token in missing})

    clock = {"kind": "none"}
    if args.clock == "realtime":
        clock = {"kind": "realtime", "base_seconds": 600, "increment_seconds": 5}
    per_table = games_per_table(args)
    tables = []
    for t in range(args.tables):
        names = wanted[t * args.players:(t + 1) * args.players]
        games = []
        for _ in range(per_table):
            table = services.create_table(users[names[0]], players=args.players, clock=clock)
            for name in names[1:]:
                services.join_table(table.pk, users[name])
            game = services.start_table(table.pk, users[names[0]])
            games.append(PreparedGame(game.pk, [(name, tokens[name]) for name in names]))
        tables.append(games)
    return tables


# --- server processes ----------------------------------------------------------------------------


def _process_cpu(pid):
    """User + system CPU seconds of a process so far (0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _service_pids():
    """The PostgreSQL and Redis server processes of this machine."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                name = (entry / "comm").read_text().strip()
            except OSError:
                continue
            if name in ("postgres", "redis-server"):
                pids.append(int(entry.name))
    return pids


class Servers:
    """The daphne processes and the Celery worker; stopped (only these) on exit."""

    def __init__(self):
        self.daphnes = []
        self.worker = None
        self.profilers = []

    def start(self, count):
        from azulsite.celery import app
        from tests.support.processes import start_celery_worker, start_daphne

        env = {"PYTHONUNBUFFERED": "1"}
        for _ in range(count):
            self.daphnes.append(start_daphne(env))
        self.worker = start_celery_worker(env, app)

    def cpu_seconds(self):
        """CPU seconds used so far by the daphne processes, the worker, and PostgreSQL and Redis
        (all their processes on this machine: other users of them count too)."""
        return (sum(_process_cpu(d.process.pid) for d in self.daphnes),
                _process_cpu(self.worker.process.pid),
                {pid: _process_cpu(pid) for pid in _service_pids()})

    @property
    def ports(self):
        return [int(server.url.rsplit(":", 1)[1]) for server in self.daphnes]

    def profile(self, directory, seconds):
        py_spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
        Path(directory).mkdir(parents=True, exist_ok=True)
        for index, server in enumerate(self.daphnes):
            out = Path(directory) / f"daphne-{index}.txt"
            self.profilers.append(subprocess.Popen(
                [py_spy, "record", "--pid", str(server.process.pid), "--duration", str(int(seconds)),
                 "--rate", "200", "--gil", "--format", "raw", "--output", str(out), "--nonblocking"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            ))

    def stop(self):
        for profiler in self.profilers:
            try:
                profiler.wait(timeout=30)
            except subprocess.TimeoutExpired:
                profiler.kill()
        for server in [*self.daphnes, *([self.worker] if self.worker else [])]:
            log = server.log_path.read_text(errors="replace") if server.log_path.exists() else ""
            marker = "Exception inside application"  # a consumer died (the socket got 1011)
            if marker in log:
                last = log.rindex(marker)
                print(f"--- last of {log.count(marker)} application errors of pid "
                      f"{server.process.pid}:\n{log[last:last + 6000]}", file=sys.stderr)
            server.stop()
        self.daphnes, self.worker, self.profilers = [], None, []


# --- the load generator --------------------------------------------------------------------------


@dataclass
class Stats:
    measure_from: float = 0.0
    measure_until: float = 0.0
    round_trips: list = field(default_factory=list)  # seconds, moves sent inside the window
    moves: int = 0  # answered moves sent inside the window
    errors: dict = field(default_factory=dict)
    lost: int = 0
    cpu: dict = field(default_factory=dict)  # CPU seconds used in the window, by process kind
    games_finished: int = 0
    tables_out_of_games: int = 0
    stop: bool = False
    max_moves: int = 0
    connected: int = 0  # sockets open (the clock starts once every first-game socket is)
    go: asyncio.Event = field(default_factory=asyncio.Event)
    opening: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(OPENING_AT_ONCE))
    deadline: float = float("inf")  # when the players stop

    def record(self, sent_at, answered_at):
        if self.measure_from <= sent_at and answered_at <= self.measure_until:
            self.round_trips.append(answered_at - sent_at)
            self.moves += 1
            if self.max_moves and self.moves >= self.max_moves:
                self.stop = True


class TablePace:
    """Paced mode: the table's next move is due at a fixed interval after the previous one."""

    def __init__(self, interval, phase):
        self.interval = interval
        self.phase = phase  # offset of this table's schedule, so tables do not move in lockstep
        self.next_due = None

    async def wait_turn(self):
        if self.next_due is None:
            self.next_due = time.perf_counter() + self.phase
        delay = self.next_due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        self.next_due += self.interval  # an absolute schedule: a late move does not shift the rest


def my_turn(message, username):
    if message.get("status") != "playing":
        return False
    current = message["clock"]["current"]
    return any(seat["username"] == username and seat["player_index"] == current
               for seat in message["seats"])


async def play_seat(uri, username, stats, pace, rng):
    """One player's connection: move whenever it is this player's turn; True when the game ended."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    try:
        return await _play_seat(uri, username, stats, pace, rng)
    except ConnectionClosed as exc:
        reason = f"closed {exc.rcvd.code if exc.rcvd else 'abruptly'}"
    except (InvalidHandshake, OSError, TimeoutError) as exc:
        reason = f"connect failed ({type(exc).__name__})"
    stats.errors[reason] = stats.errors.get(reason, 0) + 1
    return False


async def _play_seat(uri, username, stats, pace, rng):
    from websockets.asyncio.client import connect

    from games import engine

    async with stats.opening:  # a burst of thousands of handshakes overflows the listen backlog
        # No Origin: a token-authenticated script, as docs/api.md allows.
        socket = await connect(uri, compression=None, max_size=2**22,
                               open_timeout=60, ping_interval=None)
    async with socket:
        stats.connected += 1
        await stats.go.wait()
        version = -1
        pending = None  # (version sent, sent_at)
        while not stats.stop and time.perf_counter() < stats.deadline:
            wait = min(ANSWER_TIMEOUT, stats.deadline - time.perf_counter())
            try:
                raw = await asyncio.wait_for(socket.recv(), timeout=max(wait, 0.01))
            except TimeoutError:
                if wait < ANSWER_TIMEOUT:
                    break  # the run is over
                if pending is not None:  # our move went unanswered: resync, as the web client does
                    stats.lost += 1
                    pending = None
                    await socket.send(json.dumps({"type": "sync"}))
                continue  # otherwise the opponents are just slow (a paced table): keep waiting
            message = json.loads(raw)
            kind = message["type"]
            if kind == "error":
                stats.errors[message["code"]] = stats.errors.get(message["code"], 0) + 1
                pending = None
                await socket.send(json.dumps({"type": "sync"}))
                continue
            if kind != "state" or message["version"] < version:
                continue  # presence, pong, or an older state overtaken by a newer one
            now = time.perf_counter()
            version = message["version"]
            if pending is not None and version > pending[0]:
                stats.record(pending[1], now)
                pending = None
            if message["status"] != "playing":
                return True
            if pending is None and my_turn(message, username):
                if pace is not None:
                    await pace.wait_turn()
                    if stats.stop or time.perf_counter() >= stats.deadline:
                        break
                state = engine.GameState.from_dict(message["state"])
                move = rng.choice(state.legal_moves()).to_dict()
                pending = (version, time.perf_counter())
                await socket.send(json.dumps({"type": "move", "move": move, "version": version}))
    return False


async def play_table(index, games, ports, args, stats):
    rng = random.Random(args.seed * 100_003 + index)
    pace = None
    if args.mode == "paced":
        interval = 1.0 / args.rate
        pace = TablePace(interval, rng.random() * interval)
    for game in games:
        seats = [
            play_seat(
                f"ws://127.0.0.1:{ports[(index + k) % len(ports)]}/ws/games/{game.game_id}/"
                f"?token={token}",
                username, stats, pace, random.Random(rng.random()),
            )
            for k, (username, token) in enumerate(game.players)
        ]
        ended = await asyncio.gather(*seats)
        if not all(ended):
            return
        stats.games_finished += 1
    stats.tables_out_of_games += 1


async def run_load(tables, ports, args, servers):
    stats = Stats(max_moves=args.max_moves)
    players = asyncio.gather(*(play_table(i, games, ports, args, stats)
                               for i, games in enumerate(tables)))
    # Connecting thousands of sockets is not part of the measure: start once all are open.
    sockets = len(tables) * args.players
    connecting_since = time.perf_counter()
    while stats.connected < sockets and time.perf_counter() - connecting_since < 300:
        await asyncio.sleep(0.1)
    print(f"  {stats.connected} sockets connected in {time.perf_counter() - connecting_since:.1f} s")
    start = time.perf_counter()
    stats.measure_from = start + args.warmup
    stats.measure_until = stats.measure_from + args.duration
    stats.deadline = stats.measure_until + 0.5
    stats.go.set()
    loop = asyncio.get_running_loop()
    if args.profile:
        loop.call_later(args.warmup, servers.profile, args.profile, args.duration)
    marks = {}

    def mark(name):
        marks[name] = (*servers.cpu_seconds(), time.process_time())

    loop.call_later(args.warmup, mark, "start")
    loop.call_later(args.warmup + args.duration, mark, "end")
    await players
    if "end" in marks:
        def spent(start, end):
            if isinstance(end, dict):  # per process: one that started in the window counts whole
                return sum(seconds - start.get(pid, 0.0) for pid, seconds in end.items())
            return end - start

        used = [spent(start, end) for start, end in zip(marks["start"], marks["end"], strict=True)]
        names = ("daphne", "worker", "PostgreSQL + Redis", "load generator")
        stats.cpu = dict(zip(names, used, strict=True))
    if stats.stop:  # the move cap ended the run early: measure until now
        stats.measure_until = min(stats.measure_until, time.perf_counter())
    return stats


# --- report --------------------------------------------------------------------------------------


def percentile(sorted_values, fraction):
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * fraction))]


def report(args, stats, load_before, load_after):
    window = stats.measure_until - stats.measure_from
    ms = sorted(1000 * s for s in stats.round_trips)
    offered = f", offered {args.tables * args.rate:.0f} moves/s" if args.mode == "paced" else ""
    print(f"mode {args.mode}: {args.tables} tables of {args.players} players, "
          f"{args.daphne} daphne, clock {args.clock}{offered}")
    print(f"  moves: {stats.moves} in {window:.1f} s = {stats.moves / window:.1f} moves/s")
    if ms:
        print(f"  round trip ms: p50 {percentile(ms, 0.50):.1f}  p95 {percentile(ms, 0.95):.1f}  "
              f"p99 {percentile(ms, 0.99):.1f}  mean {statistics.mean(ms):.1f}  max {ms[-1]:.1f}")
    if stats.cpu and stats.moves:
        print("  CPU per move: " + ", ".join(
            f"{name} {1000 * seconds / stats.moves:.2f} ms" for name, seconds in stats.cpu.items()))
    print(f"  games finished {stats.games_finished}, lost answers {stats.lost}, "
          f"errors {stats.errors or 'none'}, tables out of games {stats.tables_out_of_games}")
    print(f"  load average before {load_before}, after {load_after}")


def load_average():
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main(argv=None):
    args = parse_args(argv)
    prepare_environment(args)
    print(f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores; "
          f"database {args.database_url}, redis {args.redis_url}")
    setup_started = time.perf_counter()
    setup_django(args)
    tables = create_games(args)
    servers = Servers()

    def on_signal(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_signal)
    try:
        servers.start(args.daphne)
        print(f"setup: {sum(map(len, tables))} games, {args.daphne} daphne on ports "
              f"{servers.ports}, worker ready, {time.perf_counter() - setup_started:.1f} s")
        load_before = load_average()
        stats = asyncio.run(run_load(tables, servers.ports, args, servers))
        report(args, stats, load_before, load_average())
    finally:
        servers.stop()


if __name__ == "__main__":
    main()
