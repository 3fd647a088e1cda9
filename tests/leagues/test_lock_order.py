"""One lock order (docs/architecture.md, "Lock order"): racing writers queue, never deadlock.

Each race holds a lock in one connection, queues two writers behind it in a known order
(tests.support.row_locks), releases it, and checks that both finished as they would have one
after the other. On PostgreSQL a deadlock aborts one of them with "deadlock detected".
"""

from datetime import timedelta
from functools import partial

import pytest
from django.utils import timezone

from azul import engine
from games import errors as game_errors
from games import services as game_services
from games.models import Game, Seat
from leagues import errors as league_errors
from leagues import services
from leagues.models import Fixture, Round, Season
from tests.support.games import one_move_from_the_end, put_game_at
from tests.support.leagues import open_fixtures, players, started_season
from tests.support.row_locks import queued_behind

# The queue order is fixed by queued_behind; each repetition sets its game one move from its
# end (tests.support.games.put_game_at, as the browser tests do): the race is the last move's.
REPETITIONS = 2


def _answer(write):
    try:
        return write()
    except (game_errors.GameError, league_errors.LeagueError) as exc:
        return exc.code


def _finishing_move(game):
    """A move that ends `game` now, or None."""
    state = engine.ClassicState.from_dict(game.state)
    for move in state.legal_moves():
        if state.apply(move).is_over:
            return move.to_dict()
    return None


def _fixture_one_move_from_its_end(organiser, members, seed):
    """A 2-player fixture whose game the player to move can finish, its deadline passed."""
    _, season = started_season(organiser, members)
    (fixture,) = open_fixtures(season)
    # Set there (the engine's random moves): a whole game through the services took 10-20 s.
    game = Game.objects.get(table=fixture.table_id)
    seed, moves, _ = one_move_from_the_end(game, seed)
    put_game_at(game, seed, moves)
    game = Game.objects.get(table=fixture.table_id)
    mover = Seat.objects.select_related("user").get(
        table=fixture.table_id, player_index=game.state["current_player"]
    ).user
    finishing = _finishing_move(game)
    assert finishing is not None
    Fixture.objects.filter(pk=fixture.pk).update(deadline_at=timezone.now() - timedelta(minutes=1))
    return fixture, game, mover, finishing


def _fixture_outcome(fixture, game):
    fixture.refresh_from_db()
    game = Game.objects.get(pk=game.pk)
    return fixture.status, fixture.decided_by, game.status, (game.result or {}).get("ended_by")


@pytest.mark.requires("postgres")
@pytest.mark.parametrize("move_first", [True, False], ids=["move-first", "deadline-first"])
def test_a_finishing_move_racing_the_fixture_deadline_queues_instead_of_deadlocking(
    transactional_db, organiser, make_user, move_first
):
    members = players(make_user, 2)
    for repetition in range(REPETITIONS):
        fixture, game, mover, move = _fixture_one_move_from_its_end(organiser, members, repetition)
        play = partial(game_services.play_move, game.pk, mover, move, game.version)
        writes = [play, services.close_overdue_fixtures]
        if not move_first:
            writes.reverse()
        answers = queued_behind(
            lambda game=game: Game.objects.select_for_update().get(pk=game.pk), writes, _answer
        )
        if not move_first:
            answers.reverse()
        played, closed = answers
        if move_first:
            # The game ended on the board; the deadline task then found it over and took its result.
            assert isinstance(played, game_services.MoveOutcome)
            assert played.applied
            assert closed == 1
            assert _fixture_outcome(fixture, game) == (
                Fixture.Status.DONE, Fixture.DecidedBy.GAME, Game.Status.FINISHED, "normal"
            )
        else:
            # The late player forfeited first and left the game, which the move then found over.
            assert closed == 1
            assert played == game_errors.GameOver.code
            assert _fixture_outcome(fixture, game) == (
                Fixture.Status.DONE, Fixture.DecidedBy.DEADLINE, Game.Status.FINISHED, "abandon"
            )


@pytest.mark.requires("postgres")
def test_a_withdrawal_racing_the_last_fixture_deadline_queues_instead_of_deadlocking(
    transactional_db, organiser, make_user
):
    """withdraw_player works down from the season to its fixtures; the deadline task, which ends
    the season with its last fixture, must not work up from the fixture to the season."""
    for repetition in range(REPETITIONS):
        members = players(make_user, 2, prefix=f"w{repetition}-")
        _, season = started_season(organiser, members)
        (fixture,) = open_fixtures(season)  # the season's one round and one fixture
        Fixture.objects.filter(pk=fixture.pk).update(
            deadline_at=timezone.now() - timedelta(minutes=1)
        )
        round_id = fixture.round_id

        answers = queued_behind(
            lambda round_id=round_id: Round.objects.select_for_update().get(pk=round_id),
            [
                services.close_overdue_fixtures,
                partial(services.withdraw_player, season.pk, organiser, members[0].username, "ill"),
            ],
            _answer,
        )

        # As one after the other: the deadline ended the season, so nobody can withdraw from it.
        assert answers == [1, league_errors.WrongState.code]
        fixture.refresh_from_db()
        assert fixture.decided_by == Fixture.DecidedBy.DEADLINE
        assert Season.objects.get(pk=season.pk).status == Season.Status.FINISHED
