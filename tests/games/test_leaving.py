"""games.services when players leave a running game: resign, abandon and time out
(docs/live-play.md), against the real database; every refusal changes nothing."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from games import errors, services
from games.models import Game, MoveRecord, Seat
from tests.support.games import (
    controller_to_move,
    fresh,
    legal_moves,
    play_first_moves,
    play_one,
    play_to_end,
    snapshot,
    start_game,
    waiting_users,
)

pytestmark = pytest.mark.django_db


def test_resign_in_a_two_player_game_the_opponent_wins(two_players, alice, bob):
    play_one(two_players)
    services.resign(two_players.pk, alice)
    game = fresh(two_players)
    alice_index = Seat.objects.get(table=game.table, user=alice).player_index
    bob_index = 1 - alice_index
    assert game.status == "finished"
    assert game.table.status == "finished"
    assert game.result["ended_by"] == "resign"
    assert game.result["winners"] == [bob_index]
    assert game.result["leavers"] == [alice_index]
    assert game.result["ranks"][bob_index] == 1
    assert game.result["ranks"][alice_index] == 2
    before = snapshot(game)
    with pytest.raises(errors.GameOver):
        services.resign(two_players.pk, bob)
    assert snapshot(game) == before


def test_resign_by_someone_not_seated_changes_nothing(two_players, carol):
    before = snapshot(two_players)
    with pytest.raises(errors.NotSeated):
        services.resign(two_players.pk, carol)
    with pytest.raises(errors.NotAuthenticated):
        services.resign(two_players.pk, AnonymousUser())
    assert snapshot(two_players) == before


def test_leaving_three_players_a_bot_takes_over_and_the_leaver_ranks_last(alice, bob, carol):
    game = start_game(alice, bob, carol)
    play_one(game)
    services.leave_table(game.table_id, carol)  # abandon while playing
    seat = Seat.objects.select_related("replaced_by").get(table=game.table, user=carol)
    assert seat.left
    assert seat.left_reason == "abandon"
    assert seat.replaced_by.is_bot
    assert seat.replaced_by.bot_level == "greedy"
    assert fresh(game).status == "playing"
    with pytest.raises(errors.NotSeated):  # carol cannot move or resign any more
        services.resign(game.pk, carol)

    game = play_to_end(game, seed=5)  # the replacement bot's moves are played by its account
    bot_moves = MoveRecord.objects.filter(game=game, user=seat.replaced_by)
    assert bot_moves.exists()
    assert {m.player_index for m in bot_moves} == {seat.player_index}
    result = game.result
    assert result["ended_by"] == "normal"
    assert result["leavers"] == [seat.player_index]
    assert result["ranks"][seat.player_index] == 3
    assert sorted(result["ranks"][p] for p in range(3) if p != seat.player_index)[0] == 1


def test_when_only_one_player_stays_the_game_ends(alice, bob, carol):
    game = start_game(alice, bob, carol)
    services.resign(game.pk, bob)
    services.resign(game.pk, carol)
    game = fresh(game)
    index = {s.user_id: s.player_index for s in Seat.objects.filter(table=game.table)}
    assert game.status == "finished"
    assert game.result["ended_by"] == "resign"
    assert game.result["leavers"] == [index[bob.pk], index[carol.pk]]
    assert game.result["winners"] == [index[alice.pk]]
    # the earliest leaver ranks last
    assert game.result["ranks"][index[carol.pk]] == 2
    assert game.result["ranks"][index[bob.pk]] == 3


def test_a_realtime_move_costs_time_and_earns_the_increment(alice, bob):
    game = start_game(
        alice, bob, clock={"kind": "realtime", "base_seconds": 60, "increment_seconds": 2}
    )
    game = fresh(game)
    assert game.deadline_at is not None
    assert abs((game.deadline_at - game.turn_started_at).total_seconds() - 60) < 0.01
    Game.objects.filter(pk=game.pk).update(turn_started_at=timezone.now() - timedelta(seconds=10))
    mover_seat = Seat.objects.get(table=game.table, player_index=game.state["current_player"])
    play_one(game)
    mover_seat.refresh_from_db()
    assert 51_500 <= mover_seat.time_left_ms <= 52_000  # 60 s - 10 s + 2 s
    record = MoveRecord.objects.get(game=game)
    assert 10_000 <= record.think_ms < 10_500
    game = fresh(game)
    nxt = Seat.objects.get(table=game.table, player_index=game.state["current_player"])
    assert (
        abs((game.deadline_at - game.turn_started_at).total_seconds() * 1000 - nxt.time_left_ms) < 5
    )


def test_timeout_in_a_two_player_game_the_opponent_wins(alice, bob):
    game = play_first_moves(start_game(alice, bob, clock={"kind": "realtime", "base_seconds": 30}))
    late_player = controller_to_move(game)
    (other,) = waiting_users(game)
    assert services.expire_overdue_games(now=game.deadline_at - timedelta(seconds=1)) == 0
    assert fresh(game).status == "playing"
    assert services.expire_overdue_games(now=game.deadline_at + timedelta(milliseconds=1)) == 1
    game = fresh(game)
    index = {s.user_id: s.player_index for s in Seat.objects.filter(table=game.table)}
    assert game.status == "finished"
    assert game.result["ended_by"] == "timeout"
    assert game.result["winners"] == [index[other.pk]]
    assert game.result["leavers"] == [index[late_player.pk]]
    assert Seat.objects.get(table=game.table, user=late_player).time_left_ms == 0


def test_a_late_move_loses_on_time(alice, bob):
    game = play_first_moves(start_game(alice, bob, clock={"kind": "correspondence", "days_per_move": 2}))
    assert abs(game.deadline_at - game.turn_started_at - timedelta(days=2)) < timedelta(seconds=1)
    Game.objects.filter(pk=game.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))
    mover = controller_to_move(game)
    with pytest.raises(errors.GameOver):
        services.play_move(game.pk, mover, legal_moves(game)[0], game.version)
    game = fresh(game)
    assert game.result["ended_by"] == "timeout"
    assert game.version == 2
    assert MoveRecord.objects.filter(game=game).count() == 2


def test_timeout_with_three_players_hands_the_seat_to_a_bot(alice, bob, carol):
    game = play_first_moves(start_game(alice, bob, carol, clock={"kind": "realtime", "base_seconds": 30}))
    late_player = controller_to_move(game)
    assert services.expire_game_if_overdue(game.pk, now=game.deadline_at + timedelta(seconds=1))
    game = fresh(game)
    seat = Seat.objects.get(table=game.table, user=late_player)
    assert game.status == "playing"
    assert seat.left
    assert seat.left_reason == "timeout"
    assert controller_to_move(game).is_bot
    assert game.deadline_at is None  # a bot's turn runs no clock
    with pytest.raises(errors.NotSeated):
        services.play_move(game.pk, late_player, legal_moves(game)[0], game.version)


def test_untimed_games_never_expire(two_players):
    assert fresh(two_players).deadline_at is None
    assert services.expire_overdue_games(now=timezone.now() + timedelta(days=365)) == 0


def test_when_no_human_stays_the_game_ends(alice):
    game = start_game(
        alice,
        players=3,
        bots=[{"seat": 1, "level": "random"}, {"seat": 2, "level": "greedy"}],
    )
    services.resign(game.pk, alice)
    game = fresh(game)
    alice_index = Seat.objects.get(table=game.table, user=alice).player_index
    assert game.status == "finished"
    assert game.result["ended_by"] == "resign"
    assert game.result["ranks"][alice_index] == 3
    assert game.result["leavers"] == [alice_index]
    assert Seat.objects.get(table=game.table, user=alice).replaced_by is None
