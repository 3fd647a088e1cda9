"""Tables: open, join, seat a bot, leave, start (which creates the game).

Locks are taken in the order of docs/architecture.md ("Lock order"): a game before its table.
"""

import hashlib
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import clocks, errors, events, game_rules, selectors
from games.bot_accounts import bot_account, bot_levels
from games.models import Game, Seat, Table

from . import common, leaving
from .bot_games import check_bot_games_quota
from .options import validate_table_options


def _check_open_tables_quota(user):
    """Refuse a seat at one more open table past settings.OPEN_TABLES_PER_USER (one user must not
    fill the lobby). The user's row is locked first, so one user's requests count in turn."""
    limit = settings.OPEN_TABLES_PER_USER
    list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))
    sitting = Seat.objects.filter(user=user, table__status=Table.Status.OPEN).count()
    if sitting >= limit:
        raise errors.TooManyOpenTables(
            _('you sit at %(sitting)s open tables, the most allowed: '
              'start or leave one of them before opening or joining another')
            % {"sitting": sitting}
        )


def create_table(creator, *, enforce_quota=True, **options):
    """Open a table; the creator sits in seat 0, or the first seat no bot was asked for.

    enforce_quota=False: for tables started at once (league fixtures), never open in the lobby."""
    common.require_user(creator)
    if common.is_bot(creator):
        raise errors.Forbidden(_("bots do not create tables"))
    clean = validate_table_options(**options)
    bot_seats = clean.pop("bot_seats")
    with transaction.atomic():
        if enforce_quota:
            _check_open_tables_quota(creator)
        table = Table.objects.create(creator=creator, **clean)
        for position, level in sorted(bot_seats.items()):
            Seat.objects.create(table=table, position=position, user=bot_account(level))
        creator_position = min(set(range(table.players)) - set(bot_seats))
        Seat.objects.create(table=table, position=creator_position, user=creator)
        events.table_changed(table.pk)
    return table


def join_table(table_id, user, seat=None, *, enforce_quota=True):
    """Take a free seat (the given position, or the first free one) at an open table."""
    common.require_user(user)
    if common.is_bot(user):
        raise errors.Forbidden(_("bots are seated by the table's creator"))
    with transaction.atomic():
        if enforce_quota:
            _check_open_tables_quota(user)  # the user's row before the table's (lock order)
        table = common.lock_table(table_id)
        if table.status != Table.Status.OPEN:
            raise errors.TableNotOpen()
        taken = {s.position: s for s in table.seats_in_order()}
        if any(s.user_id == user.pk for s in taken.values()):
            raise errors.AlreadySeated()
        position = _free_position(table, taken, seat)
        try:
            with transaction.atomic():
                new_seat = Seat.objects.create(table=table, position=position, user=user)
        except IntegrityError:
            raise errors.SeatTaken() from None
        events.table_changed(table.pk)
    return new_seat


def _free_position(table, taken, seat):
    if seat is None:
        free = [p for p in range(table.players) if p not in taken]
        if not free:
            raise errors.TableFull()
        return free[0]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.players:
        raise errors.Invalid(_('seat must be in 0..%(players_1)s') % {"players_1": table.players - 1})
    if seat in taken:
        raise errors.SeatTaken(_('seat %(seat)s is taken') % {"seat": seat})
    return seat


def _lock_open_table_of(table_id, creator):
    """Lock an open table for an action of its creator (NotCreator, TableNotOpen otherwise)."""
    table = common.lock_table(table_id)
    if table.creator_id != creator.pk:
        raise errors.NotCreator()
    if table.status != Table.Status.OPEN:
        raise errors.TableNotOpen()
    return table


def seat_bot(table_id, by_user, seat, level):
    """The creator puts a bot of `level` in a free seat of an open table."""
    common.require_user(by_user)
    if level not in bot_levels():
        raise errors.Invalid(_('bot level must be one of %(join)s') % {"join": ', '.join(bot_levels())})
    with transaction.atomic():
        table = _lock_open_table_of(table_id, by_user)
        taken = {s.position: s for s in table.seats_in_order()}
        position = _free_position(table, taken, seat)
        try:
            with transaction.atomic():
                new_seat = Seat.objects.create(
                    table=table, position=position, user=bot_account(level)
                )
        except IntegrityError:
            raise errors.SeatTaken() from None
        events.table_changed(table.pk)
    return new_seat


class _TableStarted(Exception):
    """The open table being left was started meanwhile: leave its game instead."""


def leave_table(table_id, user):
    """Leave a table. Open table: free the seat (the creator leaving aborts it). Running game: abandon."""
    common.require_user(user)
    table_id = selectors.object_id(table_id, "table")
    # Lock order (docs/architecture.md): a table with a game is guarded by its game's lock, taken
    # before the table's row; only a table without a game is locked by its own row.
    game_id = _game_id_of_table(table_id)
    if game_id is None:
        try:
            return _leave_open_table(table_id, user)
        except _TableStarted:  # rolled back: the table's lock was let go before the game's
            game_id = _game_id_of_table(table_id)
    leaving.leave_game(game_id, user, "abandon", over=errors.TableNotOpen)
    return Table.objects.get(pk=table_id)


def _game_id_of_table(table_id):
    return Game.objects.filter(table_id=table_id).values_list("pk", flat=True).first()


def _leave_open_table(table_id, user):
    with transaction.atomic():
        table = common.lock_table(table_id)
        if table.status == Table.Status.PLAYING:
            raise _TableStarted()
        if table.status != Table.Status.OPEN:
            raise errors.TableNotOpen()
        seat = table.seats.filter(user=user).first()
        if seat is None:
            raise errors.NotSeated()
        if table.creator_id == user.pk:
            table.status = Table.Status.ABORTED
            table.finished_at = timezone.now()
            table.save(update_fields=["status", "finished_at"])
        else:
            seat.delete()
        events.table_changed(table.pk)
    return table


def start_table(table_id, user, *, player_order=None):
    """The creator starts a full table: seat order shuffled and seed drawn with `secrets`.

    player_order: the seat positions in playing order instead of a shuffle (a rematch rotates
    the previous game's order: matchmaking.services.rematches)."""
    common.require_user(user)
    with transaction.atomic():
        check_bot_games_quota(table_id)  # the humans' rows, before the table's (lock order)
        table = _lock_open_table_of(table_id, user)
        seats = list(table.seats.select_related("user"))
        if len(seats) != table.players:
            raise errors.SeatsNotFilled(
                _('%(count)s of %(players)s seats are filled') % {"count": len(seats), "players": table.players}
            )
        if player_order is None:
            secrets.SystemRandom().shuffle(seats)
        else:
            by_position = {seat.position: seat for seat in seats}
            if sorted(player_order) != sorted(by_position):
                raise errors.Invalid("player_order must list every seat position once")
            seats = [by_position[position] for position in player_order]
        return _start(table, seats, timezone.now())


def start_arranged_table(creator, players, *, seed=None, **options):
    """A table made by `creator` for `players` (users, bots included, in playing order: the
    first is player 0), started at once; its game. For events an organiser arranges (a
    tournament's pairings): the creator need not sit at it, nobody joins it from the lobby, and
    neither the open-tables quota nor the bot-games cap applies.

    seed: the deal, when several games must share one (a duplicate round), instead of a drawn
    one. The game commits to it with a salt of its own, and its seed stays secret until every
    game dealt from that seed is over (selectors.seed_revealed)."""
    common.require_user(creator)
    users = list(players)
    if len({user.pk for user in users}) != len(users):
        raise errors.Invalid(_("a player sits at a table once"))
    clean = validate_table_options(players=len(users), **options)
    clean.pop("bot_seats")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                             or not 0 <= seed < 2 ** 53):
        raise errors.Invalid(_("seed must be an integer in 0..2^53-1"))
    with transaction.atomic():
        table = Table.objects.create(creator=creator, **clean)
        seats = [Seat.objects.create(table=table, position=position, user=user)
                 for position, user in enumerate(users)]
        return _start(table, seats, timezone.now(), seed=seed)


def _start(table, seats, now, seed=None):
    """Under the table's lock (or on a table nobody else can see yet): `seats` in playing order
    get their engine seats and clocks, and the game is dealt from a drawn seed (or `seed`)."""
    bank = clocks.initial_bank_ms(table)
    for index, seat in enumerate(seats):
        seat.player_index = index
        seat.time_left_ms = bank
        seat.save(update_fields=["player_index", "time_left_ms"])

    shared = seed is not None
    if not shared:
        # 53 bits: the engine's limit, so the seed survives JSON numbers in browsers.
        seed = secrets.randbits(53)
    salt = secrets.token_hex(16)
    state = game_rules.new_state(table.ruleset, table.players, table.variant, seed)
    game = Game.objects.create(
        table=table,
        state=state.to_dict(),
        version=0,
        seed=seed,
        salt=salt,
        commitment=commitment_of(seed, salt),
        shared_seed=shared,
        turn_started_at=now,
    )
    table.status = Table.Status.PLAYING
    table.started_at = now
    table.save(update_fields=["status", "started_at"])

    game.table = common.table_with_seats(table.pk)
    leaving.start_turn(game, now)
    game.save(update_fields=["deadline_at", "turn_started_at"])
    events.game_changed(events.GameChange(game), table_changed=True)
    return game


def commitment_of(seed, salt):
    """The published commitment: anyone can check it against the seed revealed at the end."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()
