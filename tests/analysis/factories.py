"""Finished (or running) games of either ruleset, played by the greedy bot, written as rows."""

import functools
import random
from datetime import timedelta

from django.utils import timezone

from azul import bots, engine
from games.models import Game, MoveRecord, Seat, Table
from games.outcome import final_result
from games.services import commitment_of


@functools.cache
def _greedy_game(players, ruleset, variant, seed):
    """The whole game the greedy bot plays from `seed`: its moves, (player, move) in order.
    Kept for the process: the bot spends 3-5 s on a game, and the analysis tests play the same
    few seeds again and again (a game cut short is a prefix of the whole one: same seed, same
    rng, same moves)."""
    rng = random.Random(seed)
    state = engine.new_game(players, variant=variant, seed=seed, ruleset=ruleset)
    moves = []
    while not state.is_over:
        move = bots.choose_move(state, "greedy", rng=rng)
        moves.append((state.current_player, move))
        state = state.apply(move)
    return tuple(moves)


def played_game(users, *, ruleset="classic", variant="standard", seed=7, stop_after=None):
    """A game between `users` (player order) played by the greedy bot; finished unless
    `stop_after` moves cut it short (then it is still running)."""
    players = len(users)
    state = engine.new_game(players, variant=variant, seed=seed, ruleset=ruleset)
    moves = []
    for player, move in _greedy_game(players, ruleset, variant, seed)[:stop_after]:
        assert state.current_player == player
        moves.append((player, move.to_dict()))
        state = state.apply(move)
    over = state.is_over
    now = timezone.now()
    table = Table.objects.create(
        creator=users[0], players=players, variant=variant, ruleset=ruleset,
        status=Table.Status.FINISHED if over else Table.Status.PLAYING,
        started_at=now - timedelta(minutes=20), finished_at=now if over else None)
    for index, user in enumerate(users):
        Seat.objects.create(table=table, position=index, user=user, player_index=index)
    salt = "ab" * 16
    game = Game.objects.create(
        table=table, state=state.to_dict(), version=len(moves), seed=seed, salt=salt,
        commitment=commitment_of(seed, salt),
        status=Game.Status.FINISHED if over else Game.Status.PLAYING,
        result=final_result(state.to_dict(), state.result(), leavers=[], ended_by="normal")
        if over else None,
        finished_at=now if over else None, turn_started_at=now)
    MoveRecord.objects.bulk_create([
        MoveRecord(game=game, number=number, player_index=player, user=users[player], move=move)
        for number, (player, move) in enumerate(moves, 1)])
    return game


def analysed_game(users, *, seed=12, ruleset="classic"):
    """A finished game with a finished analysis written as rows (no search: a page test's
    fixture): every move judged, its own move the best; every fifth one lost points, with
    margins of both signs and two decimals (as the judge's are)."""
    from games.analysis.models import GameAnalysis, MoveAnalysis

    game = played_game(users, ruleset=ruleset, seed=seed)
    now = timezone.now()
    analysis = GameAnalysis.objects.create(
        game=game, status=GameAnalysis.Status.DONE, progress=game.version, total=game.version,
        nodes=1, engine_version="test", bot_version="test", started_at=now, finished_at=now)
    records = MoveRecord.objects.filter(game=game).order_by("number")
    MoveAnalysis.objects.bulk_create([
        MoveAnalysis(
            analysis=analysis, ply=record.number, player=record.player_index, played=record.move,
            best=record.move, played_margin=round(-8.04 + record.number * 0.37, 2),
            best_margin=round(-8.04 + record.number * 0.37 + (9.28 if record.number % 5 == 0 else 0), 2),
            loss=9.28 if record.number % 5 == 0 else 0.0,
            grade="blunder" if record.number % 5 == 0 else "good", depth=1)
        for record in records])
    return game
