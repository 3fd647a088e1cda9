"""Live play over WebSockets: many tables of scripted players against daphne, PostgreSQL, Redis, Celery.
(Over 400 lines: one load generator, its scenarios, clients and report in one script.)

Run: ``make bench-ws`` (100 tables, both modes; ``make bench-ws ARGS="..."`` runs those options
instead), or e.g.
``.venv/bin/python bench/ws_load.py --tables 100 --mode capacity --duration 30``
``.venv/bin/python bench/ws_load.py --tables 100 --mode paced --rate 1``
``.venv/bin/python bench/ws_load.py --scenario restart --tables 200 --mode paced --rate 0.5``
``.venv/bin/python bench/ws_load.py --scenario storm --tables 1000 --mode paced --rate 0.1``
``.venv/bin/python bench/ws_load.py --scenario soak --duration 1800 --tables 1000 --rate 0.1``
``.venv/bin/python bench/ws_load.py --mix 2:60,3:15,4:10,duel:15`` (any scenario)

Everything is set up here and torn down on exit, all on 127.0.0.1:
- a PostgreSQL database of its own (``azulsite_bench``: created if missing, migrated, emptied of
  earlier runs' games) and a Redis database of its own (db 9 by default, flushed: it holds only
  this benchmark's channel layer, cache and Celery queue);
- ``--daphne N`` daphne processes and one Celery worker, as subprocesses of this script;
- users, API tokens, tables and running games made directly through ``games.services`` (not timed).

Then an asyncio load generator (the ``websockets`` client) connects each table's players with
``?token=`` (the players of a table are spread over the daphne ports, as a proxy would) and plays
random legal moves, chosen among the ``legal_moves`` of the state the server sent (as the web
client lights up exactly those):
- ``capacity``: each player moves as soon as it sees its turn (as fast as the server answers);
- ``paced``: each table moves at ``--rate`` moves per second (a fixed schedule per table).
A game that ends is replaced by the table's next prepared game. Measured: moves per second, and
the move round trip (the mover sends until the mover receives the state with the new version)
p50/p95/p99, over ``--duration`` seconds after ``--warmup`` seconds, by table kind, and the CPU
per move of each process. Every client reconnects as the web client does (jittered exponential
backoff, to the next daphne port), resyncs from the state sent on connect, and sends again a move
that this state has not passed. Scenarios (bench/ws_scenarios.py):
- ``steady``: the load alone;
- ``restart``: SIGKILL the first daphne ``--event-at`` seconds into the window, start it again on
  its port ``--restart-after`` seconds later; the time until 99 % of the dropped sockets are back;
- ``storm``: every socket drops at once (closed under the client) and reconnects after a delay
  drawn in ``[0, --storm-spread)``; handshakes that failed, and failed for good after retries;
- ``soak``: RSS of every process and the Redis memory and keys every ``--sample-every`` seconds.
Every scenario ends with the database check: each stored move was sent by a client at its version,
and each game's moves are exactly 1..version (nothing lost, nothing applied twice).

``--profile DIR`` records each daphne process with py-spy during the measured window.
"""

import argparse
import asyncio
import gc
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
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE_DIR))

import orjson  # noqa: E402
import ws_scenarios  # noqa: E402  (beside this script)

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/azulsite_bench"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/9"
OPENING_AT_ONCE = 32  # WebSocket handshakes in flight at a time, when the run opens its sockets
ANSWER_TIMEOUT = 10.0  # a move unanswered this long counts as lost; the mover resyncs
RECONNECT_MIN, RECONNECT_MAX = 0.5, 15.0  # seconds: the web client's backoff (shared/backoff.js)
RECONNECT_ATTEMPTS = 12  # failed handshakes in a row before a socket gives up (about 2 minutes)


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
                        help="realtime: 10 min + the run + 5 s per move (the server charges the clocks; "
                             "deadlines this far off are left to the beat sweep)")
    parser.add_argument("--games-per-table", type=int, default=0,
                        help="games prepared per table (0: enough for the duration)")
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL",
                                                                 DEFAULT_DATABASE_URL))
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS_URL))
    parser.add_argument("--server-env", action="append", default=[], metavar="NAME=VALUE",
                        help="extra environment for daphne and the worker (repeatable)")
    parser.add_argument("--daphne-env", action="append", default=[], metavar="I:NAME=VALUE",
                        help="extra environment for daphne number I alone (repeatable): two "
                             "settings compared in one run, the round trips reported per process")
    parser.add_argument("--profile", metavar="DIR", help="py-spy each daphne into DIR")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scenario", choices=("steady", "restart", "storm", "soak"),
                        default="steady")
    parser.add_argument("--mix", help="table kinds and weights, e.g. 2:60,3:15,4:10,duel:15 "
                                      "(default: --players, classic)")
    parser.add_argument("--event-at", type=float, help="restart/storm: seconds into the window "
                                                       "(default a third of --duration)")
    parser.add_argument("--restart-after", type=float, default=1.0,
                        help="restart: seconds between the kill and the new process's start")
    parser.add_argument("--storm-spread", type=float, default=0.0,
                        help="storm: reconnect delays drawn in [0, this) s (0: all at once)")
    parser.add_argument("--sample-every", type=float, default=0.0,
                        help="soak: seconds between samples (default duration/20, at least 5)")
    parser.add_argument("--backlog", type=int, default=4096,
                        help="daphne's listen backlog (the Procfile's 4096; daphne's own is 50)")
    parser.add_argument("--connect-timeout", type=int, default=60,
                        help="daphne's --websocket_connect_timeout (the Procfile's 60; its own 5)")
    parser.add_argument("--together", nargs=2, metavar=("DIR", "N"),
                        help="start the load once N runs sharing DIR are set up: two versions "
                             "measured side by side on a shared machine, each with its own "
                             "--database-url and --redis-url, see the same load")
    parser.add_argument("--gc-log", type=float, default=5.0, metavar="SECONDS",
                        help="daphne logs its collector's pauses this often; the report sums "
                             "those of the window (azulsite/collector.py; 0: off)")
    args = parser.parse_args(argv)
    try:
        args.mix = ws_scenarios.parse_mix(args.mix or str(args.players))
    except ValueError as error:
        parser.error(f"--mix: {error}")
    if args.event_at is None:
        args.event_at = args.duration / 3
    if not args.sample_every:
        args.sample_every = max(5.0, args.duration / 20)
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
    if args.gc_log:
        os.environ["GC_PAUSE_LOG_SECONDS"] = str(args.gc_log)
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
    players = min(KIND_PLAYERS[kind] for kind in args.mix)
    return 1 + int(moves / (35 * players)) + 1  # a game has ~35 moves per player


KIND_PLAYERS = {kind: players for kind, (players, _) in ws_scenarios.KINDS.items()}


@dataclass
class PreparedGame:
    game_id: int
    players: list  # [(username, token)]
    kind: str = "2"


def delete_games():
    """Every game, table and move of the benchmark's database (earlier runs')."""
    from django.db import transaction

    from games.models import Game, MoveRecord, Seat, Table

    with transaction.atomic():
        MoveRecord.objects.all().delete()
        Game.objects.all().delete()
        Seat.objects.all().delete()
        Table.objects.all().delete()


def bench_users(names):
    """({name: user}, {name: API token key}) for `names`, created where missing."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    User = get_user_model()
    have = set(User.objects.filter(username__in=names).values_list("username", flat=True))
    User.objects.bulk_create([User(username=name, password="!") for name in names
                              if name not in have])
    users = {user.username: user for user in User.objects.filter(username__in=names)}
    tokens = dict(Token.objects.filter(user__in=users.values()).values_list("user__username", "key"))
    missing = [Token(user=users[name], key=Token.generate_key()) for name in names
               if name not in tokens]
    Token.objects.bulk_create(missing)
    tokens.update({token.user.username: token.key for token in missing})
    return users, tokens


def create_games(args):
    """Users, tokens and running games for every table, through the services."""
    from games import services

    delete_games()  # earlier runs' (the database is the benchmark's own)
    kinds = ws_scenarios.table_kinds(args.mix, args.tables)
    seats = [KIND_PLAYERS[kind] for kind in kinds]
    wanted = [f"bench{i}" for i in range(sum(seats))]
    users, tokens = bench_users(wanted)

    clock = {"kind": "none"}
    if args.clock == "realtime":
        # The games queued behind a table's first start at setup too: their first mover's bank
        # runs until they are played, so it covers the run and a long setup (2,000 tables: up to
        # ~10 min) besides 10 minutes of play. (A 10-minute bank ended the soak's queued games.)
        bank = 600 + int(args.warmup + args.duration) + 900
        clock = {"kind": "realtime", "base_seconds": bank, "increment_seconds": 5}
    per_table = games_per_table(args)
    tables = []
    first = 0
    for kind, players in zip(kinds, seats, strict=True):
        names = wanted[first:first + players]
        first += players
        ruleset = ws_scenarios.KINDS[kind][1]
        games = []
        for _ in range(per_table):
            table = services.create_table(users[names[0]], players=players, clock=clock,
                                          ruleset=ruleset)
            for name in names[1:]:
                services.join_table(table.pk, users[name])
            game = services.start_table(table.pk, users[names[0]])
            games.append(PreparedGame(game.pk, [(name, tokens[name]) for name in names], kind))
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


def _tree_cpu(pid):
    """CPU seconds of a process and its live descendants (a prefork worker's children)."""
    children = defaultdict(list)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children[parent].append(int(entry.name))
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        total += _process_cpu(current)
        todo.extend(children.get(current, ()))
    return total


def _size(path):
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _service_pids(database=None):
    """The PostgreSQL and Redis server processes of this machine; with `database`, PostgreSQL's
    connection backends only of that database (other users of the server, such as a test run,
    are left out), its background processes always."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                name = (entry / "comm").read_text().strip()
                command = (entry / "cmdline").read_bytes().decode(errors="replace")
            except OSError:
                continue
            if name == "postgres" and database is not None:
                # A backend is titled "postgres: <cluster>: <user> <database> <client> <activity>".
                words = command.split(":", 2)[-1].split()
                if len(words) >= 3 and "(" in words[2] and words[1] != database:
                    continue
            if name in ("postgres", "redis-server"):
                pids.append(int(entry.name))
    return pids


class Servers:
    """The daphne processes and the Celery worker; stopped (only these) on exit."""

    def __init__(self, backlog=None, connect_timeout=None, database=None, worker_pool=None,
                 beat_schedule=None, worker_queues=None, extra_workers=()):
        self.database = database  # the benchmark's own: other databases' backends are not counted
        self.env_of = {}  # daphne index -> its own extra environment (--daphne-env)
        self.daphnes = []
        self.worker = None
        self.worker_pool = worker_pool  # the worker's pool options (None: one solo process)
        self.worker_queues = worker_queues  # the worker's queues (None: every queue)
        # (queues, pool options) of more workers, as the Procfile's worker per queue
        self.extra_workers = list(extra_workers)
        self.others = []
        self.beat_schedule = beat_schedule  # a path: celery beat runs too, its state kept there
        self.beat = None
        self.profilers = []
        self.retired_cpu = {}  # daphne index -> CPU seconds of its killed predecessors
        # daphne -b/-p listens with Twisted's default backlog (50); an endpoint string sets it.
        self.options = ["-b", "127.0.0.1", "-p", "$PORT"] if backlog is None else [
            "-e", f"tcp:port=$PORT:interface=127.0.0.1:backlog={backlog}"]
        if connect_timeout is not None:  # daphne drops a handshake not accepted by then (5 s)
            self.options += ["--websocket_connect_timeout", str(connect_timeout)]

    def start(self, count):
        from azulsite.celery import app
        from tests.support.processes import start_celery_worker, start_daphne

        env = {"PYTHONUNBUFFERED": "1"}
        for index in range(count):
            self.daphnes.append(start_daphne({**env, **self.env_of.get(index, {})},
                                             options=self.options))
        self.worker = start_celery_worker(env, app, pool=self.worker_pool,
                                          queues=self.worker_queues)
        self.others = [start_celery_worker(env, app, pool=pool, queues=queues)
                       for queues, pool in self.extra_workers]
        if self.beat_schedule is not None:
            from tests.support.processes import start_celery_beat

            self.beat = start_celery_beat(env, self.beat_schedule)

    def kill(self, index):
        """SIGKILL one daphne (its CPU so far is kept for the report)."""
        server = self.daphnes[index]
        self.retired_cpu[index] = self.retired_cpu.get(index, 0.0) + _process_cpu(server.process.pid)
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait(timeout=30)

    def restart(self, index):
        """A new daphne on the killed one's port (as a supervisor would start it again)."""
        from tests.support.processes import start_daphne

        old = self.daphnes[index]
        port = int(old.url.rsplit(":", 1)[1])
        old.stop()
        self.daphnes[index] = start_daphne({"PYTHONUNBUFFERED": "1", **self.env_of.get(index, {})},
                                           options=self.options,
                                           port=port, timeout=120)

    def service_pids(self):
        return _service_pids(self.database)

    def log_sizes(self):
        return {f"daphne-{i}": _size(d.log_path) for i, d in enumerate(self.daphnes)}

    def gc_reports(self, start, end):
        """The collector's report lines (azulsite/collector.py) each daphne logged between the
        `log_sizes` start and end (a restarted process's log is read from its beginning)."""
        lines = {}
        for i, server in enumerate(self.daphnes):
            name = f"daphne-{i}"
            try:
                with open(server.log_path, "rb") as log:
                    first = start.get(name, 0)
                    log.seek(first if first <= end.get(name, 0) else 0)
                    text = log.read(max(0, end.get(name, 0) - first)).decode(errors="replace")
            except OSError:
                continue
            lines[name] = [line for line in text.splitlines() if "gc pauses:" in line]
        return lines

    def cpu_seconds(self):
        """CPU seconds used so far by each daphne (with its killed predecessors), the worker, and
        PostgreSQL and Redis (the benchmark database's backends, the background processes, Redis:
        other users of Redis count too),
        by name; the services as {pid: seconds} (a process that started in the window counts whole)."""
        used = {f"daphne-{i}": self.retired_cpu.get(i, 0.0) + _process_cpu(d.process.pid)
                for i, d in enumerate(self.daphnes)}
        used["worker"] = _tree_cpu(self.worker.process.pid) + sum(
            _tree_cpu(other.process.pid) for other in self.others)
        if self.beat is not None:
            used["beat"] = _process_cpu(self.beat.process.pid)
        used["PostgreSQL + Redis"] = {pid: _process_cpu(pid) for pid in self.service_pids()}
        used["load generator"] = time.process_time()
        return used

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
        for server in [*self.daphnes, *self.others, *(s for s in (self.worker, self.beat) if s)]:
            log = server.log_path.read_text(errors="replace") if server.log_path.exists() else ""
            marker = "Exception inside application"  # a consumer died (the socket got 1011)
            if marker in log:
                last = log.rindex(marker)
                print(f"--- last of {log.count(marker)} application errors of pid "
                      f"{server.process.pid}:\n{log[last:last + 6000]}", file=sys.stderr)
            server.stop()
        self.daphnes, self.worker, self.beat, self.profilers = [], None, None, []
        self.others = []


# --- the load generator --------------------------------------------------------------------------


@dataclass
class Stats:
    measure_from: float = 0.0
    measure_until: float = 0.0
    round_trips: dict = field(default_factory=lambda: defaultdict(list))  # kind -> seconds
    moves: int = 0  # answered moves sent inside the window
    moves_by_kind: Counter = field(default_factory=Counter)
    errors: dict = field(default_factory=dict)
    lost: int = 0
    cpu: dict = field(default_factory=dict)  # CPU seconds used in the window, by process
    games_finished: int = 0
    tables_out_of_games: int = 0
    stop: bool = False
    max_moves: int = 0
    connected: int = 0  # sockets opened once (the clock starts once every first-game socket is)
    open: set = field(default_factory=set)  # the sockets open now
    go: asyncio.Event = field(default_factory=asyncio.Event)
    opening: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(OPENING_AT_ONCE))
    deadline: float = float("inf")  # when the players stop
    event: object = None  # ws_scenarios.Event of a restart or storm, once it happened
    storm_spread: float | None = None  # set while a storm's sockets reconnect
    handshakes: int = 0  # handshakes attempted after the first opening (reconnects)
    handshakes_failed: int = 0
    gave_up: int = 0  # sockets that failed RECONNECT_ATTEMPTS handshakes in a row
    in_flight_applied: int = 0  # a move sent on a dropped socket, found applied on resync
    in_flight_resent: int = 0  # ... found not applied: sent again
    sends: dict = field(default_factory=lambda: defaultdict(list))  # game -> (user, version, move)
    sampler: object = None  # soak: ws_scenarios.Sampler
    open_before: int | None = None  # sockets open when the event happened
    rss: dict = field(default_factory=dict)  # KiB by process at the end of the window
    gc_lines: dict = field(default_factory=dict)  # daphne -> its collector reports of the window
    by_process: dict = field(default_factory=lambda: defaultdict(list))  # mover's daphne -> s

    def record(self, kind, sent_at, answered_at, process=None):
        if self.measure_from <= sent_at and answered_at <= self.measure_until:
            self.round_trips[kind].append(answered_at - sent_at)
            self.by_process[process].append(answered_at - sent_at)
            self.moves += 1
            self.moves_by_kind[kind] += 1
            if self.max_moves and self.moves >= self.max_moves:
                self.stop = True

    def count(self, reason):
        self.errors[reason] = self.errors.get(reason, 0) + 1

    @property
    def over(self):
        return self.stop or time.perf_counter() >= self.deadline


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


@dataclass
class SeatPlay:
    """One player of one game, across its sockets."""

    game: PreparedGame
    username: str
    token: str
    first_port: int  # index into the ports: the table's players are spread over the processes
    version: int = -1
    pending: tuple | None = None  # (version, sent_at, move, resent)
    process: int = 0  # the daphne (index) of the socket open now
    ended_at: float | None = None  # when this client received the game's final state


async def play_seat(seat, ports, stats, pace, rng):
    """One player: move whenever it is their turn; reconnect when dropped. True once the game ended."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    attempt = failures = 0
    ceiling = RECONNECT_MIN
    dropped_at = None
    while not stats.over:
        port = ports[(seat.first_port + attempt) % len(ports)]
        uri = f"ws://127.0.0.1:{port}/ws/games/{seat.game.game_id}/?token={seat.token}"
        first = dropped_at is None and attempt == 0
        try:
            if first:  # a burst of thousands of handshakes overflows the listen backlog
                async with stats.opening:
                    socket = await connect(uri, compression=None, max_size=2**22,
                                           open_timeout=60, ping_interval=None)
            else:
                stats.handshakes += 1
                socket = await connect(uri, compression=None, max_size=2**22,
                                       open_timeout=30, ping_interval=None)
        except (InvalidHandshake, OSError, TimeoutError) as exc:
            if not first:
                stats.handshakes_failed += 1
            stats.count(f"handshake failed ({type(exc).__name__})")
            failures += 1
            attempt += 1
            if failures >= RECONNECT_ATTEMPTS:
                stats.gave_up += 1
                return False
            await asyncio.sleep(rng.uniform(0, ceiling))
            ceiling = min(ceiling * 2, RECONNECT_MAX)
            continue
        failures = 0
        if dropped_at is None and attempt == 0:
            stats.connected += 1
        elif stats.event is not None and dropped_at is not None and dropped_at >= stats.event.at:
            stats.event.back.append(time.perf_counter() - stats.event.at)
        stats.open.add(socket)
        try:
            seat.process = ports.index(port)
            return await play_socket(socket, seat, stats, pace, rng, resync=dropped_at is not None)
        except ConnectionClosed:
            pass
        finally:
            stats.open.discard(socket)
            await socket.close()
        dropped_at = time.perf_counter()
        if stats.event is not None and dropped_at >= stats.event.at:
            stats.event.dropped += 1
        attempt += 1  # the next process (the dead one refuses; the proxy would skip it)
        if stats.storm_spread is not None:
            delay = rng.uniform(0, stats.storm_spread) if stats.storm_spread else 0.0
        else:
            delay = rng.uniform(0, ceiling)
            ceiling = min(ceiling * 2, RECONNECT_MAX)
        await asyncio.sleep(delay)
    return False


async def send_move(socket, seat, stats, version, move, resent=False):
    sent_at = time.perf_counter()
    # A socket that dropped while its player waited for the table's pace raises here: that move
    # never left, so it is neither pending nor logged.
    await socket.send(orjson.dumps({"type": "move", "move": move, "version": version}).decode())
    seat.pending = (version, sent_at, move, resent)
    if not resent:
        stats.sends[seat.game.game_id].append((seat.username, version, move))


async def play_socket(socket, seat, stats, pace, rng, resync):
    """Play on one open socket until the game ends (True), the run ends (False) or it drops."""
    await stats.go.wait()
    kind = seat.game.kind
    fresh = True  # the next state is the one sent on connect
    while not stats.over:
        wait = min(ANSWER_TIMEOUT, stats.deadline - time.perf_counter())
        try:
            # A timeout scope, not wait_for: no task of its own for every frame received.
            async with asyncio.timeout(max(wait, 0.01)):
                raw = await socket.recv()
        except TimeoutError:
            if wait < ANSWER_TIMEOUT:
                break  # the run is over
            if seat.pending is not None:  # our move went unanswered: resync, as the web client does
                stats.lost += 1
                seat.pending = None
                await socket.send(json.dumps({"type": "sync"}))
            continue  # otherwise the opponents are just slow (a paced table): keep waiting
        message = orjson.loads(raw)  # as a browser's native JSON.parse: cheap next to the server
        if message["type"] == "error":
            stats.count(message["code"])
            if message["code"] == "throttled" and seat.pending is not None:
                await asyncio.sleep(message["retry_after_ms"] / 1000)
                version, _, move, _ = seat.pending
                await send_move(socket, seat, stats, version, move, resent=True)
                continue
            seat.pending = None
            await socket.send(json.dumps({"type": "sync"}))
            continue
        if message["type"] != "state" or message["version"] < seat.version:
            continue  # presence, pong, or an older state overtaken by a newer one
        now = time.perf_counter()
        seat.version = message["version"]
        if seat.pending is not None and seat.version > seat.pending[0]:
            if fresh and resync:
                stats.in_flight_applied += 1  # committed before the drop; its answer was lost
            elif not seat.pending[3]:
                stats.record(kind, seat.pending[1], now, seat.process)
            seat.pending = None
        was_fresh, fresh = fresh, False
        if message["status"] != "playing":
            seat.ended_at = now
            return True
        if not my_turn(message, seat.username):
            continue
        if seat.pending is not None:
            if was_fresh and resync and seat.pending[0] == seat.version:
                stats.in_flight_resent += 1  # lost with the old socket: send it again, unchanged
                version, _, move, _ = seat.pending
                await send_move(socket, seat, stats, version, move, resent=True)
            continue
        if pace is not None:
            await pace.wait_turn()
            if stats.over:
                break
        await send_move(socket, seat, stats, seat.version, rng.choice(message["legal_moves"]))
    return False


async def play_table(index, games, ports, args, stats):
    rng = random.Random(args.seed * 100_003 + index)
    pace = None
    if args.mode == "paced":
        interval = 1.0 / args.rate
        pace = TablePace(interval, rng.random() * interval)
    for game in games:
        seats = [
            play_seat(SeatPlay(game, username, token, (index + k) % len(ports)),
                      ports, stats, pace, random.Random(rng.random()))
            for k, (username, token) in enumerate(game.players)
        ]
        ended = await asyncio.gather(*seats)
        if not all(ended):
            return
        stats.games_finished += 1
    stats.tables_out_of_games += 1


async def kill_and_restart(servers, args, stats):
    stats.event = ws_scenarios.Event("restart (SIGKILL daphne-0)", at=time.perf_counter())
    open_before = len(stats.open)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, servers.kill, 0)
    await asyncio.sleep(args.restart_after)
    await loop.run_in_executor(None, servers.restart, 0)
    return open_before


async def storm(args, stats):
    stats.storm_spread = args.storm_spread
    stats.event = ws_scenarios.Event(
        f"storm (every socket dropped, reconnecting within {args.storm_spread:g} s)",
        at=time.perf_counter())
    sockets = list(stats.open)
    for socket in sockets:
        socket.transport.abort()  # as a network drop: no closing handshake
    return len(sockets)


async def run_load(tables, ports, args, servers):
    stats = Stats(max_moves=args.max_moves)
    players = asyncio.ensure_future(asyncio.gather(
        *(play_table(i, games, ports, args, stats) for i, games in enumerate(tables))))
    # Connecting thousands of sockets is not part of the measure: start once all are open.
    sockets = sum(len(games[0].players) for games in tables)
    connecting_since = time.perf_counter()
    while stats.connected < sockets and time.perf_counter() - connecting_since < 300:
        await asyncio.sleep(0.1)
    print(f"  {stats.connected} sockets connected in {time.perf_counter() - connecting_since:.1f} s")
    gc.freeze()  # the open sockets live as long as the run: out of the generator's collections
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
        marks[name] = servers.cpu_seconds()
        marks[f"{name} logs"] = servers.log_sizes()

    loop.call_later(args.warmup, mark, "start")
    loop.call_later(args.warmup + args.duration, mark, "end")
    sampler = ws_scenarios.Sampler(args.sample_every) if args.scenario == "soak" else None
    open_before = None
    if sampler is not None:
        import redis

        client = redis.Redis.from_url(args.redis_url)
        while not players.done() and time.perf_counter() < stats.measure_until:
            sampler.sample(start, ws_scenarios.process_names(servers), client)
            await asyncio.wait([players], timeout=args.sample_every)
    elif args.scenario in ("restart", "storm"):
        await asyncio.wait([players], timeout=args.warmup + args.event_at)
        if not players.done():
            open_before = await (kill_and_restart(servers, args, stats) if args.scenario == "restart"
                                 else storm(args, stats))
    await asyncio.wait([players], timeout=max(0.0, stats.measure_until - time.perf_counter()))
    # Memory with every socket still open (before the players close them).
    stats.rss = {name: ws_scenarios.rss_kib(pid)
                 for name, pid in ws_scenarios.process_names(servers).items()}
    await players
    if "end" in marks:
        def spent(start, end):
            if isinstance(end, dict):  # per process: one that started in the window counts whole
                return sum(seconds - start.get(pid, 0.0) for pid, seconds in end.items())
            return end - start

        stats.cpu = {name: spent(marks["start"][name], end) for name, end in marks["end"].items()
                     if name in marks["start"]}
        stats.gc_lines = servers.gc_reports(marks["start logs"], marks["end logs"])
    if stats.stop:  # the move cap ended the run early: measure until now
        stats.measure_until = min(stats.measure_until, time.perf_counter())
    stats.sampler, stats.open_before = sampler, open_before
    return stats


# --- report --------------------------------------------------------------------------------------


def percentile(sorted_values, fraction):
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * fraction))]


def report(args, stats, load_before, load_after):
    window = stats.measure_until - stats.measure_from
    offered = f", offered {args.tables * args.rate:.0f} moves/s" if args.mode == "paced" else ""
    kinds = ", ".join(f"{kind} {weight:g}" for kind, weight in args.mix.items())
    print(f"scenario {args.scenario}, mode {args.mode}: {args.tables} tables (kinds {kinds}), "
          f"{args.daphne} daphne, clock {args.clock}{offered}")
    print(f"  moves: {stats.moves} in {window:.1f} s = {stats.moves / window:.1f} moves/s")
    every = sorted(1000 * s for trips in stats.round_trips.values() for s in trips)
    if every:
        print(f"  round trip ms: p50 {percentile(every, 0.50):.1f}  p95 {percentile(every, 0.95):.1f}  "
              f"p99 {percentile(every, 0.99):.1f}  mean {statistics.mean(every):.1f}  max {every[-1]:.1f}")
    if args.daphne_env:
        for process, trips in sorted(stats.by_process.items()):
            ms = sorted(1000 * s for s in trips)
            print(f"    moves sent to daphne-{process}: {len(ms)}, p50 {percentile(ms, 0.5):.1f}  "
                  f"p99 {percentile(ms, 0.99):.1f}  max {ms[-1]:.1f} ms")
    if len(args.mix) > 1:
        tables = Counter(ws_scenarios.table_kinds(args.mix, args.tables))
        for kind in args.mix:
            ms = sorted(1000 * s for s in stats.round_trips[kind])
            share = stats.moves_by_kind[kind] / stats.moves if stats.moves else 0
            print(f"    {kind:>4}: {tables[kind]} tables, {100 * share:.1f} % of the moves, "
                  f"p50 {percentile(ms, 0.5):.1f}  p99 {percentile(ms, 0.99):.1f} ms")
    if stats.cpu and stats.moves:
        print("  CPU per move: " + ", ".join(
            f"{name} {1000 * seconds / stats.moves:.2f} ms" for name, seconds in stats.cpu.items())
            + f"; all {1000 * sum(stats.cpu.values()) / stats.moves:.2f} ms")
    print(f"  games finished {stats.games_finished}, lost answers {stats.lost}, "
          f"errors {stats.errors or 'none'}, tables out of games {stats.tables_out_of_games}")
    if stats.event is not None:
        stats.event.report(stats.open_before)
        print(f"  reconnect handshakes {stats.handshakes}, failed {stats.handshakes_failed} "
              f"(retried), sockets that gave up after {RECONNECT_ATTEMPTS} {stats.gave_up}; moves "
              f"in flight on a dropped socket: {stats.in_flight_applied} found applied on resync, "
              f"{stats.in_flight_resent} not applied and sent again")
    if any(stats.gc_lines.values()):
        ws_scenarios.report_gc(stats.gc_lines)
    if stats.rss:
        print("  RSS at the end of the window: " + ", ".join(
            f"{name} {kib / 1024:.0f} MiB" for name, kib in stats.rss.items()))
    if stats.sampler is not None:
        stats.sampler.report(args.warmup)
    print(f"  load average before {load_before}, after {load_after}")


def load_average():
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def tune_collector():
    """The generator holds thousands of sockets too: its collector is tuned as daphne's
    (azulsite/collector.py), with the setup's objects frozen, so that its own pauses do not show
    up as the server's round trips."""
    from azulsite import collector

    gc.collect()
    gc.set_threshold(*collector.THRESHOLDS)
    gc.freeze()


def main(argv=None):
    args = parse_args(argv)
    prepare_environment(args)
    print(f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores; "
          f"database {args.database_url}, redis {args.redis_url}")
    setup_started = time.perf_counter()
    setup_django(args)
    tables = create_games(args)
    servers = Servers(args.backlog, args.connect_timeout, args.database_url.rsplit("/", 1)[1])
    for item in args.daphne_env:
        index, _, assignment = item.partition(":")
        name, _, value = assignment.partition("=")
        servers.env_of.setdefault(int(index), {})[name] = value

    def on_signal(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_signal)
    try:
        servers.start(args.daphne)
        print(f"setup: {sum(map(len, tables))} games, {args.daphne} daphne on ports "
              f"{servers.ports}, worker ready, {time.perf_counter() - setup_started:.1f} s")
        if args.together:
            ws_scenarios.wait_for_the_others(*args.together)
        load_before = load_average()
        tune_collector()
        stats = asyncio.run(run_load(tables, servers.ports, args, servers))
        report(args, stats, load_before, load_average())
        ws_scenarios.check_moves(stats.sends)
    finally:
        servers.stop()


if __name__ == "__main__":
    main()
