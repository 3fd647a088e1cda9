"""Takebacks in casual games (issue 38; docs/live-play.md, "Takebacks"): asked by a player,
accepted by every other human, automatic against bots; the state rebuilt from the moves that
stay; every refusal clear and changing nothing; accept racing a move on PostgreSQL.

Real database, eager Celery; the games commit, so transactional_db."""

import random
from datetime import timedelta

import pytest

from azul import engine
from games import errors, game_rules, services
from games.models import Game, MoveRecord, Seat, Takeback
from games.payloads import view_for
from games.replays import export_record, verify_record
from games.services import takebacks
from games.takeback_offers import TAKEBACKS_PER_PLAYER
from tests.support.bots import wait_for_bots
from tests.support.games import (
    client_for,
    controller_to_move,
    error_code,
    fresh,
    legal_moves,
    play_one,
    snapshot,
    start_game,
)
from tests.support.row_locks import queued_behind

pytestmark = pytest.mark.django_db(transaction=True)


def seat_of(game, user):
    return Seat.objects.get(table=game.table, user=user)


def play_until_last_mover_is(game, user, rng):
    """Play at random until `user` made the latest move and the other player is to move."""
    while True:
        play_one(game, rng)
        game = fresh(game)
        last = MoveRecord.objects.filter(game=game).order_by("-number").first()
        if last.user_id == user.pk and controller_to_move(game) != user:
            return game


def states_by_version(game, rng, until):
    """Play at random to version `until`, keeping the stored state of every version."""
    states = {0: fresh(game).state}
    while fresh(game).version < until:
        play_one(game, rng)
        states[fresh(game).version] = fresh(game).state
    return states


def test_an_accepted_takeback_goes_back_to_the_askers_turn_with_the_state_it_had(alice, bob):
    """Across a round's end too: the refill after it is drawn again identically."""
    game = start_game(alice, bob)
    rng = random.Random(3)
    states = states_by_version(game, rng, 1)
    # Past the first round's end, to a move of alice's just after it.
    while True:
        game = fresh(game)
        if game.state["round"] >= 2:
            last = MoveRecord.objects.filter(game=game).order_by("-number").first()
            if last.user_id == alice.pk and controller_to_move(game) == bob:
                break
        play_one(game, rng)
        states[fresh(game).version] = fresh(game).state
    game = fresh(game)
    asked_at = game.version
    back_to = last.number - 1
    round_before = states[back_to]["round"]

    change = services.request_takeback(game.pk, alice, game.version)
    # Asked: nothing moved yet, bob sees the request and is the one it waits for.
    assert fresh(game).version == asked_at
    assert MoveRecord.objects.filter(game=game).count() == asked_at
    offer = view_for(fresh(game), bob.pk)["takeback"]["offer"]
    assert offer == {"by": seat_of(game, alice).player_index, "back_to": back_to, "accepted": [],
                     "waiting_for": [seat_of(game, bob).player_index]}
    assert change.game.version == asked_at

    services.answer_takeback(game.pk, bob, asked_at, accept=True)
    game = fresh(game)
    assert game.version == back_to
    assert game.state == states[back_to]
    assert game.state["round"] == round_before
    assert game.state["current_player"] == seat_of(game, alice).player_index
    assert list(MoveRecord.objects.filter(game=game).values_list("number", flat=True)) == list(
        range(1, back_to + 1))
    (taken,) = Takeback.objects.filter(game=game)
    assert (taken.outcome, taken.requested_by, taken.from_version, taken.back_to) == (
        "accepted", alice, asked_at, back_to)
    assert [m["number"] for m in taken.moves] == list(range(back_to + 1, asked_at + 1))
    payload = view_for(game, alice.pk)
    assert payload["takeback"]["offer"] is None
    assert payload["takeback"]["done"] == 1
    assert payload["takeback"]["left"][str(seat_of(game, alice).player_index)] == (
        TAKEBACKS_PER_PLAYER - 1)
    assert payload["legal_moves"] == legal_moves(game)
    # Play goes on from there, and the game still replays from its seed and its log.
    while fresh(game).status == Game.Status.PLAYING:
        play_one(game, rng)
    check = verify_record(export_record(fresh(game)))
    assert check.valid, check.reason


def test_against_a_bot_it_is_taken_back_at_once_with_the_bots_reply(alice):
    table = services.create_table(alice, players=2)
    services.seat_bot(table.pk, alice, 1, "random")
    game = services.start_table(table.pk, alice)
    wait_for_bots()
    game = fresh(game)
    mine = seat_of(game, alice).player_index
    rng = random.Random(1)
    for _ in range(3):
        move = rng.choice(legal_moves(game))
        services.play_move(game.pk, alice, move, fresh(game).version)
        wait_for_bots()
        game = fresh(game)
    before_mine = MoveRecord.objects.filter(game=game, user=alice).order_by("-number").first()
    asked_at = game.version

    services.request_takeback(game.pk, alice, asked_at)

    game = fresh(game)
    assert game.version == before_mine.number - 1
    assert game.state["current_player"] == mine
    (taken,) = Takeback.objects.filter(game=game)
    assert taken.outcome == "accepted"
    assert len(taken.moves) == asked_at - game.version >= 2
    assert game.state == game_rules.load_state(game.state).to_dict()  # a state the engine reads
    replayed = engine.new_game(2, seed=game.seed)
    for record in MoveRecord.objects.filter(game=game).order_by("number"):
        replayed = replayed.apply(record.move)
    assert replayed.to_dict() == game.state


def test_refusals_are_clear_and_change_nothing(alice, bob, carol):
    rated = start_game(alice, bob, rated=True)
    play_one(rated)
    before = snapshot(rated)
    with pytest.raises(errors.TakebackNotAllowed):
        services.request_takeback(rated.pk, waiting(rated), fresh(rated).version)
    assert snapshot(rated) == before

    game = start_game(alice, bob)
    first = controller_to_move(game)
    with pytest.raises(errors.NothingToTakeBack):
        services.request_takeback(game.pk, first, 0)
    game = play_until_last_mover_is(game, alice, random.Random(2))
    before = snapshot(game)
    for user, version, error in [
        (carol, game.version, errors.NotSeated),
        (alice, game.version - 1, errors.StaleVersion),
        (alice, "1", errors.Invalid),
    ]:
        with pytest.raises(error):
            services.request_takeback(game.pk, user, version)
    with pytest.raises(errors.NoTakebackOffer):
        services.answer_takeback(game.pk, bob, game.version, accept=True)
    assert snapshot(game) == before
    assert not Takeback.objects.filter(game=game).exists()

    services.request_takeback(game.pk, alice, game.version)
    asked = snapshot(game)
    for user, error in [(alice, errors.TakebackPending), (bob, errors.TakebackPending)]:
        with pytest.raises(error):
            services.request_takeback(game.pk, user, game.version)
    with pytest.raises(errors.OwnTakeback):
        services.answer_takeback(game.pk, alice, game.version, accept=True)
    with pytest.raises(errors.NotSeated):
        services.answer_takeback(game.pk, carol, game.version, accept=True)
    with pytest.raises(errors.StaleVersion):
        services.answer_takeback(game.pk, bob, game.version - 1, accept=True)
    assert snapshot(game) == asked

    # Declined: the request is gone, nothing else changed; a repeated answer finds nothing.
    services.answer_takeback(game.pk, bob, game.version, accept=False)
    assert snapshot(game) == asked
    assert view_for(fresh(game), bob.pk)["takeback"]["offer"] is None
    assert Takeback.objects.get(game=game).declined_by == bob
    with pytest.raises(errors.NoTakebackOffer):
        services.answer_takeback(game.pk, bob, game.version, accept=False)

    # An accepted one answered again: nothing waits any more, nothing changes.
    services.request_takeback(game.pk, alice, game.version)
    services.answer_takeback(game.pk, bob, game.version, accept=True)
    taken = snapshot(game)
    with pytest.raises(errors.NoTakebackOffer):
        services.answer_takeback(game.pk, bob, game.version, accept=True)
    assert snapshot(game) == taken

    # The budget: TAKEBACKS_PER_PLAYER requests a game, whatever their answers.
    rng = random.Random(5)
    for _ in range(TAKEBACKS_PER_PLAYER - 2):
        game = play_until_last_mover_is(game, alice, rng)
        services.request_takeback(game.pk, alice, game.version)
        services.answer_takeback(game.pk, bob, game.version, accept=False)
    game = play_until_last_mover_is(game, alice, rng)
    before = snapshot(game)
    with pytest.raises(errors.TakebackLimit):
        services.request_takeback(game.pk, alice, game.version)
    assert snapshot(game) == before

    # A finished game takes nothing back.
    services.resign(game.pk, bob)
    before = snapshot(game)
    with pytest.raises(errors.GameOver):
        services.request_takeback(game.pk, alice, fresh(game).version)
    assert snapshot(game) == before


def waiting(game):
    (user,) = [u for u in (seat.user for seat in Seat.objects.filter(table=game.table))
               if u != controller_to_move(game)]
    return user


def test_a_request_lapses_when_the_game_moves_on(alice, bob):
    game = play_until_last_mover_is(start_game(alice, bob), alice, random.Random(4))
    services.request_takeback(game.pk, alice, game.version)
    play_one(game)
    game = fresh(game)
    assert takebacks.pending_offer(game) is None
    assert view_for(game, bob.pk)["takeback"]["offer"] is None
    with pytest.raises(errors.NoTakebackOffer):
        services.answer_takeback(game.pk, bob, game.version, accept=True)


def test_three_players_need_every_other_human_and_bots_accept(alice, bob, carol):
    table = services.create_table(alice, players=3)
    services.join_table(table.pk, bob)
    services.join_table(table.pk, carol)
    game = services.start_table(table.pk, alice)
    game = play_until_last_mover_is(game, alice, random.Random(6))
    services.request_takeback(game.pk, alice, game.version)
    others = sorted(seat_of(game, user).player_index for user in (bob, carol))
    assert view_for(fresh(game), bob.pk)["takeback"]["offer"]["waiting_for"] == others
    services.answer_takeback(game.pk, bob, game.version, accept=True)
    game = fresh(game)
    assert view_for(game, bob.pk)["takeback"]["offer"]["waiting_for"] == [seat_of(game, carol).player_index]
    with pytest.raises(errors.NoTakebackOffer):  # bob already answered
        services.answer_takeback(game.pk, bob, game.version, accept=True)
    services.answer_takeback(game.pk, carol, game.version, accept=True)
    game = fresh(game)
    assert game.state["current_player"] == seat_of(game, alice).player_index


def test_the_rest_api_asks_and_answers(alice, bob):
    game = play_until_last_mover_is(start_game(alice, bob), alice, random.Random(7))
    version = game.version
    asked = client_for(alice).post(f"/api/v1/games/{game.pk}/takeback", {"version": version}, format="json")
    assert asked.status_code == 200
    assert asked.json()["takeback"]["offer"]["by"] == seat_of(game, alice).player_index
    again = client_for(alice).post(f"/api/v1/games/{game.pk}/takeback", {"version": version}, format="json")
    assert again.status_code == 409
    assert error_code(again) == "takeback_pending"
    own = client_for(alice).post(f"/api/v1/games/{game.pk}/takeback/accept", {"version": version}, format="json")
    assert own.status_code == 403
    assert error_code(own) == "own_takeback"
    bad = client_for(bob).post(f"/api/v1/games/{game.pk}/takeback/accept", {"version": "x"}, format="json")
    assert bad.status_code == 400
    accepted = client_for(bob).post(f"/api/v1/games/{game.pk}/takeback/accept", {"version": version}, format="json")
    assert accepted.status_code == 200
    assert accepted.json()["version"] < version
    repeated = client_for(bob).post(f"/api/v1/games/{game.pk}/takeback/accept", {"version": version}, format="json")
    assert repeated.status_code == 409
    assert error_code(repeated) == "no_takeback_offer"


def test_realtime_clocks_charge_the_player_to_move_and_start_the_askers_turn(alice, bob):
    game = start_game(alice, bob, clock={"kind": "realtime", "base_seconds": 300})
    game = play_until_last_mover_is(game, alice, random.Random(8))
    fresh_turn_start = game.turn_started_at
    services.request_takeback(game.pk, alice, game.version)
    bank_before = seat_of(game, bob).time_left_ms
    services.answer_takeback(game.pk, bob, game.version, accept=True)
    game = fresh(game)
    bobs = seat_of(game, bob)
    charged = int((game.turn_started_at - fresh_turn_start).total_seconds() * 1000)
    # bob's turn so far came off his bank (no increment), nothing was given back to anyone, and
    # alice's turn runs from now on her bank as it stood.
    assert bobs.time_left_ms == max(0, bank_before - charged)
    assert game.deadline_at == game.turn_started_at + timedelta(
        milliseconds=seat_of(game, alice).time_left_ms)


@pytest.mark.requires("postgres")
@pytest.mark.parametrize("order", ["accept first", "move first"])
def test_an_accept_racing_a_move_on_the_row_lock(alice, bob, order):
    """bob accepts alice's request and plays a move at once (two tabs): whichever takes the
    game's lock first wins, the other gets a clear error and changes nothing."""
    game = play_until_last_mover_is(start_game(alice, bob), alice, random.Random(9))
    services.request_takeback(game.pk, alice, game.version)
    version = game.version
    move = legal_moves(game)[0]
    accept = lambda: services.answer_takeback(game.pk, bob, version, accept=True)  # noqa: E731
    play = lambda: services.play_move(game.pk, bob, move, version)  # noqa: E731
    writes = [accept, play] if order == "accept first" else [play, accept]

    def answer(write):
        try:
            write()
            return "ok"
        except errors.GameError as exc:
            return exc.code

    answers = queued_behind(lambda: services.common.lock_game(game.pk), writes, answer)
    game = fresh(game)
    if order == "accept first":
        assert answers == ["ok", "stale_version"]
        assert game.version < version
        assert game.state["current_player"] == seat_of(game, alice).player_index
        assert Takeback.objects.get(game=game).outcome == "accepted"
    else:
        assert answers == ["ok", "no_takeback_offer"]
        assert game.version == version + 1
        assert not Takeback.objects.filter(game=game).exists()
    assert MoveRecord.objects.filter(game=game).count() == game.version
