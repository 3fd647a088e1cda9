"""games.services against the real database: tables and moves, every path, and every refusal changes
nothing (players leaving a running game: test_leaving.py)."""

import hashlib

import pytest
from django.contrib.auth.models import AnonymousUser

from azul import engine
from games import errors, replays, services
from games.models import Game, MoveRecord, Seat, Table
from games.payloads import game_payload
from tests.support.games import (
    controller_to_move,
    fresh,
    illegal_move,
    legal_moves,
    play_one,
    play_to_end,
    snapshot,
    start_game,
    waiting_users,
)

pytestmark = pytest.mark.django_db


# --- tables ----------------------------------------------------------------------------------


def test_create_table_seats_the_creator_and_the_bots(alice):
    table = services.create_table(
        alice, players=3, variant="gray", rated=True, bots=[{"seat": 0, "level": "greedy"}]
    )
    seats = {seat.position: seat.user for seat in table.seats.all()}
    assert seats[0].is_bot
    assert seats[0].bot_level == "greedy"
    assert seats[1] == alice
    assert (table.players, table.variant, table.rated, table.status) == (3, "gray", True, "open")


@pytest.mark.parametrize(
    "options",
    [
        {"players": 1},
        {"players": 5},
        {"players": "2"},
        {"players": 2, "variant": "purple"},
        {"players": 2, "rated": "yes"},
        {"players": 2, "ruleset": "chess"},
        {"players": 2, "clock": {"kind": "sundial"}},
        {"players": 2, "clock": {"kind": "realtime", "base_seconds": 0}},
        {"players": 2, "clock": {"kind": "realtime", "base_seconds": 60, "increment_seconds": -1}},
        {"players": 2, "clock": {"kind": "correspondence", "days_per_move": 0}},
        {"players": 2, "bots": [{"seat": 2, "level": "greedy"}]},
        {"players": 2, "bots": [{"seat": 1, "level": "genius"}]},
        {"players": 3, "bots": [{"seat": 1, "level": "greedy"}, {"seat": 1, "level": "random"}]},
        {"players": 2, "bots": [{"seat": 0, "level": "greedy"}, {"seat": 1, "level": "random"}]},
    ],
)
def test_create_table_rejects_bad_options(alice, options):
    with pytest.raises(errors.Invalid):
        services.create_table(alice, **options)
    assert not Table.objects.exists()
    assert not Seat.objects.exists()


def test_create_table_needs_a_user():
    with pytest.raises(errors.NotAuthenticated):
        services.create_table(AnonymousUser(), players=2)


def test_join_takes_the_first_free_seat_or_the_asked_one(alice, bob, carol):
    table = services.create_table(alice, players=4)
    assert services.join_table(table.pk, bob, seat=3).position == 3
    assert services.join_table(table.pk, carol).position == 1


def test_join_refusals_change_nothing(alice, bob, carol, dave):
    table = services.create_table(alice, players=2)
    services.join_table(table.pk, bob)

    def seats():
        return list(Seat.objects.filter(table=table).values_list("position", "user_id"))

    before = seats()
    for user, seat, error in [
        (bob, None, errors.AlreadySeated),
        (carol, None, errors.TableFull),
        (carol, 1, errors.SeatTaken),
        (carol, 7, errors.Invalid),
        (AnonymousUser(), None, errors.NotAuthenticated),
    ]:
        with pytest.raises(error):
            services.join_table(table.pk, user, seat=seat)
        assert seats() == before
    with pytest.raises(errors.NotFound):
        services.join_table(table.pk + 100, carol)
    services.start_table(table.pk, alice)
    with pytest.raises(errors.TableNotOpen):
        services.join_table(table.pk, dave)


def test_leave_frees_the_seat_and_the_creator_leaving_aborts(alice, bob, carol):
    table = services.create_table(alice, players=3)
    services.join_table(table.pk, bob)
    with pytest.raises(errors.NotSeated):
        services.leave_table(table.pk, carol)
    services.leave_table(table.pk, bob)
    assert list(table.seats.values_list("user", flat=True)) == [alice.pk]
    services.leave_table(table.pk, alice)
    table.refresh_from_db()
    assert table.status == "aborted"
    assert table.finished_at is not None
    with pytest.raises(errors.TableNotOpen):
        services.join_table(table.pk, carol)


def test_only_the_creator_seats_bots(alice, bob):
    table = services.create_table(alice, players=3)
    with pytest.raises(errors.NotCreator):
        services.seat_bot(table.pk, bob, 1, "greedy")
    with pytest.raises(errors.Invalid):
        services.seat_bot(table.pk, alice, 1, "genius")
    with pytest.raises(errors.SeatTaken):
        services.seat_bot(table.pk, alice, 0, "greedy")
    assert table.seats.count() == 1
    seat = services.seat_bot(table.pk, alice, 2, "random")
    assert seat.user.is_bot
    assert seat.user.bot_level == "random"


def test_start_refusals_change_nothing(alice, bob, carol):
    table = services.create_table(alice, players=2)
    with pytest.raises(errors.SeatsNotFilled):
        services.start_table(table.pk, alice)
    services.join_table(table.pk, bob)
    with pytest.raises(errors.NotCreator):
        services.start_table(table.pk, bob)
    with pytest.raises(errors.NotFound):
        services.start_table(table.pk + 1, alice)
    assert not Game.objects.exists()
    assert Table.objects.get(pk=table.pk).status == "open"


def test_start_shuffles_seats_and_commits_to_the_seed(alice, bob, carol):
    game = start_game(alice, bob, carol, variant="gray")
    table = fresh(game).table
    assert table.status == "playing"
    assert table.started_at is not None
    assert sorted(table.seats.values_list("player_index", flat=True)) == [0, 1, 2]
    assert game.version == 0
    assert game.status == "playing"
    assert game.commitment == hashlib.sha256(f"{game.seed}:{game.salt}".encode()).hexdigest()
    assert game.state == engine.new_game(3, variant="gray", seed=game.seed).to_dict()
    with pytest.raises(errors.TableNotOpen):
        services.start_table(table.pk, alice)


def test_seat_order_is_shuffled(alice, bob):
    """Over 40 starts the creator is not always player 0 (chance of failing: 2**-39)."""
    first = set()
    for _ in range(40):
        game = start_game(alice, bob)
        first.add(Seat.objects.get(table=game.table, player_index=0).user_id == alice.pk)
    assert first == {True, False}


# --- moves -----------------------------------------------------------------------------------


def test_a_move_appends_to_the_log_and_bumps_the_version(two_players):
    mover = controller_to_move(two_players)
    move = legal_moves(two_players)[0]
    outcome = services.play_move(two_players.pk, mover, move, 0)
    assert outcome.applied
    assert outcome.version == 1
    assert "seed" not in outcome.state
    game = fresh(two_players)
    expected = engine.ClassicState.from_dict(two_players.state).apply(engine.ClassicMove.from_dict(move))
    assert game.version == 1
    assert game.state == expected.to_dict()
    record = MoveRecord.objects.get(game=game)
    assert (record.number, record.user, record.move) == (1, mover, move)
    assert record.player_index == two_players.state["current_player"]


def test_resending_the_last_move_is_acknowledged_not_applied(two_players):
    mover = controller_to_move(two_players)
    move = legal_moves(two_players)[0]
    services.play_move(two_players.pk, mover, move, 0)
    before = snapshot(two_players)
    again = services.play_move(two_players.pk, mover, dict(move), 0)
    assert not again.applied
    assert again.version == 1
    assert snapshot(two_players) == before


def test_refused_moves_change_nothing(two_players, carol):
    play_one(two_players)
    game = fresh(two_players)
    mover, (waiting,) = controller_to_move(game), waiting_users(game)
    good = legal_moves(game)[0]
    before = snapshot(game)
    cases = [
        (carol, good, 1, errors.NotSeated),
        (AnonymousUser(), good, 1, errors.NotAuthenticated),
        (waiting, good, 1, errors.NotYourTurn),  # a player moving for the other seat
        (mover, good, 0, errors.StaleVersion),
        (mover, good, 2, errors.StaleVersion),
        (mover, illegal_move(game), 1, errors.IllegalMove),
        (mover, {"source": 0, "color": "pink", "line": 0}, 1, errors.InvalidMove),
        (mover, {"source": 0}, 1, errors.InvalidMove),
        (mover, "take red", 1, errors.InvalidMove),
        (mover, good, "1", errors.Invalid),
    ]
    for user, move, version, error in cases:
        with pytest.raises(error):
            services.play_move(game.pk, user, move, version)
        assert snapshot(game) == before, error
    with pytest.raises(errors.NotFound):
        services.play_move(game.pk + 1, mover, good, 1)


def test_moves_after_the_end_are_refused(two_players):
    game = play_to_end(two_players)
    before = snapshot(game)
    for user in (game.table.creator, *waiting_users(game)):
        with pytest.raises(errors.GameOver):
            services.play_move(
                game.pk, user, {"source": 0, "color": "red", "line": 0}, game.version
            )
    assert snapshot(game) == before


def test_a_full_game_finishes_and_reveals_the_seed(two_players):
    game = play_to_end(two_players, seed=3)
    assert game.status == "finished"
    assert game.table.status == "finished"
    assert game.result["ended_by"] == "normal"
    assert game.result["leavers"] == []
    assert game.result["ranks"] == engine.ClassicState.from_dict(game.state).result()["ranks"]
    assert game.version == game.state["move_count"] == MoveRecord.objects.filter(game=game).count()
    assert replays.state_at(game, game.version).to_dict() == game.state
    payload = game_payload(game)
    assert payload["seed"] == game.seed
    assert payload["salt"] == game.salt
    assert payload["state"]["seed"] == game.seed
    check = hashlib.sha256(f"{payload['seed']}:{payload['salt']}".encode()).hexdigest()
    assert check == payload["commitment"]


def test_the_payload_hides_the_seed_while_playing(two_players):
    payload = game_payload(fresh(two_players))
    assert payload["seed"] is None
    assert payload["salt"] is None
    assert "seed" not in payload["state"]
    assert len(payload["commitment"]) == 64
    assert [seat["player_index"] for seat in payload["seats"]] == [0, 1]
