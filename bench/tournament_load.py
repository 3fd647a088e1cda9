"""Tournaments under load: an arena and a Swiss of scripted players against daphne, PostgreSQL,
Redis, a Celery worker and beat (issue #40).
(Over 400 lines: one load generator, its players, watchers and report in one script; the
database checks are bench/tournament_checks.py.)

Run: ``make bench-tournaments`` (a small run of both formats; ``ARGS="..."`` for other options),
or e.g.
``.venv/bin/python bench/tournament_load.py --format arena --players 1000 --minutes 10``
``.venv/bin/python bench/tournament_load.py --format swiss --players 200 --rounds 7 --clock-seconds 180``
``.venv/bin/python bench/tournament_load.py --players 40 --minutes 1 --rounds 2 --think 0.05,0.2``

The harness is bench/ws_load.py's (its own PostgreSQL database and Redis db, flushed; the servers
as subprocesses; users and API tokens; the game-socket client that plays random legal moves and
times their round trips), with the production topology of the Procfile: ``--daphne`` daphne
processes, the tournaments queue's own Celery worker of ``--tournament-workers`` prefork processes
(2; 0: none), one worker of ``--workers`` prefork processes consuming every other queue, and
celery beat (its 2 s clock sweep and 5 s tournaments sweep). Set up, not timed: the tournament created
and every player registered through tournaments.services. Two things the product refuses are
written straight to the tournament's row, for the bench only: more players than the format's cap
(256; an arena 2,000 since 2026-12-07) and an arena shorter than 5 minutes (a smoke run).

Then each scripted player holds its user feed (``/ws/me/``, as every page does) and waits there
for ``tournament_game`` ("your game is ready"), opens that game's socket and plays it: a random
legal move after a think time drawn in ``--think`` (default 0.5–2.5 s: a two-player game of ~70
moves lasts 1.5–2 minutes, faster than people play, so each player loads the site more than a
person would); then it waits for its next game. ``--watchers`` sockets hold the tournament's feed
(``/ws/tournaments/<id>/``). The bench starts the tournament as its organiser would (the first
pairing in the start's transaction) once every socket is open; it runs until the tournament is
finished (an arena: its time, then its last games).

Measured:
- pairing latency. Arena: from a player's client receiving its game's final state to that player
  hearing its next game on the user feed. Swiss: from the last game of a round ending (the first
  client to see each game's end; the round's latest) to each player of the next round hearing its
  game;
- standings latency: from a player's client seeing its game's end to a watcher's standings
  counting that game (wins + draws + losses reaching the player's games finished); the feed sends
  the standings' first page only (since 2026-12-07), so only the ends of players shown there
  are timed, the others counted apart;
- the move round trip (ws_load's: sent until the mover receives the state with the new version);
- CPU per paired game: the server processes' CPU from the start to the finish (daphne, the worker
  and its children, beat; PostgreSQL and Redis apart) over the games the tournament paired;
- the workers (bench/celery_watch.py): each queue's length and a probe task's wait on it, every
  second, and the worker's busy time by task, from its log.
Then the database checks (bench/tournament_checks.py) and ws_load's check of every move.
"""

import argparse
import asyncio
import gc
import os
import platform
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE_DIR))

import celery_watch  # noqa: E402  (beside this script)
import orjson  # noqa: E402
import tournament_checks  # noqa: E402  (beside this script)
import ws_load  # noqa: E402
import ws_scenarios  # noqa: E402

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/azulsite_bench_tournaments"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/12"
ORGANISER = "tbench-organiser"
WATCHER = "tbench-watcher{}"
PLAYER = "tbench{}"
CONNECT = {"compression": None, "open_timeout": 60, "ping_interval": None}


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", choices=("arena", "swiss", "both"), default="both")
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--minutes", type=int, default=1, help="the arena's duration")
    parser.add_argument("--rounds", type=int, default=3, help="the Swiss's rounds")
    parser.add_argument("--clock-seconds", type=int, default=180, help="each player's bank")
    parser.add_argument("--increment", type=int, default=2, help="seconds added per move")
    parser.add_argument("--think", default="0.5,2.5", metavar="LOW,HIGH",
                        help="seconds a player thinks before each move (uniform)")
    parser.add_argument("--rated", action="store_true", help="rated games (the ratings' tasks too)")
    parser.add_argument("--daphne", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2,
                        help="the worker's prefork processes (the Procfile's --concurrency=2)")
    parser.add_argument("--tournament-workers", type=int, default=2,
                        help="prefork processes of the tournaments queue's own worker (the "
                             "Procfile's worker_tournaments); 0: the one worker takes it too")
    parser.add_argument("--watchers", type=int, default=3, help="sockets on the tournament's feed")
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL",
                                                                 DEFAULT_DATABASE_URL))
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS_URL))
    parser.add_argument("--server-env", action="append", default=[], metavar="NAME=VALUE",
                        help="extra environment for daphne, the worker and beat (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        low, high = (float(x) for x in args.think.split(","))
    except ValueError:
        parser.error("--think must be LOW,HIGH seconds")
    if not 0 <= low <= high:
        parser.error("--think must be 0 <= LOW <= HIGH")
    args.think = (low, high)
    if args.players < 2 or args.minutes < 1 or args.rounds < 1 or args.workers < 1:
        parser.error("--players at least 2; --minutes, --rounds and --workers at least 1")
    args.gc_log = 0.0  # ws_load's collector log: not read here
    for name, url in (("--database-url", args.database_url), ("--redis-url", args.redis_url)):
        if "127.0.0.1" not in url and "localhost" not in url:
            parser.error(f"{name} must point at 127.0.0.1")
    return args


# --- setup (not measured) ------------------------------------------------------------------------


def delete_earlier_runs():
    from tournaments.models import Tournament

    Tournament.objects.all().delete()
    ws_load.delete_games()


def create_tournament(args, format_, users):
    """The tournament (through the services) and its players registered; its id."""
    from django.utils import timezone

    from tournaments import services
    from tournaments.models import Tournament
    from tournaments.services import common

    cap = getattr(common, "MAX_ARENA_PLAYERS", common.MAX_PLAYERS) if format_ == "arena" else \
        common.MAX_PLAYERS
    MIN_DURATION_MINUTES = common.MIN_DURATION_MINUTES
    options = {"format": format_, "rated": args.rated, "max_players": min(args.players, cap),
               "clock": {"kind": "realtime", "base_seconds": args.clock_seconds,
                         "increment_seconds": args.increment}}
    if format_ == "arena":
        options["duration_minutes"] = max(args.minutes, MIN_DURATION_MINUTES)
    else:
        options["rounds"] = args.rounds
    # Started by the bench (as its organiser would), not at starts_at.
    tournament = services.create_tournament(
        users[ORGANISER], name=f"bench {format_}", starts_at=timezone.now() + timedelta(days=1),
        **options)
    beyond = {"max_players": args.players}  # the product's limits, lifted for the bench alone
    if format_ == "arena":
        beyond["duration_minutes"] = args.minutes
    Tournament.objects.filter(pk=tournament.pk).update(**beyond)
    for i in range(args.players):
        services.join(tournament.pk, users[PLAYER.format(i)])
    return tournament.pk


def start_tournament(tournament_id):
    from django.db import connection

    from tournaments import services
    from tournaments.models import Tournament

    try:
        organiser = Tournament.objects.select_related("created_by").get(pk=tournament_id).created_by
        return services.start_tournament(tournament_id, by_user=organiser)
    finally:
        connection.close()  # a thread of the default executor's


# --- the load generator --------------------------------------------------------------------------


@dataclass
class Run:
    """One tournament's run as the clients saw it (times are time.perf_counter())."""

    tournament_id: int
    format: str
    done: asyncio.Event = field(default_factory=asyncio.Event)
    started: float = 0.0
    wall_offset: float = 0.0  # time.time() - time.perf_counter(): the rows' timestamps compared
    finished_at: float | None = None
    status: str = ""
    feeds: int = 0  # user feeds open
    watching: int = 0  # watchers' sockets open
    ends: list = field(default_factory=list)  # (username, games finished, seen at, game id)
    heard: list = field(default_factory=list)  # (username, game id, heard at)
    waits: list = field(default_factory=list)  # arena: a player's end seen -> next game heard
    feed_drops: int = 0
    # per watcher, each update: (at, {username: games played} of the rows it showed)
    watcher_counts: list = field(default_factory=list)
    updates: list = field(default_factory=list)  # per watcher [(at, bytes)]
    watch: object = None  # celery_watch.CeleryWatch: the queues and workers meanwhile


class ThinkTime:
    """ws_load's pace: each move waits a think time drawn in [low, high]."""

    def __init__(self, rng, low, high):
        self.rng, self.low, self.high = rng, low, high

    async def wait_turn(self):
        await asyncio.sleep(self.rng.uniform(self.low, self.high))


async def listen_feed(feed, run, games):
    from websockets.exceptions import ConnectionClosed

    try:
        async for raw in feed:
            if '"tournament_game"' not in raw:
                continue  # the your-turn list and the inbox
            heard_at = time.perf_counter()
            message = orjson.loads(raw)
            if message["type"] == "tournament_game" and message["tournament"] == run.tournament_id:
                games.put_nowait((message["game"], heard_at))
    except ConnectionClosed:
        run.feed_drops += 1


async def next_game(games, run, stats):
    while not run.done.is_set() and not stats.over:
        try:
            async with asyncio.timeout(1.0):
                return await games.get()
        except TimeoutError:
            continue
    return None


async def play_player(index, name, token, ports, run, stats, args):
    """One player through the tournament: its user feed, then each game it is paired for."""
    from websockets.asyncio.client import connect

    rng = random.Random(args.seed * 1_000_003 + index)
    think = ThinkTime(random.Random(rng.random()), *args.think)
    port = index % len(ports)
    async with stats.opening:
        feed = await connect(f"ws://127.0.0.1:{ports[port]}/ws/me/?token={token}", **CONNECT)
    run.feeds += 1
    games = asyncio.Queue()
    listener = asyncio.ensure_future(listen_feed(feed, run, games))
    finished, last_end = 0, None
    try:
        while (got := await next_game(games, run, stats)) is not None:
            game_id, heard_at = got
            run.heard.append((name, game_id, heard_at))
            if last_end is not None:
                run.waits.append(heard_at - last_end)
            seat = ws_load.SeatPlay(ws_load.PreparedGame(game_id, [(name, token)]), name, token,
                                    port)
            if not await ws_load.play_seat(seat, ports, stats, think, random.Random(rng.random())):
                break
            finished += 1
            last_end = seat.ended_at
            run.ends.append((name, finished, seat.ended_at, game_id))
    finally:
        listener.cancel()
        await feed.close()


async def watch(index, token, ports, run):
    """A spectator of the tournament's feed: when each player's count of games played rises."""
    from websockets.asyncio.client import connect

    uri = f"ws://127.0.0.1:{ports[index % len(ports)]}/ws/tournaments/{run.tournament_id}/?token={token}"
    counts, updates = [], []
    run.watcher_counts.append(counts)
    run.updates.append(updates)
    async with connect(uri, max_size=2**27, **CONNECT) as socket:
        run.watching += 1
        async for raw in socket:
            at = time.perf_counter()
            message = orjson.loads(raw)
            if message.get("type") != "tournament":
                continue
            updates.append((at, len(raw)))
            counts.append((at, {row["username"]: row["wins"] + row["draws"] + row["losses"]
                                for row in message["standings"]["rows"]}))
            if message["status"] in ("finished", "cancelled"):
                run.status = message["status"]
                if run.finished_at is None:
                    run.finished_at = at
                run.done.set()
                return


def safety_deadline(args, format_):
    """The longest a run may take: a game lasts at most both banks and their increments."""
    game = 2 * (args.clock_seconds + 100 * args.increment) + 60
    return (args.minutes * 60 + game) if format_ == "arena" else args.rounds * game


async def run_tournament(format_, tournament_id, tokens, ports, args, servers):
    stats = ws_load.Stats()
    run = Run(tournament_id, format_)
    names = [PLAYER.format(i) for i in range(args.players)]
    watchers = [asyncio.ensure_future(watch(i, tokens[WATCHER.format(i)], ports, run))
                for i in range(args.watchers)]
    players = asyncio.ensure_future(asyncio.gather(
        *(play_player(i, name, tokens[name], ports, run, stats, args)
          for i, name in enumerate(names))))
    opening = time.perf_counter()
    while ((run.feeds < len(names) or run.watching < args.watchers)
           and time.perf_counter() - opening < 300 and not players.done()):
        await asyncio.sleep(0.1)
    print(f"  {run.feeds} user feeds and {run.watching} watchers open in "
          f"{time.perf_counter() - opening:.1f} s")
    gc.freeze()  # the sockets live as long as the run: out of the generator's collections
    load_before = ws_load.load_average()
    cpu_start = servers.cpu_seconds()
    run.started = stats.measure_from = time.perf_counter()
    run.wall_offset = time.time() - run.started
    stats.measure_until = stats.deadline = run.started + safety_deadline(args, format_)
    stats.go.set()
    run.watch = watch_workers(servers, args)
    run.watch.start()
    await asyncio.to_thread(start_tournament, tournament_id)
    try:
        async with asyncio.timeout(max(1.0, stats.deadline - time.perf_counter())):
            await run.done.wait()
    except TimeoutError:
        print(f"  not finished within {safety_deadline(args, format_):.0f} s: stopped")
    run.watch.stop()
    cpu_end = servers.cpu_seconds()
    load_after = ws_load.load_average()
    stats.deadline = time.perf_counter()  # every player stops
    await players
    for watcher in watchers:
        watcher.cancel()
    await asyncio.gather(*watchers, return_exceptions=True)
    run.cpu = {name: (sum(end.values()) - sum(cpu_start[name].get(p, 0.0) for p in end)
                      if isinstance(end, dict) else end - cpu_start[name])
               for name, end in cpu_end.items()}
    run.load = (load_before, load_after)
    return run, stats


def worker_topology(args):
    """The Procfile's: the tournaments queue's own worker (`--tournament-workers` processes) and
    one worker for every other queue; or one worker for all (`--tournament-workers 0`)."""
    from django.conf import settings

    if not args.tournament_workers:
        return {}
    tournaments = settings.CELERY_TASK_ROUTES["tournaments.tasks.*"]["queue"]
    return {"worker_queues": [q for q in settings.CELERY_TASK_QUEUES if q != tournaments],
            "extra_workers": [([tournaments], ["--pool=prefork",
                                               f"--concurrency={args.tournament_workers}"])]}


def watch_workers(servers, args):
    """The queues' lengths and waits, and the workers' busy time (bench/celery_watch.py)."""
    from django.conf import settings

    from azulsite.celery import app

    return celery_watch.CeleryWatch(app, settings.CELERY_TASK_QUEUES,
                                    [w.log_path for w in (servers.worker, *servers.others)])


# --- report --------------------------------------------------------------------------------------


def spread(values, unit="s", scale=1.0):
    if not values:
        return "none"
    ordered = sorted(scale * v for v in values)
    pick = ws_load.percentile
    return (f"n {len(ordered)}, p50 {pick(ordered, 0.5):.3f}  p95 {pick(ordered, 0.95):.3f}  "
            f"p99 {pick(ordered, 0.99):.3f}  max {ordered[-1]:.3f} {unit}")


def standings_latencies(run):
    """For each game end a player's client saw, per watcher: the wait until that watcher's
    standings counted it (the first update whose count of the player's games reached it). An
    end is timed only if the update before the one that counted it showed the player's row too
    (the feed sends the first page only since 2026-12-07: a player who comes back onto it later
    is no measure of the update's delay); the others, and ends never counted (before: the feed
    sent every row), are counted apart."""
    latencies, not_shown = [], 0
    for name, games, seen_at, _game in run.ends:
        for counts in run.watcher_counts:
            index = next((i for i, (_at, shown) in enumerate(counts)
                          if shown.get(name, -1) >= games), None)
            if index is None or index == 0 or name not in counts[index - 1][1]:
                not_shown += 1
            else:
                latencies.append(counts[index][0] - seen_at)
    return latencies, not_shown


def swiss_waits(run, rounds_of_games):
    """Each player of round r+1 hearing its game, after the last game of round r ended (each
    game ended when its first client saw it)."""
    ended = {}
    for _name, _games, seen_at, game in run.ends:
        ended[game] = min(seen_at, ended.get(game, seen_at))
    last_end = {}
    for game, at in ended.items():
        number = rounds_of_games.get(game)
        if number is not None:
            last_end[number] = max(at, last_end.get(number, at))
    waits, by_round = [], {}
    for _name, game, heard_at in run.heard:
        number = rounds_of_games.get(game)
        if number and number - 1 in last_end:
            waits.append(heard_at - last_end[number - 1])
            by_round.setdefault(number, []).append(heard_at - last_end[number - 1])
    return waits, by_round


def report(args, run, stats, games):
    window = (run.finished_at or time.perf_counter()) - run.started
    print(f"{run.format}: {args.players} players, "
          + (f"{args.minutes} min" if run.format == "arena" else f"{args.rounds} rounds")
          + f", clock {args.clock_seconds}+{args.increment} s, think {args.think[0]:g}–"
          f"{args.think[1]:g} s, {args.daphne} daphne, worker of {args.workers} processes"
          + (f", tournaments' worker of {args.tournament_workers}" if args.tournament_workers
             else "") + ", beat")
    print(f"  status {run.status or 'not finished'} after {window:.1f} s; {games} games paired "
          f"({60 * games / window:.1f} a minute); {len(run.ends)} game ends seen by players")
    if run.format == "arena":
        early = sum(1 for wait in run.waits if wait < 0)
        print(f"  pairing latency (end seen -> next game heard): {spread(run.waits)}"
              + (f"; {early} heard before the end" if early else ""))
    else:
        rounds_of_games = tournament_checks.rounds_of_games(run.tournament_id)
        waits, by_round = swiss_waits(run, rounds_of_games)
        print(f"  pairing latency (a round's last end seen -> next round's game heard): "
              f"{spread(waits)}")
        for number, values in sorted(by_round.items()):
            print(f"    round {number}: first heard {min(values):.3f} s, last {max(values):.3f} s")
    heard = {(name, game): at + run.wall_offset for name, game, at in run.heard}
    steps = tournament_checks.time_breakdown(run.tournament_id, run.format == "arena", heard)
    print("  where it goes (the rows' timestamps): " + "; ".join(
        f"{step} {spread(values)}" for step, values in steps.items()))
    latencies, not_shown = standings_latencies(run)
    print(f"  standings latency (end seen -> a watcher's standings count it): {spread(latencies)}"
          + (f"; {not_shown} (end, watcher) never shown counted on the watched page"
             if not_shown else ""))
    sizes = [size for updates in run.updates for _at, size in updates]
    if sizes:
        print(f"  tournament updates per watcher {len(sizes) / len(run.updates):.0f} "
              f"({len(sizes) / len(run.updates) / window:.1f}/s), mean "
              f"{statistics.mean(sizes) / 1024:.1f} KiB, largest {max(sizes) / 1024:.1f} KiB")
    trips = [s for values in stats.round_trips.values() for s in values]
    print(f"  move round trip: {spread(trips, 'ms', 1000)}; {len(trips) / window:.1f} moves/s")
    print(f"  errors {stats.errors or 'none'}, lost answers {stats.lost}, "
          f"user feeds dropped {run.feed_drops}")
    if games:
        servers = sum(v for k, v in run.cpu.items() if k.startswith(("daphne", "worker", "beat")))
        print("  CPU per paired game: " + ", ".join(
            f"{name} {1000 * seconds / games:.0f} ms" for name, seconds in run.cpu.items())
            + f"; servers (daphne + worker + beat) {1000 * servers / games:.0f} ms, with "
            f"PostgreSQL + Redis {1000 * (servers + run.cpu['PostgreSQL + Redis']) / games:.0f} ms")
    print("\n".join(run.watch.report(args.workers + args.tournament_workers)))
    print(f"  load average before {run.load[0]}, after {run.load[1]}")


def main(argv=None):
    args = parse_args(argv)
    ws_load.prepare_environment(args)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=BASE_DIR,
                            capture_output=True, text=True).stdout.strip()
    print(f"commit {commit or '?'}; Python {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} cores; database {args.database_url}, redis {args.redis_url}")
    setup_started = time.perf_counter()
    ws_load.setup_django(args)
    delete_earlier_runs()
    names = [ORGANISER, *(WATCHER.format(i) for i in range(args.watchers)),
             *(PLAYER.format(i) for i in range(args.players))]
    users, tokens = ws_load.bench_users(names)
    formats = ("arena", "swiss") if args.format == "both" else (args.format,)
    schedule = tempfile.TemporaryDirectory(prefix="azulsite-bench-beat-")
    servers = ws_load.Servers(4096, 60, args.database_url.rsplit("/", 1)[1],
                              worker_pool=["--pool=prefork", f"--concurrency={args.workers}"],
                              beat_schedule=Path(schedule.name) / "schedule",
                              **worker_topology(args))

    def on_signal(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_signal)
    ok = True
    try:
        tournaments = {format_: create_tournament(args, format_, users) for format_ in formats}
        servers.start(args.daphne)
        print(f"setup: {args.players} players registered in {len(formats)} tournaments, "
              f"{args.daphne} daphne on ports {servers.ports}, worker and beat ready, "
              f"{time.perf_counter() - setup_started:.1f} s")
        ws_load.tune_collector()
        for format_, tournament_id in tournaments.items():
            run, stats = asyncio.run(run_tournament(format_, tournament_id, tokens, servers.ports,
                                                    args, servers))
            report(args, run, stats, tournament_checks.games_paired(tournament_id))
            ok &= tournament_checks.check(tournament_id, args.rounds)
            ok &= ws_scenarios.check_moves(stats.sends)
    finally:
        servers.stop()
        schedule.cleanup()
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
