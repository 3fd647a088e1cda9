"""Every change to tables and games happens here.
(Over 400 lines: one service module per app until it is cut into a games/services/ package.)

A game has a single writer: each operation runs in one transaction that locks the game row
(`select_for_update`), re-reads it and checks the version the client saw. Broadcasts, bot turns and
clock checks are queued after commit (games.events), so nobody hears of a change that rolled back.
Locks are taken in the order of docs/architecture.md ("Lock order"): a game before its table.
Bad input raises a `games.errors.GameError` and changes nothing.
"""

import hashlib
import secrets
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from games import engine

from . import clocks, errors, events, game_rows, payloads, rulesets, selectors
from .bot_accounts import bot_account, bot_levels
from .models import Game, MoveRecord, Seat, Table
from .outcome import aborted_result, final_result

# The level of the bot that takes over the seat of a player who left a 3-4 player game.
REPLACEMENT_BOT_LEVEL = "greedy"
MAX_BASE_SECONDS = 3 * 60 * 60
MAX_INCREMENT_SECONDS = 10 * 60
MAX_DAYS_PER_MOVE = 30


@dataclass(frozen=True)
class MoveOutcome:
    version: int
    state: dict  # public state after the move
    applied: bool  # False when this was a resend of the last accepted move
    payload: dict  # the full game payload (payloads.game_payload)


# --- helpers ---------------------------------------------------------------------------------


def _require_user(user):
    if user is None or not getattr(user, "is_authenticated", False):
        raise errors.NotAuthenticated()


def _is_bot(user):
    return bool(getattr(user, "is_bot", False))


def _lock_table(table_id):
    try:
        return Table.objects.select_for_update().get(pk=selectors.object_id(table_id, "table"))
    except Table.DoesNotExist:
        raise errors.NotFound(_('no table %(table_id)s') % {"table_id": table_id}) from None


def _lock_game(game_id):
    """Lock the game row (the single-writer lock) and load it with its table and seats (users
    included, as `game.table.seats_in_order()`), in one query (games.game_rows)."""
    game = game_rows.lock_game(selectors.object_id(game_id, "game"))
    if game is None:
        raise errors.NotFound(_('no game %(game_id)s') % {"game_id": game_id})
    return game


def _table_with_seats(table_id):
    return (
        Table.objects.select_related("creator")
        .prefetch_related(
            _seat_prefetch(),
        )
        .get(pk=table_id)
    )


def _seat_prefetch():
    return Prefetch(
        "seats", queryset=Seat.objects.select_related("user", "replaced_by").order_by("position")
    )


def _seats(game):
    return game.table.seats_in_order()


def _int_option(options, name, default=0):
    value = options.get(name, default)
    if value is None:
        value = default
    if isinstance(value, bool) or not isinstance(value, int):
        raise errors.Invalid(_('%(name)s must be an integer') % {"name": name})
    if value < 0:
        raise errors.Invalid(_('%(name)s must not be negative') % {"name": name})
    return value


# --- tables ----------------------------------------------------------------------------------


def validate_table_options(
    *,
    players=None,
    variant="standard",
    rated=False,
    ruleset="classic",
    clock=None,
    bots=(),
):
    """Check and normalise the options of a new table; raise errors.Invalid naming the field."""
    if ruleset not in Table.Ruleset.values:
        raise errors.Invalid(_('ruleset must be one of %(join)s') % {"join": ', '.join(Table.Ruleset.values)})
    counts = rulesets.PLAYER_COUNTS[ruleset]
    if players is None and len(counts) == 1:
        players = counts[0]  # Azul Duel: the seat count goes without saying
    if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
        allowed = ", ".join(map(str, counts[:-1])) + " or " * (len(counts) > 1) + str(counts[-1])
        raise errors.Invalid(_('players must be %(allowed)s for %(ruleset)s') % {"allowed": allowed, "ruleset": ruleset})
    if variant not in Table.Variant.values:
        raise errors.Invalid(_('variant must be one of %(join)s') % {"join": ', '.join(Table.Variant.values)})
    if not rulesets.HAS_VARIANTS[ruleset]:
        variant = Table.Variant.STANDARD  # a ruleset without wall variants ignores the choice
    if not isinstance(rated, bool):
        raise errors.Invalid(_("rated must be true or false"))

    clock = dict(clock or {})
    kind = clock.get("kind") or Table.ClockKind.NONE
    if kind not in Table.ClockKind.values:
        raise errors.Invalid(_('clock.kind must be one of %(join)s') % {"join": ', '.join(Table.ClockKind.values)})
    base = _int_option(clock, "base_seconds")
    increment = _int_option(clock, "increment_seconds")
    days = _int_option(clock, "days_per_move")
    if kind == Table.ClockKind.REALTIME:
        if not 0 < base <= MAX_BASE_SECONDS:
            raise errors.Invalid(_('a realtime clock needs base_seconds in 1..%(max_base_seconds)s') % {"max_base_seconds": MAX_BASE_SECONDS})
        if increment > MAX_INCREMENT_SECONDS:
            raise errors.Invalid(_('increment_seconds must be at most %(max_increment_seconds)s') % {"max_increment_seconds": MAX_INCREMENT_SECONDS})
        days = 0
    elif kind == Table.ClockKind.CORRESPONDENCE:
        if not 1 <= days <= MAX_DAYS_PER_MOVE:
            raise errors.Invalid(
                _('a correspondence clock needs days_per_move in 1..%(max_days_per_move)s') % {"max_days_per_move": MAX_DAYS_PER_MOVE}
            )
        base = increment = 0
    else:
        base = increment = days = 0

    if bots is None:
        bots = ()
    if not isinstance(bots, list | tuple):
        raise errors.Invalid(_("bots must be a list of {seat, level}"))
    levels = bot_levels()
    bot_seats = {}
    for bot in bots:
        if not isinstance(bot, dict):
            raise errors.Invalid(_("bots must be a list of {seat, level}"))
        seat, level = bot.get("seat"), bot.get("level")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise errors.Invalid(_('bot seat must be in 0..%(players_1)s') % {"players_1": players - 1})
        if seat in bot_seats:
            raise errors.Invalid(_('seat %(seat)s is given two bots') % {"seat": seat})
        if level not in levels:
            raise errors.Invalid(_('bot level must be one of %(join)s') % {"join": ', '.join(levels)})
        bot_seats[seat] = level
    if len(bot_seats) >= players:
        raise errors.Invalid(_("leave at least one seat for the creator"))

    return {
        "players": players,
        "variant": variant,
        "rated": rated,
        "ruleset": ruleset,
        "clock_kind": kind,
        "clock_base_seconds": base,
        "clock_increment_seconds": increment,
        "clock_days_per_move": days,
        "bot_seats": bot_seats,
    }


def _check_open_tables_quota(user):
    """Refuse a seat at one more open table past settings.OPEN_TABLES_PER_USER (one user must not
    fill the lobby). The user's row is locked first, so one user's requests count in turn."""
    limit = settings.OPEN_TABLES_PER_USER
    list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))
    sitting = Seat.objects.filter(user=user, table__status=Table.Status.OPEN).count()
    if sitting >= limit:
        raise errors.TooManyOpenTables(
            _('you sit at %(sitting)s open tables, the most allowed: start or leave one of them before opening or joining another') % {"sitting": sitting}
        )


def create_table(creator, *, enforce_quota=True, **options):
    """Open a table; the creator sits in seat 0, or the first seat no bot was asked for.

    enforce_quota=False: for tables started at once (league fixtures), never open in the lobby."""
    _require_user(creator)
    if _is_bot(creator):
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
    _require_user(user)
    if _is_bot(user):
        raise errors.Forbidden(_("bots are seated by the table's creator"))
    with transaction.atomic():
        if enforce_quota:
            _check_open_tables_quota(user)  # the user's row before the table's (lock order)
        table = _lock_table(table_id)
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


def seat_bot(table_id, by_user, seat, level):
    """The creator puts a bot of `level` in a free seat of an open table."""
    _require_user(by_user)
    if level not in bot_levels():
        raise errors.Invalid(_('bot level must be one of %(join)s') % {"join": ', '.join(bot_levels())})
    with transaction.atomic():
        table = _lock_table(table_id)
        if table.creator_id != by_user.pk:
            raise errors.NotCreator()
        if table.status != Table.Status.OPEN:
            raise errors.TableNotOpen()
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
    _require_user(user)
    table_id = selectors.object_id(table_id, "table")
    # Lock order (docs/architecture.md): a table with a game is guarded by its game's lock, taken
    # before the table's row; only a table without a game is locked by its own row.
    game_id = _game_id_of_table(table_id)
    if game_id is None:
        try:
            return _leave_open_table(table_id, user)
        except _TableStarted:  # rolled back: the table's lock was let go before the game's
            game_id = _game_id_of_table(table_id)
    _leave_game(game_id, user, "abandon", over=errors.TableNotOpen)
    return Table.objects.get(pk=table_id)


def _game_id_of_table(table_id):
    return Game.objects.filter(table_id=table_id).values_list("pk", flat=True).first()


def _leave_open_table(table_id, user):
    with transaction.atomic():
        table = _lock_table(table_id)
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
    the previous game's order: matchmaking.rematches)."""
    _require_user(user)
    now = timezone.now()
    with transaction.atomic():
        table = _lock_table(table_id)
        if table.creator_id != user.pk:
            raise errors.NotCreator()
        if table.status != Table.Status.OPEN:
            raise errors.TableNotOpen()
        seats = list(table.seats.select_related("user"))
        if len(seats) != table.players:
            raise errors.SeatsNotFilled(_('%(count)s of %(players)s seats are filled') % {"count": len(seats), "players": table.players})

        if player_order is None:
            secrets.SystemRandom().shuffle(seats)
        else:
            by_position = {seat.position: seat for seat in seats}
            if sorted(player_order) != sorted(by_position):
                raise errors.Invalid("player_order must list every seat position once")
            seats = [by_position[position] for position in player_order]
        bank = clocks.initial_bank_ms(table)
        for index, seat in enumerate(seats):
            seat.player_index = index
            seat.time_left_ms = bank
            seat.save(update_fields=["player_index", "time_left_ms"])

        # 53 bits: the engine's limit, so the seed survives JSON numbers in browsers.
        seed = secrets.randbits(53)
        salt = secrets.token_hex(16)
        state = rulesets.new_state(table.ruleset, table.players, table.variant, seed)
        game = Game.objects.create(
            table=table,
            state=state.to_dict(),
            version=0,
            seed=seed,
            salt=salt,
            commitment=commitment_of(seed, salt),
            turn_started_at=now,
        )
        table.status = Table.Status.PLAYING
        table.started_at = now
        table.save(update_fields=["status", "started_at"])

        game.table = _table_with_seats(table.pk)
        _start_turn(game, now)
        game.save(update_fields=["deadline_at", "turn_started_at"])
        events.game_changed(game, payloads.game_payload(game), table_changed=True)
    return game


def commitment_of(seed, salt):
    """The published commitment: anyone can check it against the seed revealed at the end."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


# --- playing ---------------------------------------------------------------------------------


def play_move(game_id, user, move, version):
    """Apply `move` for `user` if they are to move and saw the current `version`."""
    _require_user(user)
    if isinstance(version, bool) or not isinstance(version, int):
        raise errors.Invalid(_("version must be an integer"))
    if not isinstance(move, dict):
        raise errors.InvalidMove(_("move must be a JSON object"))
    now = timezone.now()
    with transaction.atomic():
        game = _lock_game(game_id)
        if not is_overdue(game, now):
            return _apply_move(game, user, move, version, now)
        # The move came after the player's deadline: they lose on time instead, and that commits.
        _time_out_player_to_move(game, now)
    with transaction.atomic():  # the move now meets the game as the timeout left it: an error
        return _apply_move(_lock_game(game_id), user, move, version, now)


# Columns a move may change (saving only these keeps the UPDATE small).
_GAME_MOVE_FIELDS = ["state", "version", "status", "result", "turn_started_at", "deadline_at",
                     "finished_at"]


def _apply_move(game, user, move, version, now):
    """play_move under the game's lock: check, apply, record; the caller's transaction commits."""
    seats = _seats(game)

    last = _resent_last_move(game, user, move, version)
    if last is not None:
        payload = payloads.game_payload(game, last_move=last)
        return MoveOutcome(game.version, payload["state"], False, payload)

    if game.is_over:
        raise errors.GameOver()
    mine = [seat for seat in seats if getattr(seat.controller, "pk", None) == user.pk]
    if not mine:
        raise errors.NotSeated()
    if version != game.version:
        raise errors.StaleVersion(_('you saw version %(version)s; the game is at %(version2)s') % {"version": version, "version2": game.version})
    current = game.state["current_player"]
    seat = selectors.seat_of_player(mine, current)
    if seat is None:
        raise errors.NotYourTurn(_("it is player %(current)s's turn") % {"current": current})

    try:
        engine_move = rulesets.parse_move(game.table.ruleset, move)
        new_state, account = rulesets.apply_scored(rulesets.load_state(game.state), engine_move)
    except engine.InvalidMove as exc:
        raise errors.InvalidMove(str(exc)) from None
    except engine.IllegalMove as exc:
        raise errors.IllegalMove(exc.reason) from None

    think_ms = clocks.elapsed_since(game.turn_started_at, now)
    bank = seat.time_left_ms
    clocks.charge_move(game.table, seat, game.turn_started_at, now)
    if seat.time_left_ms != bank:
        game_rows.update_fields(seat, ["time_left_ms"])
    record = game_rows.insert_move(MoveRecord(
        game=game,
        number=game.version + 1,
        player_index=current,
        user=user,
        move=engine_move.to_dict(),
        think_ms=min(think_ms, 2**31 - 1),
    ))
    game.state = new_state.to_dict()
    game.version += 1
    finished = new_state.is_over
    if finished:
        _finish(game, new_state.result(), "normal", now)
    else:
        _start_turn(game, now)
    game_rows.update_fields(game, _GAME_MOVE_FIELDS)
    payload = payloads.game_payload(game, last_move=record, engine_state=new_state, account=account)
    events.game_changed(game, payload, table_changed=finished)
    return MoveOutcome(game.version, payload["state"], True, payload)


def _resent_last_move(game, user, move, version):
    """The last MoveRecord if this request repeats it (same player, same move, its version)."""
    if version != game.version - 1:
        return None
    last = game.moves.select_related("user").order_by("-number").first()
    if last is None or last.user_id != user.pk:
        return None
    try:
        normalised = rulesets.parse_move(game.table.ruleset, move).to_dict()
    except (engine.InvalidMove, TypeError, ValueError):
        return None
    return last if normalised == last.move else None


def resign(game_id, user):
    """Give up: see docs/live-play.md for what happens to the game."""
    return _leave_game(game_id, user, "resign")


def _leave_game(game_id, user, reason, over=errors.GameOver):
    _require_user(user)
    now = timezone.now()
    with transaction.atomic():
        game = _lock_game(game_id)
        if game.is_over:
            raise over()
        seat = next(
            (s for s in _seats(game) if s.user_id == user.pk and not s.left),
            None,
        )
        if seat is None:
            raise errors.NotSeated()
        _seat_leaves(game, seat, reason, now)
        game.save()
        payload = payloads.game_payload(game, last_move=game.moves.order_by("-number").first())
        events.game_changed(game, payload, table_changed=game.is_over)
    return payload


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
        game = _lock_game(game_id)
        # Re-check under the lock: a move may have landed since.
        if not is_overdue(game, now):
            return False
        _time_out_player_to_move(game, now)
    return True


def is_overdue(game, now=None):
    """Whether the player to move of this (loaded) game ran out of time."""
    now = now or timezone.now()
    return not game.is_over and game.deadline_at is not None and game.deadline_at <= now


def _time_out_player_to_move(game, now):
    """Under the game's lock: the player to move ran out of time (the leaving policy applies)."""
    seat = selectors.seat_of_player(_seats(game), game.state["current_player"])
    if seat.time_left_ms is not None:
        seat.time_left_ms = 0
    if _aborts_on_timeout(game, seat):
        _abort(game, seat, now)
    else:
        _seat_leaves(game, seat, "timeout", now)
    game.save()
    payload = payloads.game_payload(game, last_move=game.moves.order_by("-number").first())
    events.game_changed(game, payload, table_changed=game.is_over)


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
    seats = _seats(game)
    seat.left = True
    seat.left_reason = reason
    seat.left_at = now
    staying = [s for s in seats if not s.left]
    if len(staying) <= 1 or not any(not _is_bot(s.user) for s in staying):
        seat.save(update_fields=["left", "left_reason", "left_at", "time_left_ms"])
        _finish(game, None, reason, now)
        return
    seat.replaced_by = bot_account(REPLACEMENT_BOT_LEVEL)
    seat.save(update_fields=["left", "left_reason", "left_at", "time_left_ms", "replaced_by"])
    if seat.player_index == game.state["current_player"]:
        _start_turn(game, now)  # the bot's turn now: no deadline


def _start_turn(game, now):
    seat = selectors.seat_of_player(_seats(game), game.state["current_player"])
    game.turn_started_at = now
    game.deadline_at = clocks.deadline_for(game.table, seat, now)


def _finish(game, engine_result, ended_by, now):
    result = final_result(game.state, engine_result, leavers=_leavers(game), ended_by=ended_by)
    _end(game, result, Game.Status.FINISHED, now)


def _leavers(game):
    """Player indices of the seats that left, earliest first."""
    left = sorted((s for s in _seats(game) if s.left), key=lambda s: (s.left_at, s.pk))
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
    """A rated game lost on time before the player's first move is aborted, as lichess does:
    a clock must not decide a rated game before a human could move (docs/live-play.md)."""
    return game.table.rated and not game.moves.filter(player_index=seat.player_index).exists()


def _abort(game, seat, now):
    """End the game as aborted: the seat timed out before its first move; nobody is rated."""
    seat.left, seat.left_reason, seat.left_at = True, "timeout", now
    seat.save(update_fields=["left", "left_reason", "left_at", "time_left_ms"])
    result = aborted_result(game.state, leavers=_leavers(game), aborted_by=seat.player_index)
    _end(game, result, Game.Status.ABORTED, now)
