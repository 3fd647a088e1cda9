"""Match history pages in the database: a bot with 10,000 games costs the profile page and
/users/{u}/games a fixed handful of queries that fetch one page of rows, not its whole history.
The SQL outcomes, counts and head-to-head agree with the rules computed in Python."""

import random

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Game, Seat, Table
from ratings import selectors
from ratings.maths import elo
from tests.ratings.factories import finished_game, make_users

pytestmark = pytest.mark.django_db


def bulk_history(bot, opponents, count, rng):
    """`count` finished 2-player games of `bot`, written in bulk (results as the services store
    them): wins, losses, shared wins and leavers in random order."""
    now = timezone.now()
    tables = Table.objects.bulk_create(
        Table(creator=bot, players=2, status=Table.Status.FINISHED, finished_at=now)
        for _ in range(count)
    )
    games, seats = [], []
    for number, table in enumerate(tables):
        ranks = rng.choice([[1, 2], [2, 1], [1, 1]])
        left = rng.random() < 0.1
        games.append(Game(table=table, state={}, seed=number, salt="s", commitment="c",
                          status=Game.Status.FINISHED, finished_at=now,
                          result={"ranks": ranks, "scores": [10, 5], "leavers": [1] if left else []}))  # fmt: skip
        opponent = opponents[number % len(opponents)]
        seats += [Seat(table=table, position=0, player_index=0, user=bot),
                  Seat(table=table, position=1, player_index=1, user=opponent, left=left)]  # fmt: skip
    Game.objects.bulk_create(games)
    Seat.objects.bulk_create(seats)


class RowCounter:
    """Rows every query returned (PostgreSQL's cursor.rowcount after a SELECT)."""

    def __init__(self):
        self.rows = []

    def __call__(self, execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        self.rows.append((context["cursor"].rowcount, sql[:120]))
        return result


def measure(request):
    counter = RowCounter()
    with CaptureQueriesContext(connection) as queries, connection.execute_wrapper(counter):
        response = request()
    assert response.status_code == 200
    return len(queries), max(rows for rows, _ in counter.rows), counter.rows


@pytest.mark.requires("postgres")
def test_a_bot_with_ten_thousand_games_loads_one_page(make_user):
    bot, ann, ben = make_user("busybot"), make_user("ann"), make_user("ben")
    bulk_history(bot, [ann, ben], 10, random.Random(1))
    client = Client()
    small_api = measure(lambda: client.get("/api/v1/users/busybot/games"))
    small_page = measure(lambda: client.get("/u/busybot/"))

    bulk_history(bot, [ann, ben], 9_990, random.Random(2))
    api = measure(lambda: client.get("/api/v1/users/busybot/games"))
    page = measure(lambda: client.get("/u/busybot/"))

    assert client.get("/api/v1/users/busybot/games").json()["count"] == 10_000
    # Queries: as for 10 games.
    assert api[0] == small_api[0]
    assert page[0] == small_page[0]
    assert api[1] <= 40, api[2]  # rows: a page of 20 seats and their 40 players at most
    assert page[1] <= 40, page[2]


def test_sql_outcomes_counts_and_head_to_head_follow_the_rules():
    ann, ben, cid, dot = make_users("ann", "ben", "cid", "dot")
    rng = random.Random(7)
    for number in range(14):
        players = rng.sample([ann, ben, cid, dot], rng.choice([2, 3, 4]))
        if ann not in players:
            players[0] = ann
        leavers = (rng.randrange(len(players)),) if number % 4 == 0 else ()
        finished_game(players, rng_seed=number, leavers=leavers)

    rows = list(selectors.game_history(ann))
    assert len(rows) == 14
    for row in rows:  # the outcome rule of docs/ratings.md, in Python
        me = next(p for p in row.players if p["me"])
        tops = sum(1 for p in row.players if p["rank"] == 1)
        expected = "loss" if me["left"] or me["rank"] != 1 else ("draw" if tops > 1 else "win")
        assert row.outcome == expected, row
        by_outcome = {r.game_id for r in selectors.game_history(ann, outcome=row.outcome)}
        assert row.game_id in by_outcome

    reference = {}
    for row in rows:
        me = next(p for p in row.players if p["me"])
        mine = elo.Entrant("me", 0, 0, me["rank"] or 99, me["left"])
        for other in (p for p in row.players if not p["me"]):
            theirs = elo.Entrant(other["username"], 0, 0, other["rank"] or 99, other["left"])
            record = reference.setdefault(other["username"], [0, 0, 0, 0])
            score = elo.pair_score(mine, theirs)
            record[0] += 1
            record[{1.0: 1, 0.5: 2, 0.0: 3}[score]] += 1
    records = selectors.opponent_records(ann)
    assert {r.username: [r.games, r.wins, r.draws, r.losses] for r in records} == reference
    assert [r.games for r in records] == sorted((r.games for r in records), reverse=True)

    summary = selectors.games_summary(ann)
    assert (summary.played, summary.won) == (14, sum(r.outcome == "win" for r in rows))
