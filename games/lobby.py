"""The lobby's games in progress: the visitor's own running games, and the others worth watching.

A read (selectors-style) with its JSON shape, shared by the lobby page and its REST endpoint.
Each row says which table it is, the round, every seat's score and who is to move, so two games
between the same people are told apart at a glance.

An untimed game that nobody has moved in for ABANDONED_AFTER is not offered to watchers: most are
games a person started against bots and left (no clock will ever end them). Its players still find
it under their own games, to resume or resign, until it has been abandoned LONG_AGO: then it leaves
their lobby too (it stays on the your-turn page, the profile and at its address). An open table
nobody joined for LONG_AGO leaves the lobby's open tables as well. Timed games need no such rule:
their clock ends them.
"""

from datetime import timedelta

from django.db.models import F, Prefetch, Q
from django.utils import timezone

from kernel.errors import is_signed_in

from .models import Game, Seat, Table
from .payloads import clock_options, user_payload
from .selectors import LONG_AGO

ABANDONED_AFTER = timedelta(minutes=30)
WATCH_LIMIT = 50
MINE_LIMIT = 50


def _running_tables():
    return (
        Table.objects.filter(status=Table.Status.PLAYING, game__status=Game.Status.PLAYING)
        .select_related("game")
        .prefetch_related(
            Prefetch(
                "seats",
                queryset=Seat.objects.select_related("user", "replaced_by").order_by("position"),
            )
        )
    )


def _moved_within(period, now):
    """Timed games (their clock ends them), and untimed ones moved in within `period`."""
    return ~Q(clock_kind=Table.ClockKind.NONE) | Q(game__turn_started_at__gte=now - period)


def my_running_tables(user, limit=MINE_LIMIT, *, now=None, forget_long_ago=False):
    """The running games `user` plays in (seats they have not left), most recently moved first;
    `forget_long_ago`: not those abandoned LONG_AGO (the lobby's list)."""
    if not is_signed_in(user):
        return []
    mine = Seat.objects.filter(user=user, left=False).values("table_id")
    tables = _running_tables().filter(pk__in=mine)
    if forget_long_ago:
        tables = tables.filter(_moved_within(LONG_AGO, now or timezone.now()))
    return list(tables.order_by("-game__turn_started_at", "-pk")[:limit])


def left_before_it_began(now, via=""):
    """Q (on Table, or through `via`, e.g. "table__") of untimed games still waiting, for
    ABANDONED_AFTER, for a player's first move: most are quick-play games left at once. No clock
    will abort them, so the your-turn badge does not count them (they stay under the player's own
    games, with Abort). In the first round everyone moves once in turn, so while fewer moves than
    players were made the player to move has not moved yet."""
    return Q(**{f"{via}clock_kind": Table.ClockKind.NONE,
                f"{via}game__version__lt": F(f"{via}players"),
                f"{via}game__turn_started_at__lt": now - ABANDONED_AFTER})


def is_left_before_it_began(table, now):
    """The same rule as left_before_it_began, on a loaded table and its game."""
    game = table.game
    return (table.clock_kind == Table.ClockKind.NONE and game.version < table.players
            and game.turn_started_at is not None and game.turn_started_at < now - ABANDONED_AFTER)


def watchable_tables(user=None, now=None, limit=WATCH_LIMIT):
    """Running games of other people that are being played: timed ones (their clock ends them)
    and untimed ones moved in within ABANDONED_AFTER. Most recently moved first."""
    now = now or timezone.now()
    tables = _running_tables().filter(_moved_within(ABANDONED_AFTER, now))
    if is_signed_in(user):
        tables = tables.exclude(pk__in=Seat.objects.filter(user=user, left=False).values("table_id"))
    return list(tables.order_by("-game__turn_started_at", "-pk")[:limit])


def game_row(table, user=None):
    """One lobby row: the table, the game's round, and per seat the score and who is to move."""
    game = table.game
    state = game.state
    boards = state.get("boards") or []
    current = state.get("current_player")
    me = getattr(user, "pk", None)
    seats = []
    for seat in table.seats_in_order():
        index = seat.player_index
        board = boards[index] if index is not None and index < len(boards) else {}
        seats.append(
            {
                "position": seat.position,
                "player_index": index,
                **user_payload(seat.user),
                "score": board.get("score"),
                "to_move": index is not None and index == current,
                "left": seat.left,
                "replaced_by": user_payload(seat.replaced_by) if seat.left else None,
                "me": me is not None and seat.user_id == me and not seat.left,
            }
        )
    mine = any(seat["me"] for seat in seats)
    return {
        "table": table.pk,
        "game": game.pk,
        "ruleset": table.ruleset,
        "variant": table.variant,
        "players": table.players,
        "rated": table.rated,
        "clock": clock_options(table),
        "round": state.get("round"),
        "version": game.version,
        "last_move_at": game.turn_started_at.isoformat() if game.turn_started_at else None,
        "seats": seats,
        "mine": mine,
        "my_turn": any(seat["me"] and seat["to_move"] for seat in seats),
    }


def lobby_games(user=None):
    """{"mine": [rows], "watch": [rows]} for the lobby of `user` (anonymous: no "mine")."""
    return {
        "mine": [game_row(table, user)
                 for table in my_running_tables(user, forget_long_ago=True)],
        "watch": [game_row(table, user) for table in watchable_tables(user)],
    }
