"""Tables an organiser arranges (games.services.start_arranged_table): players in a given order,
bots included, started at once; a duplicate deal's given seed, kept secret until every game dealt
from it is over; and a player halving their own realtime clock (a tournament's berserk)."""

import pytest
from django.contrib.auth.models import AnonymousUser

from games import errors, replays, selectors, services
from games.bot_accounts import bot_account
from games.models import Game, Seat, Table
from games.payloads import game_payload, view_for
from tests.support.games import fresh, play_one, play_to_end, snapshot

pytestmark = pytest.mark.django_db


def test_an_arranged_table_seats_its_players_in_order_and_starts(alice, bob, carol):
    bot = bot_account("random")
    game = services.start_arranged_table(alice, [bob, bot, carol], rated=False)
    seats = {s.player_index: s.user for s in Seat.objects.filter(table=game.table)}
    assert seats == {0: bob, 1: bot, 2: carol}
    assert game.table.status == Table.Status.PLAYING
    assert game.table.creator == alice  # the organiser, who does not sit at it
    assert not game.shared_seed
    assert game.commitment == services.commitment_of(game.seed, game.salt)


@pytest.mark.parametrize("bad", [
    {"players": "twice"}, {"seed": -1}, {"seed": 2 ** 53}, {"seed": True}, {"seed": "7"},
    {"clock": {"kind": "sundial"}},
])
def test_an_arranged_table_refuses_bad_input_and_changes_nothing(alice, bob, bad):
    players = [bob, bob] if bad.pop("players", None) else [alice, bob]
    with pytest.raises(errors.Invalid):
        services.start_arranged_table(alice, players, **bad)
    assert not Table.objects.exists()
    assert not Game.objects.exists()


def test_an_arranged_table_needs_a_signed_in_creator(alice, bob):
    with pytest.raises(errors.NotAuthenticated):
        services.start_arranged_table(AnonymousUser(), [alice, bob])


def test_games_dealt_from_one_seed_keep_it_secret_until_they_are_all_over(alice, bob, carol, dave):
    first = services.start_arranged_table(alice, [alice, bob], seed=123456789)
    second = services.start_arranged_table(alice, [carol, dave], seed=123456789)
    assert first.shared_seed
    assert second.shared_seed
    assert first.state == second.state  # the same deal
    assert first.salt != second.salt
    assert first.commitment != second.commitment

    play_to_end(first)
    over = fresh(first)
    assert over.is_over
    assert not selectors.seed_revealed(over)
    body = game_payload(over)
    assert (body["seed"], body["salt"]) == (None, None)
    assert body["state"] != over.state  # the public state: no bag order
    assert body["result"] == over.result
    assert body["clock"]["current"] is None
    with pytest.raises(replays.NotFinished):
        replays.export_record(over)
    assert replays.replay_payload(over)["seed"] is None

    services.resign(second.pk, carol)
    assert selectors.seed_revealed(fresh(first))
    body = view_for(fresh(first), alice.pk)
    assert body["seed"] == 123456789
    assert body["state"] == fresh(first).state
    assert replays.export_record(fresh(first))["seed"] == 123456789


def test_a_drawn_seed_is_revealed_at_the_end_without_asking_the_database(alice, bob,
                                                                        django_assert_num_queries):
    game = services.start_arranged_table(alice, [alice, bob])
    services.resign(game.pk, alice)
    over = fresh(game)
    with django_assert_num_queries(0):
        assert selectors.seed_revealed(over)


def _realtime(alice, bob):
    return services.start_arranged_table(
        alice, [alice, bob], clock={"kind": "realtime", "base_seconds": 60, "increment_seconds": 2})


def test_halving_ones_clock_before_the_first_move(alice, bob):
    game = _realtime(alice, bob)
    services.halve_own_clock(game.pk, alice)  # alice is to move: her deadline comes closer
    game = fresh(game)
    alice_seat = Seat.objects.get(table=game.table, user=alice)
    assert alice_seat.time_left_ms == 30_000
    assert (game.deadline_at - game.turn_started_at).total_seconds() == 30
    services.halve_own_clock(game.pk, bob)  # bob waits: only his bank changes
    assert Seat.objects.get(table=game.table, user=bob).time_left_ms == 30_000
    assert fresh(game).deadline_at == game.deadline_at


def test_halving_refusals_change_nothing(alice, bob, carol):
    game = _realtime(alice, bob)
    play_one(game)  # alice moved
    before = snapshot(game)
    with pytest.raises(errors.AlreadyMoved):
        services.halve_own_clock(game.pk, alice)
    with pytest.raises(errors.NotSeated):
        services.halve_own_clock(game.pk, carol)
    assert snapshot(game) == before
    unclocked = services.start_arranged_table(alice, [alice, bob])
    with pytest.raises(errors.AlreadyMoved):
        services.halve_own_clock(unclocked.pk, bob)
    services.resign(game.pk, bob)
    with pytest.raises(errors.GameOver):
        services.halve_own_clock(game.pk, bob)
