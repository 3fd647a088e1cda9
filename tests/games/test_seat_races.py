"""Writers queued on a game's lock see the seats the writer before them committed (PostgreSQL).

Under READ COMMITTED a statement reads the rows as they were when it started: a writer that read
the seats in the statement that waited for the game's lock would decide on the seats as they were
before the previous writer committed. Each race below holds the game's lock in one connection,
queues two writes behind it in others (in a known order: the lock's waiters are served first come,
first served), releases it, and compares the outcome with the same writes run one after the other.
"""

from functools import partial

import pytest

from games import errors, services
from games.models import Game, MoveRecord, Seat
from tests.support.bots import wait_for_bots
from tests.support.games import fresh, legal_moves, start_game
from tests.support.row_locks import queued_behind

# Seat order (and so which role moves) is drawn per game: a few games cover the orders; the
# queue order itself is fixed by queued_behind, so more repetitions add time, not coverage.
REPETITIONS = 3


def _three_seats_with_a_bot(alice, bob):
    game = start_game(alice, bob, players=3, bots=[{"seat": 2, "level": "greedy"}])
    wait_for_bots()  # if the bot opened the game, its move is played: a human is to move now
    return fresh(game)


def _run(write):
    """What a write answered: 'ok' or its error code."""
    try:
        write()
        return "ok"
    except errors.GameError as exc:
        return exc.code


def _queued_behind_the_lock(game_id, writes):
    """Hold the game's lock, queue `writes` behind it in this order, release; their answers."""
    return queued_behind(lambda: Game.objects.select_for_update().get(pk=game_id), writes, _run)


def _outcome(game, answers, roles=None):
    """The game as its players see it, by username or by `roles` {username: role} (seat order,
    and so who is to move, is drawn at random per game)."""
    wait_for_bots()
    game = fresh(game)
    seats = Seat.objects.filter(table=game.table).select_related("user", "replaced_by")

    def name(user):
        return None if user is None else (roles or {}).get(user.username, user.username)

    by_index = {seat.player_index: name(seat.user) for seat in seats}
    result = game.result or {}
    return {
        "answers": answers,
        "status": game.status,
        "ended_by": result.get("ended_by"),
        "leavers": [by_index[index] for index in result.get("leavers", [])],
        "seats": sorted(
            (name(seat.user), seat.left, seat.left_reason, name(seat.controller))
            for seat in seats
        ),
    }


def _human_to_move(game, *humans):
    """The human to move, and the roles of both humans for _outcome."""
    current = fresh(game).state["current_player"]
    mover = Seat.objects.select_related("user").get(table=game.table, player_index=current).user
    assert mover in humans, "a human is to move"
    return mover, {human.username: "mover" if human == mover else "other" for human in humans}


@pytest.mark.requires("postgres")
def test_two_humans_abandoning_at_once_end_the_game_as_in_sequence(transactional_db, alice, bob):
    for _ in range(REPETITIONS):
        in_sequence = _three_seats_with_a_bot(alice, bob)
        answers = [_run(partial(services.leave_table, in_sequence.table_id, alice)),
                   _run(partial(services.leave_table, in_sequence.table_id, bob))]
        expected = _outcome(in_sequence, answers)
        assert expected["status"] == Game.Status.FINISHED  # nobody human left to play on

        raced = _three_seats_with_a_bot(alice, bob)
        answers = _queued_behind_the_lock(raced.pk, [
            partial(services.leave_table, raced.table_id, alice),
            partial(services.leave_table, raced.table_id, bob),
        ])
        assert _outcome(raced, answers) == expected


@pytest.mark.requires("postgres")
def test_a_move_queued_behind_its_players_abandon_is_refused_as_in_sequence(
    transactional_db, alice, bob, settings
):
    # The player who stays plays on against the bot that took the leaver's seat: two more games
    # against bots per repetition, past the cap on such games (BOT_GAMES_PER_USER).
    settings.BOT_GAMES_PER_USER = 2 * REPETITIONS
    for _ in range(REPETITIONS):
        in_sequence = _three_seats_with_a_bot(alice, bob)
        mover, roles = _human_to_move(in_sequence, alice, bob)
        move, version = legal_moves(in_sequence)[0], in_sequence.version
        answers = [_run(partial(services.leave_table, in_sequence.table_id, mover)),
                   _run(partial(services.play_move, in_sequence.pk, mover, move, version))]
        expected = _outcome(in_sequence, answers, roles)
        assert expected["answers"] == ["ok", errors.NotSeated.code]

        raced = _three_seats_with_a_bot(alice, bob)
        mover, roles = _human_to_move(raced, alice, bob)
        move, version = legal_moves(raced)[0], raced.version
        answers = _queued_behind_the_lock(raced.pk, [
            partial(services.leave_table, raced.table_id, mover),
            partial(services.play_move, raced.pk, mover, move, version),
        ])
        assert _outcome(raced, answers, roles) == expected
        # Nothing was recorded under the leaver's name (the bot that took the seat plays on).
        assert not MoveRecord.objects.filter(game=raced, number__gt=version, user=mover).exists()


@pytest.mark.requires("postgres")
def test_leaving_a_table_that_starts_meanwhile_abandons_its_game(transactional_db, alice, bob):
    """leave_table found no game and queued on the table's lock while the table was started: it
    lets the table's lock go before taking the game's (docs/architecture.md, "Lock order")."""
    table = services.create_table(alice, players=2)
    services.join_table(table.pk, bob)
    answers = queued_behind(
        partial(services.start_table, table.pk, alice),
        [partial(services.leave_table, table.pk, bob)],
        _run,
    )
    assert answers == ["ok"]
    game = Game.objects.get(table=table)
    assert game.status == Game.Status.FINISHED
    assert game.result["ended_by"] == "abandon"
    assert Seat.objects.get(table=table, user=bob).left_reason == "abandon"
