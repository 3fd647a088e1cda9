"""3-player leagues and divisions by rating, against a real database (results via the signal)."""

from datetime import timedelta

import pytest

from games.models import Game, Seat, Table
from leagues import selectors, services
from leagues.models import Entry, Fixture, Season
from ratings.models import Rating
from tests.support.games import near_the_game_end, put_game_at
from tests.support.leagues import open_fixtures, play_game_out, players, started_season

pytestmark = pytest.mark.django_db(transaction=True)


def near_its_end(game):
    """`game`, set at a position of its last round (tests.support.games), player 0 to move."""
    put_game_at(game, *near_the_game_end(game, player=0))
    return game


def test_three_player_season_with_byes_and_a_withdrawal(organiser, make_user):
    members = players(make_user, 4)
    _, season = started_season(organiser, members, players_per_game=3)
    rounds = selectors.rounds_with_fixtures(season)
    assert len(rounds) == 3
    for round_ in rounds:
        (fixture,) = round_.fixtures.all()
        assert len(fixture.players.all()) == 3  # one game of three, one bye

    # Each game is set in its last round, then played out through the services (a whole game
    # of three through them took 10-20 s): the fixtures are decided by the games' own ends.
    (first,) = open_fixtures(season)
    play_game_out(near_its_end(Game.objects.get(table=first.table_id)), seed=1)
    first.refresh_from_db()
    assert first.decided_by == Fixture.DecidedBy.GAME
    assert sorted(first.result["places"].values())[0] == 1

    # Withdraw someone who plays in round 2: that game is played by the other two.
    (second,) = open_fixtures(season)
    quitter = second.players.order_by("order").first().user
    game = near_its_end(Game.objects.get(table=second.table_id))
    services.withdraw_player(season.pk, organiser, quitter.username, "ill")
    second.refresh_from_db()
    # The running 3-player game goes on with a bot in the quitter's seat (games' policy).
    play_game_out(game, seed=2)
    second.refresh_from_db()
    assert second.status == Fixture.Status.DONE
    assert second.result["places"][str(quitter.pk)] == 3

    # Seeded p0..p3 (equal ratings): round 3 is (p0, p3, p2) and p3 is the quitter.
    assert quitter.username == "p3"
    third = Fixture.objects.get(round__season=season, round__number=3)
    assert third.forfeits == [quitter.pk]
    assert Table.objects.get(pk=third.table_id).players == 2  # the two still playing
    play_game_out(near_its_end(Game.objects.get(table=third.table_id)), seed=3)
    third.refresh_from_db()
    assert third.result["places"][str(quitter.pk)] == 3

    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    rows = selectors.division_table(selectors.divisions(season)[0])
    # Every decided fixture gave 4 + 2 + 0 points (shared places split them).
    assert sum(row.points for row in rows) == 3 * 6
    assert sum(row.played for row in rows) == 9


def test_first_season_divisions_are_cut_by_rating(organiser, make_user):
    members = players(make_user, 4)
    for user, rating in zip(members, (1400, 1700, 1500, 1650), strict=True):
        Rating.objects.create(user=user, ladder="classic-2p", rating=rating, games=10)
    _, season = started_season(organiser, members, divisions=2)
    tiers = {
        e.user.username: (e.division.tier, e.seed_rating)
        for e in Entry.objects.filter(season=season).select_related("user", "division")
    }
    assert tiers == {
        "p1": (1, 1700),
        "p3": (1, 1650),
        "p2": (2, 1500),
        "p0": (2, 1400),
    }


def test_bot_rule_ranks_the_late_player_where_the_bot_finished(organiser, make_user):
    members = players(make_user, 3)
    league, season = started_season(organiser, members, players_per_game=3, deadline_rule="bot")
    (fixture,) = open_fixtures(season)
    game = Game.objects.get(table=fixture.table_id)
    late = Seat.objects.get(table=fixture.table_id, player_index=game.state["current_player"])

    assert services.close_overdue_fixtures(now=fixture.deadline_at + timedelta(seconds=1)) == 1
    fixture.refresh_from_db()
    late.refresh_from_db()
    assert fixture.status == Fixture.Status.PLAYING
    assert fixture.bot_takeovers == [late.user_id]
    assert late.left
    assert late.replaced_by.is_bot

    # The humans throw their tiles away: the bot, playing for the late player, wins the game.
    finished = play_game_out(game, seed=4, humans_to_floor=True)
    fixture.refresh_from_db()
    assert fixture.decided_by == Fixture.DecidedBy.GAME
    engine_ranks = finished.result["engine_ranks"]
    seats = Seat.objects.filter(table=fixture.table_id)
    assert fixture.result["places"] == {
        str(seat.user_id): engine_ranks[seat.player_index] for seat in seats
    }
    # The game itself ranks the leaver last (docs/live-play.md); the league, where the bot finished.
    assert engine_ranks[late.player_index] == 1
    assert fixture.result["places"][str(late.user_id)] == 1
    assert finished.result["ranks"][late.player_index] == 3
