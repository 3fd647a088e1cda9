"""Bot turns at live tables in the embedded default: eager tasks on the bot thread pool."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from azul import engine
from games import selectors, services, tasks
from games.models import Game, MoveRecord, Seat
from games.services import bot_turns
from tests.support.bots import bots_only_game, fresh, wait_for_bots


def legal(game):
    return [m.to_dict() for m in engine.ClassicState.from_dict(fresh(game).state).legal_moves()]


@pytest.mark.django_db(transaction=True)
def test_a_player_plays_a_whole_game_against_two_bots(alice, settings):
    settings.BOT_THINK_SECONDS = 0.3
    table = services.create_table(
        alice, players=3, bots=[{"seat": 1, "level": "greedy"}, {"seat": 2, "level": "strong"}]
    )
    game = services.start_table(table.pk, alice)
    rng = random.Random(1)
    while True:
        wait_for_bots()
        game = fresh(game)
        if game.status != Game.Status.PLAYING:
            break
        outcome = services.play_move(game.pk, alice, rng.choice(legal(game)), game.version)
        # The request answers with alice's move; the bots play theirs on the pool. (Reading the
        # game back here to see no bot move yet raced a greedy bot that moved within 10 ms.)
        assert outcome.version == game.version + 1
    assert game.status == Game.Status.FINISHED
    assert game.result["ended_by"] == "normal"
    movers = set(MoveRecord.objects.filter(game=game).values_list("user__username", flat=True))
    assert movers == {"alice", "bot-greedy", "bot-strong"}
    assert engine.ClassicState.from_dict(game.state).is_over


@pytest.mark.django_db
def test_a_stale_or_repeated_bot_turn_does_nothing(alice):
    game = bots_only_game(alice, ["greedy", "random"])
    assert tasks.play_bot_turn.apply(args=(game.pk, 3)).get() is None  # not this version
    assert fresh(game).version == 0
    move = tasks.play_bot_turn.apply(args=(game.pk, 0)).get()
    assert fresh(game).version == 1
    assert MoveRecord.objects.get(game=game, number=1).move == move
    assert tasks.play_bot_turn.apply(args=(game.pk, 0)).get() is None  # ran twice: no-op
    assert fresh(game).version == 1
    assert tasks.play_bot_turn.apply(args=(999999, 0)).get() is None  # no such game


@pytest.mark.django_db
def test_a_retried_turn_plays_the_same_move(alice):
    first = bots_only_game(alice, ["greedy", "random"])
    again = bots_only_game(alice, ["greedy", "random"])  # same seed and state
    assert bot_turns.choose_for(first, "greedy", 1.0) == bot_turns.choose_for(again, "greedy", 1.0)


@pytest.mark.django_db
def test_no_bot_turn_when_a_human_is_to_move(alice, make_user):
    bob = make_user("bob")
    table = services.create_table(alice, players=2)
    services.join_table(table.pk, bob)
    game = services.start_table(table.pk, alice)
    assert selectors.bot_to_move(fresh(game)) is None
    assert tasks.play_bot_turn.apply(args=(game.pk, 0)).get() is None
    assert fresh(game).version == 0


@pytest.mark.django_db(transaction=True)
def test_the_sweep_restarts_bot_turns_that_waited_too_long(alice, make_user):
    stuck = bots_only_game(alice, ["random", "random"])
    Game.objects.filter(pk=stuck.pk).update(turn_started_at=timezone.now() - timedelta(minutes=5))
    recent = bots_only_game(make_user("bob"), ["random", "random"])
    assert bot_turns.sweep_waiting_bot_turns(older_than_seconds=30) == [stuck.pk]
    wait_for_bots()
    assert fresh(stuck).status == Game.Status.FINISHED  # the bots played it to the end
    assert fresh(recent).version == 0


def test_the_beat_schedule_runs_the_sweep(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["games-sweep-bot-turns"]
    assert entry["task"] == tasks.sweep_bot_turns.name
    assert entry["schedule"] <= settings.BOT_SWEEP_AFTER_SECONDS


# --- hints -------------------------------------------------------------------------------------


@pytest.fixture
def casual_game(alice):
    """alice (player 0, to move) against a random bot."""
    table = services.create_table(alice, players=2, bots=[{"seat": 1, "level": "random"}])
    game = services.start_table(table.pk, alice)
    seat_alice(game, alice, 0)
    return fresh(game)


def seat_alice(game, alice, index):
    """Put alice at engine seat `index` (0 moves first), the bot at the other."""
    seats = Seat.objects.filter(table=game.table)
    seats.update(player_index=None)
    seats.filter(user=alice).update(player_index=index)
    seats.exclude(user=alice).update(player_index=1 - index)


def hint(user, game):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client.post(f"/api/v1/games/{game.pk}/hint")


@pytest.mark.django_db
def test_a_hint_suggests_a_legal_move_to_the_player_to_move(alice, casual_game):
    response = hint(alice, casual_game)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["version"] == 0
    assert body["move"] in legal(casual_game)
    assert fresh(casual_game).version == 0  # a hint plays nothing


@pytest.mark.django_db
def test_hints_are_refused_in_rated_games_out_of_turn_and_to_strangers(alice, make_user,
                                                                      casual_game):
    expected = [(None, 401, "not_authenticated"), (make_user("bob"), 403, "not_seated")]
    for user, status, code in expected:
        response = hint(user, casual_game)
        assert (response.status_code, response.json()["error"]["code"]) == (status, code)
    seat_alice(casual_game, alice, 1)
    response = hint(alice, casual_game)
    assert (response.status_code, response.json()["error"]["code"]) == (409, "not_your_turn")
    casual_game.table.rated = True
    casual_game.table.save(update_fields=["rated"])
    response = hint(alice, casual_game)
    assert (response.status_code, response.json()["error"]["code"]) == (403, "hints_not_allowed")
    assert fresh(casual_game).version == 0


@pytest.mark.django_db(transaction=True)
def test_a_bot_plays_the_seat_of_a_player_who_left(alice, make_user):
    bob, carol = make_user("bob"), make_user("carol")
    table = services.create_table(alice, players=3)
    services.join_table(table.pk, bob)
    services.join_table(table.pk, carol)
    game = services.start_table(table.pk, alice)
    services.resign(game.pk, bob)  # 3 players: the greedy bot takes bob's seat
    bob_index = Seat.objects.get(table=table, user=bob).player_index
    rng = random.Random(2)
    while not MoveRecord.objects.filter(game=game, player_index=bob_index).exists():
        wait_for_bots()
        game = fresh(game)
        assert game.status == Game.Status.PLAYING
        current = game.state["current_player"]
        if current == bob_index:
            continue  # the bot's turn: wait for it
        mover = Seat.objects.get(table=table, player_index=current).user
        services.play_move(game.pk, mover, rng.choice(legal(game)), game.version)
    record = MoveRecord.objects.filter(game=game, player_index=bob_index).first()
    assert record.user.username == "bot-greedy"
