"""A game lost on time before a player's first move is aborted and rates nobody (issue 12,
item 5; issue 38, defect 11: casual games too, and the Abort button; docs/live-play.md "Aborted
games", docs/ratings.md).

Real database, eager Celery (the rating task runs as it would in the embedded mode); the games
commit, so transactional_db."""

from datetime import timedelta

import pytest
from django.test import Client

from games import errors, services
from games.models import Game, MoveRecord, Seat, Table
from games.payloads import view_for
from games.replays import export_record, verify_record
from ratings.models import Rating, RatingChange
from ratings.selectors import game_history
from tests.support.games import (
    client_for,
    controller_to_move,
    error_code,
    fresh,
    play_one,
    start_game,
    waiting_users,
)

pytestmark = pytest.mark.django_db(transaction=True)

REALTIME = {"kind": "realtime", "base_seconds": 30}


def time_out_player_to_move(game):
    game = fresh(game)
    assert services.expire_overdue_games(now=game.deadline_at + timedelta(milliseconds=1)) == 1
    return fresh(game)


def test_a_rated_game_timed_out_before_the_first_move_is_aborted_unrated(alice, bob):
    game = start_game(alice, bob, rated=True, clock=REALTIME)
    late = controller_to_move(game)
    (other,) = waiting_users(game)
    late_index = Seat.objects.get(table=game.table, user=late).player_index

    game = time_out_player_to_move(game)

    assert game.status == Game.Status.ABORTED
    assert game.finished_at is not None
    assert game.table.status == Table.Status.ABORTED
    assert game.result["ended_by"] == "aborted"
    assert game.result["aborted_by"] == late_index
    assert game.result["winners"] == []
    assert game.result["leavers"] == [late_index]
    late_seat = Seat.objects.get(table=game.table, user=late)
    assert late_seat.left
    assert late_seat.left_reason == "timeout"
    # No rating change for anyone, no rating row touched.
    assert not RatingChange.objects.exists()
    assert not Rating.objects.filter(games__gt=0).exists()
    # History shows it as aborted for both players, with no rank and no win or loss.
    for user in (late, other):
        (row,) = game_history(user)
        assert (row.status, row.outcome, row.rank, row.rating_delta) == (
            "aborted",
            "aborted",
            None,
            None,
        )
    assert game_history(other, outcome="aborted")
    assert not game_history(other, outcome="win")
    # The replay exports and verifies as an aborted game; the API says so too.
    check = verify_record(export_record(game))
    assert check.valid, check.reason
    answer = Client().get(f"/api/v1/users/{other.username}/games").json()
    rows = answer["results"] if isinstance(answer, dict) else answer
    assert rows[0]["outcome"] == "aborted"
    assert rows[0]["status"] == "aborted"
    page = Client().get(f"/games/{game.pk}/replay").content.decode()
    assert 'data-testid="aborted-note"' in page


def test_a_record_claiming_an_abort_by_a_player_who_moved_is_refused(alice, bob):
    game = start_game(alice, bob, rated=True, clock=REALTIME)
    play_one(game)
    play_one(game)  # both have moved
    game = time_out_player_to_move(game)
    assert game.status == Game.Status.FINISHED  # a real loss on time now
    record = export_record(game)
    record["result"] = {**record["result"], "ended_by": "aborted", "winners": []}
    check = verify_record(record)
    assert not check.valid
    assert "cannot be aborted" in check.reason


def test_after_a_first_move_a_timeout_is_a_rated_loss(alice, bob):
    game = start_game(alice, bob, rated=True, clock=REALTIME)
    first = controller_to_move(game)
    play_one(game)
    play_one(game)  # the second player moved too: each has made a first move
    assert controller_to_move(game) == first
    game = time_out_player_to_move(game)
    assert game.status == Game.Status.FINISHED
    assert game.result["ended_by"] == "timeout"
    assert RatingChange.objects.filter(game=game).count() == 2
    assert RatingChange.objects.get(game=game, user=first).delta < 0


def test_the_second_player_timing_out_before_their_first_move_aborts_too(alice, bob):
    game = start_game(alice, bob, rated=True, clock=REALTIME)
    play_one(game)  # the first player moved; the second never does
    game = time_out_player_to_move(game)
    assert game.status == Game.Status.ABORTED
    assert game.version == 1
    assert MoveRecord.objects.filter(game=game).count() == 1
    assert not RatingChange.objects.exists()


def test_a_casual_game_timed_out_before_a_first_move_is_aborted_too(alice, bob):
    """#38 defect 11: a casual real-time game one side never began ended as a 0-0 win on time."""
    game = start_game(alice, bob, rated=False, clock=REALTIME)
    game = time_out_player_to_move(game)
    assert game.status == Game.Status.ABORTED
    assert game.result["ended_by"] == "aborted"
    assert game.result["winners"] == []


def test_a_casual_game_after_both_first_moves_keeps_the_loss_on_time(alice, bob):
    game = start_game(alice, bob, rated=False, clock=REALTIME)
    play_one(game)
    play_one(game)
    game = time_out_player_to_move(game)
    assert game.status == Game.Status.FINISHED
    assert game.result["ended_by"] == "timeout"
    assert game.result["winners"]


def test_a_casual_three_player_game_aborts_rather_than_seating_a_bot(alice, bob, carol):
    game = start_game(alice, bob, carol, rated=False, clock=REALTIME)
    play_one(game)
    game = time_out_player_to_move(game)
    assert game.status == Game.Status.ABORTED
    assert not Seat.objects.filter(table=game.table, replaced_by__isnull=False).exists()


def test_a_three_player_rated_game_ends_aborted_for_everyone(alice, bob, carol):
    game = start_game(alice, bob, carol, rated=True, clock=REALTIME)
    play_one(game)  # one player moved, the next never does
    game = time_out_player_to_move(game)
    assert game.status == Game.Status.ABORTED
    assert not Seat.objects.filter(table=game.table, replaced_by__isnull=False).exists()
    assert not RatingChange.objects.exists()
    # The game is over: a move now is refused and changes nothing.
    mover = waiting_users(game)[0]
    with pytest.raises(errors.GameOver):
        services.play_move(game.pk, mover, {"source": 0, "color": "blue", "line": 0}, 1)
    assert fresh(game).version == 1


# --- the Abort button: any seated player, while someone has made no move -----------------------


def abort_over_the_api(user, game):
    return client_for(user).post(f"/api/v1/games/{game.pk}/abort")


def test_the_payload_offers_the_abort_until_everyone_has_moved(alice, bob):
    game = start_game(alice, bob, rated=True, clock=REALTIME)
    assert view_for(fresh(game), alice.pk)["abortable"] is True
    play_one(game)
    assert view_for(fresh(game), alice.pk)["abortable"] is True
    play_one(game)
    assert view_for(fresh(game), alice.pk)["abortable"] is False


def test_a_player_who_moved_aborts_while_the_other_has_not(alice, bob):
    game = start_game(alice, bob, rated=True, clock=REALTIME)
    first = controller_to_move(game)
    play_one(game)
    first_index = Seat.objects.get(table=game.table, user=first).player_index
    answer = abort_over_the_api(first, game)
    assert answer.status_code == 200, answer.content
    assert answer.json()["status"] == "aborted"
    assert answer.json()["abortable"] is False
    game = fresh(game)
    assert game.status == Game.Status.ABORTED
    assert game.table.status == Table.Status.ABORTED
    assert game.result["aborted_by"] == first_index
    assert game.result["winners"] == []
    assert Seat.objects.get(table=game.table, user=first).left_reason == "abort"
    assert not RatingChange.objects.exists()
    check = verify_record(export_record(game))
    assert check.valid, check.reason


def test_an_abort_before_any_move_ends_a_casual_game_with_no_winner(alice, bob):
    game = start_game(alice, bob, rated=False)
    change = services.abort(game.pk, waiting_users(game)[0])
    assert change.game.status == Game.Status.ABORTED
    assert fresh(game).result["winners"] == []


def test_once_everyone_has_moved_the_abort_is_refused_and_changes_nothing(alice, bob):
    game = start_game(alice, bob, rated=True, clock=REALTIME)
    play_one(game)
    play_one(game)
    before = fresh(game)
    answer = abort_over_the_api(alice, game)
    assert answer.status_code == 409
    assert error_code(answer) == "not_abortable"
    after = fresh(game)
    assert (after.status, after.version, after.result) == (before.status, before.version, before.result)


def test_a_stranger_anonymous_or_finished_game_abort_is_refused(alice, bob, carol):
    game = start_game(alice, bob, rated=False)
    stranger = abort_over_the_api(carol, game)
    assert stranger.status_code == 403
    assert error_code(stranger) == "not_seated"
    assert Client().post(f"/api/v1/games/{game.pk}/abort").status_code in (401, 403)
    assert abort_over_the_api(alice, game).status_code == 200
    again = abort_over_the_api(bob, game)
    assert again.status_code == 409
    assert error_code(again) == "game_over"
    assert client_for(alice).post(f"/api/v1/games/{10**12}/abort").status_code == 404
    assert fresh(game).status == Game.Status.ABORTED
