"""What one arena game's end costs the worker, apart from the load (issue #40): `advance_arena`
under the tournament's lock, and the live payload each tournament update builds.

Set up, not timed, in a database of its own (``azulsite_bench_arena_cost``: created if missing,
migrated, earlier runs' arena deleted): a running arena of ``--players`` entries and ``--decided``
decided two-player pairings between random players, written straight to the tables, then every
player but two in a running pairing (as in a busy arena, where an advance pairs the one or two
players just freed). Then ``--repeat`` times: `advance_arena` in a transaction rolled back (it
reads what it reads, pairs the two free players, and leaves nothing), and `payloads.live_payload`;
the CPU of this process (time.process_time: Python and the database driver, PostgreSQL apart) and
the wall time, medians, and the payload's JSON size.

It measures commits before the stored arena states (Entry.arena) too: when the field exists it is
filled from the replay of every pairing, as the migration does, so one script measures before and
after.

Run: ``.venv/bin/python bench/arena_advance_cost.py --players 1000 --decided 3000``
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE_DIR))

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/azulsite_bench_arena_cost"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/12"


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--decided", type=int, default=3000, help="decided pairings")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL",
                                                                 DEFAULT_DATABASE_URL))
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS_URL))
    args = parser.parse_args(argv)
    if args.players < 4 or args.decided < 0 or args.repeat < 1:
        parser.error("--players at least 4, --decided at least 0, --repeat at least 1")
    for url in (args.database_url, args.redis_url):
        if "127.0.0.1" not in url and "localhost" not in url:
            parser.error("the database and Redis must be at 127.0.0.1")
    return args


def setup(args):
    os.environ.update(DJANGO_SETTINGS_MODULE="azulsite.settings", DATABASE_URL=args.database_url,
                      REDIS_URL=args.redis_url, CELERY_EAGER="false", DEBUG="false",
                      SECRET_KEY="azulsite-bench-arena-cost-not-secret", LOG_LEVEL="WARNING")
    import psycopg

    name = args.database_url.rsplit("/", 1)[1]
    with psycopg.connect(args.database_url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
        if not admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            admin.execute(f'CREATE DATABASE "{name}"')
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def build_arena(args):
    """The running arena, its entries, decided and running pairings; its id."""
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from tournaments import services
    from tournaments.models import Entry, Pairing, PairingPlayer, Tournament

    rng = random.Random(args.seed)
    User = get_user_model()
    Tournament.objects.filter(name="bench arena cost").delete()
    names = ["cost-organiser", *(f"cost{i}" for i in range(args.players))]
    have = set(User.objects.filter(username__in=names).values_list("username", flat=True))
    User.objects.bulk_create([User(username=n, password="!") for n in names if n not in have])
    users = {u.username: u for u in User.objects.filter(username__in=names)}
    tournament = services.create_tournament(
        users["cost-organiser"], name="bench arena cost", format="arena", duration_minutes=60,
        starts_at=timezone.now() + timedelta(days=1),
        clock={"kind": "realtime", "base_seconds": 180, "increment_seconds": 2})
    now = timezone.now()
    Tournament.objects.filter(pk=tournament.pk).update(
        status=Tournament.Status.RUNNING, started_at=now, ends_at=now + timedelta(hours=1),
        max_players=args.players)
    entries = Entry.objects.bulk_create(
        Entry(tournament=tournament, user=users[f"cost{i}"], seed_rating=rng.randint(1200, 2200))
        for i in range(args.players))
    ids = [entry.pk for entry in entries]
    pairings = Pairing.objects.bulk_create(
        Pairing(tournament=tournament, status=Pairing.Status.DONE,
                decided_by=Pairing.DecidedBy.GAME, finished_at=now) for _ in range(args.decided))
    seats = []
    for pairing in pairings:
        a, b = rng.sample(ids, 2)
        draw = rng.random() < 0.05
        for order, (entry, place) in enumerate(((a, 1), (b, 1 if draw else 2))):
            seats.append(PairingPlayer(pairing=pairing, entry_id=entry, order=order, place=place,
                                       points=0.5 if draw else (1 if place == 1 else 0),
                                       score=rng.randint(10, 90), moves=rng.randint(20, 40),
                                       berserk=rng.random() < 0.1))
    free = set(rng.sample(ids, 2))
    busy = [entry for entry in ids if entry not in free]
    rng.shuffle(busy)
    running = Pairing.objects.bulk_create(
        Pairing(tournament=tournament) for _ in range(len(busy) // 2))
    for pairing, index in zip(running, range(0, len(busy) - 1, 2), strict=False):
        seats += [PairingPlayer(pairing=pairing, entry_id=busy[index], order=0),
                  PairingPlayer(pairing=pairing, entry_id=busy[index + 1], order=1)]
    PairingPlayer.objects.bulk_create(seats, batch_size=2000)
    if hasattr(Entry, "arena"):  # the stored states, as the migration fills them
        from tournaments import selectors

        states = selectors.replayed_arena_states(tournament)
        for entry in entries:
            entry.arena = states[entry.pk].as_json() if entry.pk in states else None
        Entry.objects.bulk_update(entries, ["arena"], batch_size=500)
    return tournament.pk


def measure(args, tournament_id):
    from django.db import transaction
    from django.utils import timezone

    from tournaments import checks, payloads
    from tournaments.services.arena import advance_arena

    advance, payload, size, paired = [], [], 0, 0
    for _ in range(args.repeat):
        with transaction.atomic():
            tournament = checks.lock_tournament(tournament_id)
            cpu, wall = time.process_time(), time.perf_counter()
            paired += bool(advance_arena(tournament, timezone.now()))
            advance.append((time.perf_counter() - wall, time.process_time() - cpu))
            transaction.set_rollback(True)  # the game it paired, undone
        cpu, wall = time.process_time(), time.perf_counter()
        data = payloads.live_payload(tournament_id)
        payload.append((time.perf_counter() - wall, time.process_time() - cpu))
        size = len(json.dumps(data, default=str))
    return advance, payload, size, paired


def main(argv=None):
    args = parse_args(argv)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=BASE_DIR,
                            capture_output=True, text=True).stdout.strip()
    setup(args)
    started = time.perf_counter()
    tournament_id = build_arena(args)
    print(f"commit {commit or '?'}: arena of {args.players} players, {args.decided} decided "
          f"pairings, all but two playing; set up in {time.perf_counter() - started:.1f} s; "
          f"load average {Path('/proc/loadavg').read_text().split(' ', 3)[:3]}")
    advance, payload, size, paired = measure(args, tournament_id)

    def median(values, index):
        return 1000 * statistics.median(value[index] for value in values)

    print(f"  advance_arena: wall {median(advance, 0):.0f} ms, CPU {median(advance, 1):.0f} ms "
          f"(median of {args.repeat}; it paired the two free players {paired} times)")
    print(f"  live payload: wall {median(payload, 0):.0f} ms, CPU {median(payload, 1):.0f} ms, "
          f"{size / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
