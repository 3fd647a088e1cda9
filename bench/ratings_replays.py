"""Ratings and replays on a database: verify_games, recompute_ratings, live rating, history, replay page data.

Run: ``.venv/bin/python bench/ratings_replays.py [--games N] [--database-url URL]``: a scratch
SQLite file in a temporary directory, or the (scratch!) database given; DATABASE_URL is ignored so
that the benchmark never writes into a real database.

It writes N finished rated games (2, 3 and 4 players in turn among 12 users, random legal moves,
as tests/ratings/factories.py does), then times:
- rate: `services.rate_game` for each game in finish order (what the Celery task does);
- recompute: `services.recompute_all` (manage.py recompute_ratings) over all of them;
- verify: `replays.verify_all` (manage.py verify_games): rebuild every game from seed + log;
- replay page data: `replays.replay_payload` of one 4-player game;
- history: `selectors.game_history` of the busiest user.
Times are wall clock (the database is part of the cost) and CPU time of this process.
"""

import argparse
import os
import platform
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def timed(label, function, count, unit):
    start = time.perf_counter(), time.process_time()
    result = function()
    wall, cpu = time.perf_counter() - start[0], time.process_time() - start[1]
    print(f"| {label} | {count} {unit} | {wall:.2f} | {cpu:.2f} | {count / wall:.0f} |")
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument(
        "--database-url", help="a scratch database (default: a temporary SQLite file)"
    )
    args = parser.parse_args()

    scratch = tempfile.mkdtemp(prefix="azulsite-bench-")
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{scratch}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "azulsite.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.utils import timezone

    call_command("migrate", verbosity=0)
    from games import replays
    from games.models import Game
    from ratings import selectors, services
    from tests.ratings.factories import finished_game, make_users

    users = make_users(*[f"bench{i}" for i in range(12)])
    start = timezone.now() - timedelta(days=30)
    games = []
    for number in range(args.games):
        players = 2 + number % 3
        seated = [users[(number * 5 + k * 7) % 12] for k in range(players)]
        games.append(
            finished_game(seated, rng_seed=number, finished_at=start + timedelta(minutes=number))
        )
    moves = sum(game.version for game in games)
    print(
        f"{platform.machine()}, Python {platform.python_version()}, {os.cpu_count()} cores, "
        f"database {django.db.connection.vendor}; {args.games} games, {moves} moves"
    )
    print("| step | work | wall s | cpu s | per second (wall) |")
    print("| --- | --- | ---: | ---: | ---: |")
    timed(
        "rate each game (task)",
        lambda: [services.rate_game(g.pk) for g in games],
        args.games,
        "games",
    )
    timed("recompute_ratings", services.recompute_all, args.games, "games")
    timed("verify_games", replays.verify_all, args.games, "games")
    four = Game.objects.select_related("table").filter(table__players=4).first()
    timed(
        "replay page data, 4 players", lambda: replays.replay_payload(four), four.version, "moves"
    )
    timed("history of one user", lambda: selectors.game_history(users[0])[:20], 1, "page builds")


if __name__ == "__main__":
    main()
