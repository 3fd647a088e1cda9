"""N+1 guard: every list endpoint makes as many queries for a long list as for a short one.

Each case builds a short list, counts the queries of one GET, makes the list longer, and counts
again: the two counts must be equal (flat_queries). The guard itself is tested on a view that
reads each table's seats one by one: it must catch it.
"""

import random

import pytest
from django.db import connection
from django.http import JsonResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import path

from azulsite.urls import urlpatterns as site_urlpatterns
from games import services as games
from games.models import Table
from games.ratings import services as ratings
from leagues import services as leagues
from leagues.models import AuditLog
from tests.api.test_history_at_scale import bulk_history
from tests.ratings.factories import finished_game
from tests.support.games import play_one

pytestmark = [pytest.mark.django_db, pytest.mark.urls(__name__)]


def tables_one_query_each(request):  # the N+1 the guard must catch
    return JsonResponse({"seats": [t.seats.count() for t in Table.objects.all()]})


urlpatterns = [path("test/n-plus-one", tables_one_query_each), *site_urlpatterns]


def queries_of(client, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, response.content[:300]
    return len(queries)


def flat_queries(client, url, grow, short=2, long=7):
    """Queries of GET `url` with `short` items and with `long` (grow(n) adds n items)."""
    grow(short)
    before = queries_of(client, url)
    grow(long - short)
    after = queries_of(client, url)
    assert after == before, f"{url}: {before} queries for {short} items, {after} for {long}"
    return before


class World:
    def __init__(self, make_user):
        self.make_user = make_user
        self.count = 0
        self.owner = make_user("owner")
        self.league = leagues.create_league(self.owner, name="Guarded")
        self.game = None

    def user(self):
        self.count += 1
        return self.make_user(f"user{self.count}")

    def open_tables(self, n):
        for _ in range(n):
            table = games.create_table(self.user(), players=3)
            games.join_table(table.pk, self.user())

    def leagues(self, n):
        for _ in range(n):
            league = leagues.create_league(self.user(), name=f"League {self.count}")
            leagues.join_league(league.pk, self.user())

    def history(self, n):
        bulk_history(self.owner, [self.user() for _ in range(2)], n, random.Random(n))

    def moves(self, n):
        if self.game is None:
            table = games.create_table(self.owner, players=2)
            games.join_table(table.pk, self.user())
            self.game = games.start_table(table.pk, self.owner)
        for _ in range(n):
            play_one(self.game)

    def rated_players(self, n):
        for _ in range(n):
            game = finished_game([self.user(), self.user()], rng_seed=self.count)
            ratings.rate_game(game.pk)

    def audit_entries(self, n):
        AuditLog.objects.bulk_create(
            AuditLog(league=self.league, actor=self.user(), action="note", summary="entry")
            for _ in range(n)
        )

    def league_members(self, n):
        for _ in range(n):
            leagues.join_league(self.league.pk, self.user())


LISTS = {
    "/api/v1/tables": "open_tables",
    "/api/v1/tables?status=open": "open_tables",
    "/api/v1/leagues": "leagues",
    "/api/v1/users/owner/games": "history",
    "/api/v1/leaderboards/classic-2p": "rated_players",
    "/api/v1/leagues/{league}/audit": "audit_entries",
    "/api/v1/leagues/{league}": "league_members",
    "/api/v1/seasons/{season}/standings": "league_members",
    "/api/v1/games/{game}/moves": "moves",
    "/lobby/": "open_tables",
    "/u/owner/": "history",
    "/leaderboard/classic-2p/": "rated_players",
    "/leagues/": "leagues",
}


@pytest.mark.parametrize("url,grow", LISTS.items(), ids=list(LISTS))
@pytest.mark.parametrize("logged_in", [False, True], ids=["anonymous", "logged-in"])
def test_list_endpoints_make_the_same_queries_for_long_lists(url, grow, logged_in, make_user):
    world = World(make_user)
    client = Client()
    if logged_in:
        client.force_login(world.owner)
    if "{game}" in url:
        world.moves(1)
    url = url.format(
        league=world.league.pk, season=world.league.seasons.get().pk,
        game=world.game.pk if world.game else 0,
    )  # fmt: skip
    flat_queries(client, url, getattr(world, grow))


def test_the_guard_catches_a_list_that_queries_per_item(make_user):
    world = World(make_user)
    with pytest.raises(AssertionError, match="2 items"):
        flat_queries(Client(), "/test/n-plus-one", world.open_tables)
