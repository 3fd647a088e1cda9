"""Leaving a game and running out of time: resign, abandon, time out, and how a game ends.

The leaving policy (docs/live-play.md) applies to all three: in a 2-player game, or with nobody
human left, the game ends; otherwise a bot takes the leaver's seat.
"""

from django.db import transaction
from django.utils import timezone

from games import clocks, errors, events, selectors
from games.bot_accounts import bot_account
from games.models import Game, Table
from games.outcome import aborted_result, final_result

from . import common

# The level of the bot that takes over the seat of a player who left a 3-4 player game.
REPLACEMENT_BOT_LEVEL = "greedy"


def resign(game_id, user):
    """Give up: see docs/live-play.md for what happens to the game. The GameChange."""
    return leave_game(game_id, user, "resign")


def abort(game_id, user):
    """A seated player ends the game while someone has made no move yet (docs/live-play.md,
    "Aborted games"): nobody wins, nobody is rated, the aborter is `aborted_by`. The GameChange."""
    common.require_user(user)
    now = timezone.now()
    with transaction.atomic():
        game = common.lock_game(game_id)
        if game.is_over:
            raise errors.GameOver()
        seat = next(
            (s for s in common.seats_of(game) if s.user_id == user.pk and not s.left),
            None,
        )
        if seat is None:
            raise errors.NotSeated()
        if not selectors.yet_to_move(game):
            raise errors.NotAbortable()
        _abort(game, seat, now, reason="abort")
        game.save()
        return _changed(game)


def leave_game(game_id, user, reason, over=errors.GameOver):
    common.require_user(user)
    now = timezone.now()
    with transaction.atomic():
        game = common.lock_game(game_id)
        if game.is_over:
            raise over()
        seat = next(
            (s for s in common.seats_of(game) if s.user_id == user.pk and not s.left),
            None,
        )
        if seat is None:
            raise errors.NotSeated()
        _seat_leaves(game, seat, reason, now)
        game.save()
        change = _changed(game)
    return change


def _changed(game):
    """Under the game's lock: queue the fan-out of a seat's leaving; the GameChange."""
    change = events.GameChange(game, game.moves.select_related("user").order_by("-number").first())
    events.game_changed(change, table_changed=game.is_over)
    return change


def halve_own_clock(game_id, user):
    """The player gives up half of their realtime bank before their first move (a tournament's
    berserk: docs/tournaments.md): the bank is halved, and if it is their turn already, so is
    what is left of it. AlreadyMoved once they moved, or for a game without a realtime clock.
    The GameChange."""
    common.require_user(user)
    with transaction.atomic():
        game = common.lock_game(game_id)
        if game.is_over:
            raise errors.GameOver()
        seat = next(
            (s for s in common.seats_of(game) if s.user_id == user.pk and not s.left), None)
        if seat is None:
            raise errors.NotSeated()
        if (game.table.clock_kind != Table.ClockKind.REALTIME or seat.time_left_ms is None
                or game.moves.filter(player_index=seat.player_index).exists()):
            raise errors.AlreadyMoved()
        seat.time_left_ms //= 2
        seat.save(update_fields=["time_left_ms"])
        if seat.player_index == game.state["current_player"]:
            # The turn's deadline counts from its start, as charge_move will.
            game.deadline_at = clocks.deadline_for(game.table, seat, game.turn_started_at)
            game.save(update_fields=["deadline_at"])
        return _changed(game)


def expire_game_if_overdue(game_id, now=None):
    """Time out the player to move if their deadline passed. Safe to call any time; True if it did."""
    now = now or timezone.now()
    try:
        overdue = Game.objects.filter(
            pk=selectors.object_id(game_id, "game"),
            status=Game.Status.PLAYING,
            deadline_at__lte=now,
        ).exists()
    except errors.NotFound:
        return False
    if not overdue:
        return False
    with transaction.atomic():
        game = common.lock_game(game_id)
        # Re-check under the lock: a move may have landed since.
        if not is_overdue(game, now):
            return False
        time_out_player_to_move(game, now)
    return True


def game_after_clock_check(game_id, now=None):
    """The game with its players, as committed once its clock was checked: the state a socket
    gets on connect and on sync, so that a client whose display reached zero sees the timeout.

    Read again whoever timed the player out: the beat or a clock task may have done it while this
    call waited for the game's lock, and then the first read is stale."""
    game = selectors.get_game_with_players(game_id)
    if is_overdue(game, now):
        expire_game_if_overdue(game_id, now)
        game = selectors.get_game_with_players(game_id)
    return game


def is_overdue(game, now=None):
    """Whether the player to move of this (loaded) game ran out of time."""
    now = now or timezone.now()
    return not game.is_over and game.deadline_at is not None and game.deadline_at <= now


def time_out_player_to_move(game, now):
    """Under the game's lock: the player to move ran out of time (the leaving policy applies)."""
    seat = selectors.seat_of_player(common.seats_of(game), game.state["current_player"])
    if seat.time_left_ms is not None:
        seat.time_left_ms = 0
    if _aborts_on_timeout(game, seat):
        _abort(game, seat, now)
    else:
        _seat_leaves(game, seat, "timeout", now)
    game.save()
    _changed(game)


def expire_overdue_games(now=None):
    """Time out every game whose deadline passed; returns how many were changed."""
    now = now or timezone.now()
    ids = Game.objects.filter(status=Game.Status.PLAYING, deadline_at__lte=now).values_list(
        "pk", flat=True
    )
    return sum(1 for game_id in list(ids) if expire_game_if_overdue(game_id, now))


# --- the leaving policy, turn clocks and the end ---------------------------------------------


def _seat_leaves(game, seat, reason, now):
    """Apply the leaving policy (docs/live-play.md) to `seat`, which resigned/abandoned/timed out.

    2 players, or nobody human left to play on: the game ends now, the leavers ranking last.
    Otherwise a bot takes the seat so the others can finish; the leaver still ranks last.
    """
    seats = common.seats_of(game)
    seat.left = True
    seat.left_reason = reason
    seat.left_at = now
    events.seat_left(game, seat)
    staying = [s for s in seats if not s.left]
    if len(staying) <= 1 or not any(not common.is_bot(s.user) for s in staying):
        seat.save(update_fields=["left", "left_reason", "left_at", "time_left_ms"])
        finish(game, None, reason, now)
        return
    seat.replaced_by = bot_account(REPLACEMENT_BOT_LEVEL)
    seat.save(update_fields=["left", "left_reason", "left_at", "time_left_ms", "replaced_by"])
    if seat.player_index == game.state["current_player"]:
        start_turn(game, now)  # the bot's turn now: no deadline


def start_turn(game, now):
    seat = selectors.seat_of_player(common.seats_of(game), game.state["current_player"])
    game.turn_started_at = now
    game.deadline_at = clocks.deadline_for(game.table, seat, now)


def finish(game, engine_result, ended_by, now):
    result = final_result(game.state, engine_result, leavers=_leavers(game), ended_by=ended_by)
    _end(game, result, Game.Status.FINISHED, now)


def _leavers(game):
    """Player indices of the seats that left, earliest first."""
    left = sorted((s for s in common.seats_of(game) if s.left), key=lambda s: (s.left_at, s.pk))
    return [s.player_index for s in left]


def _end(game, result, status, now):
    game.result = result
    game.status = status
    game.finished_at = now
    game.deadline_at = None
    table = game.table
    table.status = Table.Status.ABORTED if status == Game.Status.ABORTED else Table.Status.FINISHED
    table.finished_at = now
    table.save(update_fields=["status", "finished_at"])


def _aborts_on_timeout(game, seat):
    """A game lost on time before the player's first move is aborted, rated or casual, as lichess
    does: a clock must not decide a game that one side never began (docs/live-play.md)."""
    return not game.moves.filter(player_index=seat.player_index).exists()


def _abort(game, seat, now, reason="timeout"):
    """End the game as aborted by `seat` (it timed out before its first move, or pressed Abort
    while someone had not moved); nobody is rated."""
    seat.left, seat.left_reason, seat.left_at = True, reason, now
    seat.save(update_fields=["left", "left_reason", "left_at", "time_left_ms"])
    result = aborted_result(game.state, leavers=_leavers(game), aborted_by=seat.player_index)
    _end(game, result, Game.Status.ABORTED, now)
