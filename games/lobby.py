"""The lobby's games in progress: the visitor's own running games, and the others worth watching.

A read (selectors-style) with its JSON shape, shared by the lobby page and its REST endpoint.
Each row says which table it is, the round, every seat's score and who is to move, so two games
between the same people are told apart at a glance.

An untimed game that nobody has moved in for ABANDONED_AFTER is not offered to watchers: most are
games a person started against bots and left (no clock will ever end them). Its players still find
it under their own games, to resume or resign.
"""

from datetime import timedelta

from django.db.models import Prefetch, Q
from django.utils import timezone

from kernel.errors import is_signed_in

from .models import Game, Seat, Table
from .payloads import clock_options, user_payload

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


def my_running_tables(user, limit=MINE_LIMIT):
    """The running games `user` plays in (seats they have not left), most recently moved first."""
    if not is_signed_in(user):
        return []
    mine = Seat.objects.filter(user=user, left=False).values("table_id")
    return list(
        _running_tables().filter(pk__in=mine).order_by("-game__turn_started_at", "-pk")[:limit]
    )


def watchable_tables(user=None, now=None, limit=WATCH_LIMIT):
    """Running games of other people that are being played: timed ones (their clock ends them)
    and untimed ones moved in within ABANDONED_AFTER. Most recently moved first."""
    now = now or timezone.now()
    alive = ~Q(clock_kind=Table.ClockKind.NONE) | Q(game__turn_started_at__gte=now - ABANDONED_AFTER)
    tables = _running_tables().filter(alive)
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
        "mine": [game_row(table, user) for table in my_running_tables(user)],
        "watch": [game_row(table, user) for table in watchable_tables(user)],
    }
