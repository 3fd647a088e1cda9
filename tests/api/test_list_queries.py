"""N+1 guard: every list endpoint makes as many queries for a long list as for a short one.

Each case builds a short list, counts the queries of one GET, makes the list longer, and counts
again: the two counts must be equal (flat_queries). LISTS are counted for anonymous and
signed-in visitors, LOGIN_LISTS (the visitor's own things) signed in only. The guard itself is
tested on a view that reads each table's seats one by one: it must catch it.
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
from games.analysis.models import GameAnalysis, MoveAnalysis
from games.models import Table
from leagues import services as leagues
from leagues.models import AuditLog
from leagues.services import invitations as league_invitations
from ratings import services as ratings
from social import services as social
from social.services import friends
from tests.api.test_history_at_scale import bulk_history
from tests.ratings.factories import finished_game
from tests.support.games import controller_to_move, play_one, start_game
from tests.support.tournaments import new_tournament
from tournaments import services as tournaments

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
        self.opponent = None
        self._tournament = self._arena = None

    @property
    def tournament(self):  # made when a list needs it
        if self._tournament is None:
            self._tournament = new_tournament(self.owner)
        return self._tournament

    @property
    def arena(self):  # a running arena: two players in a game
        if self._arena is None:
            self._arena = new_tournament(self.owner, format="arena")
            for _ in range(2):
                tournaments.join(self._arena.pk, self.user())
            tournaments.start_tournament(self._arena.pk, by_user=self.owner)
        return self._arena

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
            self.opponent = self.user()
            self.game = start_game(self.owner, self.opponent)
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

    def tournaments(self, n):  # each with a player, the owner in every other one
        for index in range(n):
            tournament = new_tournament(self.user())
            tournaments.join(tournament.pk, self.user())
            if index % 2:
                tournaments.join(tournament.pk, self.owner)

    def tournament_players(self, n):
        for _ in range(n):
            tournaments.join(self.tournament.pk, self.user())

    def arena_games(self, n):  # two more players each, paired at once
        for _ in range(n):
            for _ in range(2):
                tournaments.join(self.arena.pk, self.user())
            tournaments.advance(self.arena.pk)

    def tournament_audit(self, n):
        tournaments.pause(self.arena.pk, self.owner)
        for _ in range(n):
            tournaments.resume(self.arena.pk, self.owner)
            tournaments.pause(self.arena.pk, self.owner)
        tournaments.resume(self.arena.pk, self.owner)

    def league_members(self, n):
        for _ in range(n):
            leagues.join_league(self.league.pk, self.user())

    def running_games(self, n):  # the owner's (lobby "mine") and others' (lobby "watch")
        for _ in range(n):
            start_game(self.owner, self.user())
            start_game(self.user(), self.user())

    def lobby(self, n):  # the page lists open tables and running games
        self.open_tables(n)
        self.running_games(n)

    def my_turns(self, n):  # running games where the owner is to move
        for _ in range(n):
            game = start_game(self.owner, self.user())
            if controller_to_move(game).pk != self.owner.pk:
                play_one(game)

    def chat_messages(self, n):  # in both channels of the game: the players' and spectators'
        for i in range(n):
            social.post_message(self.game.pk, (self.owner, self.opponent)[i % 2], f"hi {i}")
            social.post_message(self.game.pk, self.user(), f"watching {i}")

    def analysed_moves(self, n):
        analysis, _ = GameAnalysis.objects.get_or_create(
            game=self.game, defaults={"status": "done", "nodes": 1, "engine_version": "1",
                                      "bot_version": "1"})  # fmt: skip
        done = analysis.moves.count()
        MoveAnalysis.objects.bulk_create(
            MoveAnalysis(analysis=analysis, ply=done + i + 1, player=(done + i) % 2, played={},
                         best={}, played_margin=0.0, best_margin=1.0, loss=1.0, grade="mistake",
                         depth=1)  # fmt: skip
            for i in range(n)
        )

    def mutes(self, n):
        for _ in range(n):
            social.mute(self.owner, self.user().username)

    def follows(self, n):
        for _ in range(n):
            friends.follow(self.owner, self.user().username)

    def table_invitations(self, n):  # to the owner, each from the player of another open table
        for _ in range(n):
            inviter = self.user()
            friends.follow(inviter, self.owner.username)
            table = games.create_table(inviter, players=2)
            friends.invite(inviter, table.pk, self.owner.username)

    def league_invitations_sent(self, n):  # by the owner, who organises the league
        for _ in range(n):
            league_invitations.invite_player(self.league.pk, self.owner, self.user().username)

    def league_invitations_received(self, n):  # to the owner, each from another league
        for _ in range(n):
            organiser = self.user()
            league = leagues.create_league(organiser, name=f"League {self.count}")
            league_invitations.invite_player(league.pk, organiser, self.owner.username)


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
    "/lobby/": "lobby",
    "/u/owner/": "history",
    "/leaderboard/classic-2p/": "rated_players",
    "/leagues/": "leagues",
    "/api/v1/lobby/games": "running_games",
    "/api/v1/games/{game}/chat": "chat_messages",
    "/api/v1/games/{game}/analysis": "analysed_moves",
    "/api/v1/tournaments": "tournaments",
    "/api/v1/tournaments/{tournament}": "tournament_players",
    "/api/v1/tournaments/{tournament}/standings": "tournament_players",
    "/api/v1/tournaments/{arena}": "arena_games",
    "/api/v1/tournaments/{arena}/pairings": "arena_games",
    "/api/v1/tournaments/{arena}/standings": "arena_games",
    "/api/v1/tournaments/{arena}/audit": "tournament_audit",
}

# Lists of the signed-in visitor's own things: anonymous visitors are refused them.
LOGIN_LISTS = {
    "/api/v1/your-turn": "my_turns",
    "/your-turn/": "my_turns",
    "/api/v1/mutes": "mutes",
    "/accounts/settings/": "mutes",
    "/api/v1/friends": "follows",
    "/api/v1/table-invitations": "table_invitations",
    "/api/v1/leagues/{league}/invitations": "league_invitations_sent",
    "/api/v1/invitations": "league_invitations_received",
    "/leagues/invitations/": "league_invitations_received",
}


def address(world, url):
    """`url` with the world's league, season and game (one move in) filled in."""
    if "{game}" in url:
        world.moves(1)
    return url.format(
        league=world.league.pk, season=world.league.seasons.get().pk,
        game=world.game.pk if world.game else 0,
        tournament=world.tournament.pk if "{tournament}" in url else 0,
        arena=world.arena.pk if "{arena}" in url else 0,
    )  # fmt: skip


def check_flat(url, grow, make_user, logged_in):
    world = World(make_user)
    client = Client()
    if logged_in:
        client.force_login(world.owner)
    flat_queries(client, address(world, url), getattr(world, grow))


@pytest.mark.parametrize(("url", "grow"), LISTS.items(), ids=list(LISTS))
@pytest.mark.parametrize("logged_in", [False, True], ids=["anonymous", "logged-in"])
def test_list_endpoints_make_the_same_queries_for_long_lists(url, grow, logged_in, make_user):
    check_flat(url, grow, make_user, logged_in)


@pytest.mark.parametrize(("url", "grow"), LOGIN_LISTS.items(), ids=list(LOGIN_LISTS))
def test_own_lists_make_the_same_queries_for_long_lists(url, grow, make_user):
    check_flat(url, grow, make_user, logged_in=True)


@pytest.mark.parametrize("url", LOGIN_LISTS)
def test_own_lists_are_refused_to_anonymous_visitors(url, make_user):
    assert Client().get(address(World(make_user), url)).status_code in (302, 401, 403)


def test_the_guard_catches_a_list_that_queries_per_item(make_user):
    world = World(make_user)
    with pytest.raises(AssertionError, match="2 items"):
        flat_queries(Client(), "/test/n-plus-one", world.open_tables)
