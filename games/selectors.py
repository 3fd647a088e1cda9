"""Reads of tables and games, shaped for the payload builders (related rows fetched up front)."""

from datetime import timedelta

from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from kernel.ids import parse_id

from . import storage
from .clocks import controller_is_bot
from .errors import NotFound
from .models import Game, MoveRecord, Seat, Table

LOBBY_LIMIT = 100
# A week without a move (or, for an open table, without a player coming): the lobby forgets it
# (games.lobby; docs/web-pages.md, "Lobby").
LONG_AGO = timedelta(days=7)


def object_id(value, kind):
    """A table or game id from the outside world, or NotFound (also for ids no database holds)."""
    number = parse_id(value)
    if number is None:
        raise NotFound(_('no %(kind)s %(value)s') % {"kind": kind, "value": value})
    return number


def _seats_prefetch(prefix=""):
    return Prefetch(
        f"{prefix}seats",
        queryset=Seat.objects.select_related("user", "replaced_by").order_by("position"),
    )


def tables(status=None):
    queryset = Table.objects.select_related("creator", "game").prefetch_related(_seats_prefetch())
    if status:
        queryset = queryset.filter(status=status)
    return queryset


def open_tables(limit=LOBBY_LIMIT, now=None):
    """The lobby's open tables, but not those opened LONG_AGO that nobody came to (games.lobby)."""
    since = (now or timezone.now()) - LONG_AGO
    return list(tables(Table.Status.OPEN).filter(created_at__gte=since)[:limit])


def get_table(table_id):
    try:
        return tables().get(pk=object_id(table_id, "table"))
    except Table.DoesNotExist:
        raise NotFound(_('no table %(table_id)s') % {"table_id": table_id}) from None


def get_game(game_id):
    try:
        return (
            Game.objects.select_related("table", "table__creator")
            .prefetch_related(_seats_prefetch("table__"))
            .get(pk=object_id(game_id, "game"))
        )
    except Game.DoesNotExist:
        raise NotFound(_('no game %(game_id)s') % {"game_id": game_id}) from None


def get_game_with_players(game_id):
    """The game with its table and seats (users loaded, `table.seats_in_order()`) in one query:
    what a socket needs on connect and sync. NotFound for an unknown id."""
    game = storage.read_game(object_id(game_id, "game"))
    if game is None:
        raise NotFound(_('no game %(game_id)s') % {"game_id": game_id})
    return game


def last_move(game):
    return MoveRecord.objects.filter(game=game).select_related("user").order_by("-number").first()


def get_game_status(game_id):
    try:
        return Game.objects.values_list("status", flat=True).get(pk=object_id(game_id, "game"))
    except Game.DoesNotExist:
        raise NotFound(_('no game %(game_id)s') % {"game_id": game_id}) from None


def seat_of_player(seats, player_index):
    """The seat of `seats` that plays `player_index`, or None."""
    for seat in seats:
        if seat.player_index == player_index:
            return seat
    return None


def seed_revealed(game):
    """Whether the game's seed, salt and full state may be shown: once it is over, and, for a
    seed other games were dealt too (`shared_seed`: a duplicate round), once they are all over
    as well. A plain game asks nothing of the database."""
    if not game.is_over:
        return False
    if not game.shared_seed:
        return True
    return not Game.objects.filter(
        seed=game.seed, shared_seed=True, status=Game.Status.PLAYING).exists()


def mover_id(game):
    """The user id of whoever moves now for the seat to move (its player, or the bot that
    replaced them), or None once the game is over: the one account whose sockets get the legal
    moves (games.broadcast)."""
    if game.is_over:
        return None
    seat = seat_of_player(game.table.seats_in_order(), game.state["current_player"])
    if seat is None:
        return None
    return seat.replaced_by_id if seat.left else seat.user_id


def bot_to_move(game):
    """The seat a bot must play now in this (loaded) game, or None."""
    if game.status != Game.Status.PLAYING:
        return None
    seat = seat_of_player(game.table.seats_in_order(), game.state.get("current_player"))
    return seat if seat is not None and controller_is_bot(seat) else None


def yet_to_move(game):
    """The player indices of this game that have made no move yet (a game is abortable while
    one is left: docs/live-play.md, "Aborted games"). Every player moves once in the first
    round before anyone moves twice, so from `players` moves on nobody is left and no query runs."""
    players = game.table.players
    if game.version >= players:
        return set()
    moved = MoveRecord.objects.filter(game=game).values_list("player_index", flat=True)
    return set(range(players)) - set(moved)


def _iso(moment):
    return moment.isoformat() if moment else None


def _game_data(game, seats, moves):
    over = seed_revealed(game)
    return {
        "id": game.pk,
        "table": game.table_id,
        "ruleset": game.table.ruleset,
        "players": [
            {"position": seat.position, "player_index": seat.player_index,
             "username": seat.user.username, "display_name": seat.user.shown_name,
             "left": seat.left}
            for seat in seats
        ],
        "status": game.status,
        "result": game.result,
        "created_at": _iso(game.created_at),
        "finished_at": _iso(game.finished_at),
        "seed": game.seed if over else None,
        "moves": [
            {"number": m.number, "player_index": m.player_index, "move": m.move,
             "created_at": _iso(m.created_at)}
            for m in moves
        ],
    }


def own_games_data(user) -> list:
    """Every game `user` sat at, for the download of their data (accounts.privacy): of other
    players only what any visitor sees; a game still running shows no seed."""
    game_ids = Seat.objects.filter(user=user, table__game__isnull=False).values("table__game")
    games = list(Game.objects.filter(pk__in=game_ids).select_related("table").order_by("id"))
    seats, moves = {}, {}
    for seat in Seat.objects.filter(table__game__in=games).select_related("user", "table__game"):
        seats.setdefault(seat.table.game.pk, []).append(seat)
    for move in MoveRecord.objects.filter(game__in=games).order_by("game_id", "number"):
        moves.setdefault(move.game_id, []).append(move)
    return [
        _game_data(game, sorted(seats.get(game.pk, []), key=lambda s: s.position),
                   moves.get(game.pk, []))
        for game in games
    ]


def open_tables_of(user) -> list:
    """(table id, running game id or None) of every open or running table `user` sits at."""
    seats = Seat.objects.filter(user=user, left=False, table__status__in=(
        Table.Status.OPEN, Table.Status.PLAYING)).values_list("table_id", flat=True)
    playing = dict(Game.objects.filter(table_id__in=list(seats), status=Game.Status.PLAYING)
                   .values_list("table_id", "pk"))
    return [(table_id, playing.get(table_id)) for table_id in seats]
