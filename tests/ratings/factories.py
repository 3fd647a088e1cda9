"""Finished games built fast for ratings and replay tests.

`finished_game` plays random legal moves with the engine and writes the rows a real game leaves
(table, seats, game, append-only move log, result by games.outcome), without going through
games.services move by move and without enqueueing anything. Tests that need the real path
(finishing through services, the signal, the task) play through games.services instead.
"""

import random
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from azul import engine
from games.models import Game, MoveRecord, Seat, Table
from games.outcome import final_result
from games.services import commitment_of


def make_users(*names):
    model = get_user_model()
    return [model.objects.get_or_create(username=name)[0] for name in names]


def random_moves(players, variant, seed, rng, stop_after=None):
    """A legal random game: (final state, [moves as dicts])."""
    state = engine.new_game(players, variant=variant, seed=seed)
    moves = []
    while not state.is_over and (stop_after is None or len(moves) < stop_after):
        move = rng.choice(state.legal_moves())
        state = state.apply(move)
        moves.append(move.to_dict())
    return state, moves


def finished_game(
    users,
    *,
    rng_seed=0,
    variant="standard",
    rated=True,
    leavers=(),
    ended_by=None,
    finished_at=None,
    stop_after=None,
):
    """A finished game between `users` (in player order); leavers rank last, as live play does."""
    rng = random.Random(rng_seed)
    players = len(users)
    seed = rng.randrange(2**53)
    salt = f"{rng.randrange(16**32):032x}"
    if leavers and ended_by is None:
        ended_by = "resign"
    if leavers and players == 2 and stop_after is None:
        stop_after = rng.randrange(0, 30)
    state, moves = random_moves(players, variant, seed, rng, stop_after)
    now = finished_at or timezone.now()
    table = Table.objects.create(
        creator=users[0],
        players=players,
        variant=variant,
        rated=rated,
        status=Table.Status.FINISHED,
        started_at=now - timedelta(minutes=20),
        finished_at=now,
    )
    for index, user in enumerate(users):
        Seat.objects.create(
            table=table,
            position=index,
            user=user,
            player_index=index,
            left=index in leavers,
            left_reason=(ended_by or "") if index in leavers else "",
        )
    result = final_result(
        state.to_dict(),
        state.result() if state.is_over else None,
        leavers=list(leavers),
        ended_by=ended_by or "normal",
    )
    game = Game.objects.create(
        table=table,
        state=state.to_dict(),
        version=len(moves),
        seed=seed,
        salt=salt,
        commitment=commitment_of(seed, salt),
        status=Game.Status.FINISHED,
        result=result,
        finished_at=now,
    )
    MoveRecord.objects.bulk_create(
        [
            MoveRecord(
                game=game,
                number=number,
                player_index=number_player,
                user=users[number_player],
                move=move,
            )
            for number, (number_player, move) in enumerate(
                _movers(players, variant, seed, moves), 1
            )
        ]
    )
    return game


def _movers(players, variant, seed, moves):
    """(player who made it, move) for each move, by replaying them."""
    state = engine.new_game(players, variant=variant, seed=seed)
    for move in moves:
        yield state.current_player, move
        state = state.apply(move)
