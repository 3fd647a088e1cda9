"""Azul Duel leagues end to end (issue 18): created through the API and the form, seeded on the
Duel ladder, fixtures played as Duel games to their natural end (set in their last round, then
played out through the services), standings from Duel scores."""

import random

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import services as game_services
from games.models import Game, Table
from games.payloads import game_payload
from leagues import errors, selectors, services
from leagues.models import Entry, Fixture, League
from ratings.models import Rating
from tests.support.games import near_the_game_end, put_game_at
from tests.support.leagues import league_with, open_fixtures, players

pytestmark = pytest.mark.django_db(transaction=True)


def play_duel_out(fixture, seed):
    """Legal Duel moves (as the payload offers them) until the fixture's game ends, from a
    position of its last round (each move through the services costs a tenth of a second or
    more: a whole game of them took 10-20 s)."""
    rng = random.Random(seed)
    game = Game.objects.get(table=fixture.table_id)
    put_game_at(game, *near_the_game_end(game, player=0, turns=2, seed=seed))
    while True:
        game = Game.objects.select_related("table").get(pk=game.pk)
        if game.status != Game.Status.PLAYING:
            return game
        payload = game_payload(game)
        seat = next(s for s in game.table.seats.all() if s.player_index == payload["clock"]["current"])
        move = rng.choice(payload["legal_moves"])
        game_services.play_move(game.pk, seat.user, move, game.version)


def test_a_duel_league_season_from_creation_to_final_standings(organiser, make_user):
    members = players(make_user, 3)
    # The strongest Duel player is seeded first: the Duel ladder, not the classic one.
    Rating.objects.create(user=members[2], ladder="duel", rating=1800, games=30)
    Rating.objects.create(user=members[0], ladder="classic-2p", rating=2000, games=30)
    league = league_with(organiser, members, ruleset="duel", rated=True, cycles=1)
    assert (league.ruleset, league.players_per_game, league.variant) == ("duel", 2, "standard")
    season = league.seasons.get()
    services.start_season(season.pk, organiser)
    seeds = dict(Entry.objects.filter(season=season).values_list("user__username", "seed_rating"))
    assert seeds == {"p0": 1500, "p1": 1500, "p2": 1800}

    seed = 0
    while playing := open_fixtures(season):
        for fixture in playing:
            table = Table.objects.get(pk=fixture.table_id)
            assert (table.ruleset, table.players, table.rated) == ("duel", 2, True)
            game = play_duel_out(fixture, seed)
            seed += 1
            assert game.result["ended_by"] == "normal"

    season.refresh_from_db()
    assert season.status == "finished"
    decided = Fixture.objects.filter(round__season=season)
    assert decided.count() == 3
    assert all(f.decided_by == "game" for f in decided)
    rows = selectors.division_table(season.division_set.get())
    assert sum(r.played for r in rows) == 6
    assert sum(r.wins + r.draws for r in rows) >= 3
    # Each player's score is the sum of their Duel games' final scores.
    for row in rows:
        games = Game.objects.filter(table__league_fixture__round__season=season, table__seats__user_id=row.user_id)
        total = 0
        for game in games:
            index = game.table.seats.get(user_id=row.user_id).player_index
            total += game.result["scores"][index]
        assert row.score == total
    assert Rating.objects.filter(ladder="duel", games__gt=0).count() == 3  # rated on its ladder


def test_duel_leagues_through_the_api_and_the_form(organiser):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=organiser).key}")
    made = api.post("/api/v1/leagues", {"name": "Duel club", "ruleset": "duel"}, format="json")
    assert made.status_code == 201
    body = made.json()
    assert (body["ruleset"], body["players_per_game"], body["variant"]) == ("duel", 2, "standard")
    refused = api.post(
        "/api/v1/leagues",
        {"name": "Duel four", "ruleset": "duel", "players_per_game": 4},
        format="json",
    )
    assert refused.status_code == 400
    assert "players_per_game must be 2" in refused.json()["error"]["detail"]
    assert api.post("/api/v1/leagues", {"name": "x", "ruleset": "go"}, format="json").status_code == 400

    client = Client()
    client.force_login(organiser)
    form = client.get("/leagues/new/").content.decode()
    assert 'name="ruleset"' in form
    assert "Azul Duel" in form
    answer = client.post(
        "/leagues/new/",
        {
            "name": "Duel form",
            "visibility": "public",
            "ruleset": "duel",
            "players_per_game": 4,  # hidden for Duel by the page; ignored by the form
            "variant": "gray",
            "clock_kind": "correspondence",
            "days_per_move": 2,
            "round_hours": 72,
            "cycles": 2,
            "tie_breaks": "points, score",
            "deadline_rule": "forfeit",
            "divisions": 1,
            "promotion": 0,
        },
    )
    league = League.objects.get(name="Duel form")
    assert answer.status_code == 302
    assert (league.ruleset, league.players_per_game, league.variant) == ("duel", 2, "standard")
    page = client.get(f"/leagues/{league.pk}/").content.decode()
    assert "Azul Duel · 2 per game" in page


def test_a_duel_league_refuses_what_duel_cannot_be(organiser):
    with pytest.raises(errors.Invalid):
        services.create_league(organiser, name="x", ruleset="duel", players_per_game=3)
    with pytest.raises(errors.Invalid):
        services.create_league(organiser, name="x", ruleset="chess")
    assert not League.objects.exists()
