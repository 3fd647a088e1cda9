"""The one loader and writer of a game on the move path: lock and load a game with its table and
seats, write a move, update the changed columns. Every service that changes a game loads it here
(games.services.common.lock_game), and sockets read it here (selectors.get_game_with_players);
tests/games/test_storage.py pins that it reads and writes exactly what the ORM would.

Its statements are SQL built once, not compiled by the ORM each time: `play_move` runs for every
move of every game, and compiling its queries through the ORM cost more CPU than anything else in
a move (docs/benchmarks.md, "Live play over WebSockets"). Here the SQL text is built once per
statement from the models' metadata; values go through the fields' own conversions (as the ORM
does), so the same code runs on PostgreSQL and SQLite; rows become ordinary model instances, so
the rest of games.services cannot tell the difference.
"""

from datetime import UTC
from functools import cache

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import JSONField, Model
from django.db.models.base import ModelState
from django.db.models.signals import post_init, pre_init

from realtime import fast_json

from .models import Game, MoveRecord, Seat, Table


class _Columns:
    """The concrete columns of a model under a table alias, and how to turn them into an instance."""

    def __init__(self, model, alias):
        quote = connection.ops.quote_name
        self.model = model
        self.fields = list(model._meta.concrete_fields)
        self.attnames = [field.attname for field in self.fields]
        self.sql = ", ".join(f"{alias}.{quote(field.column)}" for field in self.fields)
        self.converters = [
            connection.ops.get_db_converters(field.get_col(alias))
            + field.get_db_converters(connection)
            for field in self.fields
        ]
        # Built as Model.from_db would, unless something could tell the difference: a model of
        # its own from_db or __init__, or a listener to its init signals (an ImageField's).
        self.plain = (
            getattr(model.from_db, "__func__", None) is Model.from_db.__func__
            and model.__init__ is Model.__init__
            and not pre_init.has_listeners(model) and not post_init.has_listeners(model)
        )

    def __len__(self):
        return len(self.fields)

    def instance(self, row, start, db):
        """The model instance read from row[start:start + len(self)], or None if its id is NULL."""
        values = list(row[start:start + len(self.fields)])
        if values[0] is None:
            return None
        for index, converters in enumerate(self.converters):
            for convert in converters:
                values[index] = convert(values[index], None, db)
        if not self.plain:
            return self.model.from_db(db.alias, self.attnames, values)
        # What Model.from_db makes, without Model.__init__'s per-field loop (about a third of
        # building the rows of a move; nothing listens to these models' init signals).
        instance = self.model.__new__(self.model)
        instance.__dict__.update(zip(self.attnames, values, strict=True))
        instance._state = state = ModelState()
        state.adding, state.db = False, db.alias
        return instance


def _db():
    """This thread's connection itself: `django.db.connection` is a proxy that looks it up again
    on every attribute (a context-local lookup each time: a few per cent of a move's CPU)."""
    return connections[DEFAULT_DB_ALIAS]


def _cursor(db):
    """A cursor for these statements. On PostgreSQL it binds parameters on the server, so that
    psycopg prepares each statement after a few uses on a connection and PostgreSQL stops parsing
    and planning it again for every move (Django's own cursors bind on the client)."""
    if db.vendor != "postgresql":
        return db.cursor()
    import psycopg

    db.close_if_health_check_failed()
    db.ensure_connection()
    db.validate_thread_sharing()
    raw = psycopg.Cursor(db.connection)
    _read_timestamps_in_c(db, raw)
    if db.queries_logged:
        return db.make_debug_cursor(raw)
    return db.make_cursor(raw)


def _read_timestamps_in_c(db, raw):
    """Read this cursor's timestamptz columns with psycopg's own loader, written in C, where it
    gives what Django's would. Django registers a loader of its own on every connection, a Python
    subclass of psycopg's pure-Python one (it sets the time zone after parsing), so each
    timestamp of a loaded game cost ~3 microseconds of Python: ~2 % of a daphne process's time at
    capacity (docs/benchmarks.md). psycopg's loader converts to the session's time zone; where
    that and Django's are both UTC (USE_TZ, the site's settings) the datetimes are equal, with
    the same tzinfo. Registering on the cursor leaves the ORM's cursors as Django made them."""
    if db.timezone is UTC and raw.connection.info.timezone is UTC:
        raw.adapters.register_loader("timestamptz", _psycopg_timestamptz_loader())


@cache
def _psycopg_timestamptz_loader():
    """psycopg's default text loader of timestamptz: its C one with psycopg[binary] installed."""
    import psycopg
    from psycopg.postgres import types
    from psycopg.pq import Format

    return psycopg.adapters.get_loader(types["timestamptz"].oid, Format.TEXT)


@cache
def _lock_statement(vendor):
    """The game's row lock alone, or None where the database has no row locks (SQLite: its
    IMMEDIATE transactions already let one writer in at a time, so every read is fresh)."""
    if not connection.features.has_select_for_update:
        return None
    quote = connection.ops.quote_name
    return (
        f"SELECT {quote(Game._meta.pk.column)} FROM {quote(Game._meta.db_table)}"
        f" WHERE {quote(Game._meta.pk.column)} = %s {connection.ops.for_update_sql()}"
    )


@cache
def _game_query(vendor):
    from django.contrib.auth import get_user_model

    user_model = get_user_model()
    parts = [
        _Columns(Game, "g"), _Columns(Table, "t"), _Columns(Seat, "s"),
        _Columns(user_model, "u"), _Columns(user_model, "r"),
    ]
    quote = connection.ops.quote_name
    sql = (
        f"SELECT {', '.join(part.sql for part in parts)}"
        f" FROM {quote(Game._meta.db_table)} g"
        f" INNER JOIN {quote(Table._meta.db_table)} t ON t.id = g.table_id"
        f" INNER JOIN {quote(Seat._meta.db_table)} s ON s.table_id = t.id"
        f" INNER JOIN {quote(user_model._meta.db_table)} u ON u.id = s.user_id"
        f" LEFT OUTER JOIN {quote(user_model._meta.db_table)} r ON r.id = s.replaced_by_id"
        f" WHERE g.id = %s ORDER BY s.position"
    )
    return sql, parts


def lock_game(game_id):
    """The game (row-locked for this transaction) with its table and seats.

    `game.table` is set, and `game.table.seats_in_order()` lists the seats by position with
    their `user` and `replaced_by` loaded. None if there is no such game.

    Two statements, not one: under READ COMMITTED a statement sees the rows as they were when it
    began, and only the rows it locks are brought up to date once its lock is granted. A query
    that locked the game and read the seats at once would, after waiting for the writer before
    it, decide on the seats (and the table) as they were before that writer committed. The read
    after the lock is a statement of its own, so it sees everything committed before the lock
    was granted. On PostgreSQL both go in one pipeline: one round trip, as before.
    """
    db = _db()
    return _load_game(db, game_id, _lock_statement(db.vendor))


def read_game(game_id):
    """Like lock_game, without the lock: what a socket is shown when it connects or resyncs."""
    return _load_game(_db(), game_id)


def _fetch(db, cursor, sql, game_id, lock_sql):
    if lock_sql is None:
        cursor.execute(sql, [game_id])
        return cursor.fetchall()
    import psycopg

    if not psycopg.Pipeline.is_supported():  # libpq older than 14: two round trips
        cursor.execute(lock_sql, [game_id])
        cursor.execute(sql, [game_id])
        return cursor.fetchall()
    # The server runs the pipeline's statements one after the other: the read starts (and takes
    # its snapshot) once the lock is granted. The lock's own result is not needed: a game that
    # does not exist has no rows to read either.
    with db.wrap_database_errors, db.connection.pipeline():
        cursor.execute(lock_sql, [game_id])
        cursor.execute(sql, [game_id])
    return cursor.fetchall()


def _load_game(db, game_id, lock_sql=None):
    """The game with its table and seats, read after taking the game's lock with `lock_sql`."""
    sql, (games, tables, seats, users, replacements) = _game_query(db.vendor)
    with _cursor(db) as cursor:
        rows = _fetch(db, cursor, sql, game_id, lock_sql)
    if not rows:
        return None
    game = games.instance(rows[0], 0, db)
    table = tables.instance(rows[0], len(games), db)
    Game.table.field.set_cached_value(game, table)
    Game.table.field.remote_field.set_cached_value(table, game)
    start = len(games) + len(tables)
    seat_list = []
    for row in rows:
        seat = seats.instance(row, start, db)
        Seat.table.field.set_cached_value(seat, table)
        Seat.user.field.set_cached_value(seat, users.instance(row, start + len(seats), db))
        replacement = replacements.instance(row, start + len(seats) + len(users), db)
        Seat.replaced_by.field.set_cached_value(seat, replacement)
        seat_list.append(seat)
    table.loaded_seats = seat_list  # what Table.seats_in_order() returns
    return game


def _db_value(db, field, value):
    """What the ORM would write for `value` in this field; JSON columns encoded by orjson
    (fast_json), which PostgreSQL stores as the same jsonb as json.dumps' text."""
    if (db.vendor == "postgresql" and isinstance(field, JSONField)
            and field.encoder is None and value is not None):
        from psycopg.types.json import Jsonb

        return Jsonb(value, dumps=fast_json.dumps_bytes)
    return field.get_db_prep_save(value, db)


@cache
def _write_move_statement(vendor, game_fields, seat_fields):
    """PostgreSQL: one statement, so one round trip, for a move's writes: a data-modifying WITH
    inserts the move and updates the game (and the mover's seat). Its parts run exactly once
    each, on one snapshot; they touch different rows, so nothing depends on their order."""
    insert, insert_fields, _returning = _insert_statement(MoveRecord, vendor)  # RETURNING the id
    game_update, game_update_fields = _update_statement(Game, game_fields)
    parts = [f"m AS ({insert})", f"g AS ({game_update})"]
    fields = [insert_fields, game_update_fields]
    if seat_fields:
        seat_update, seat_update_fields = _update_statement(Seat, seat_fields)
        parts.append(f"s AS ({seat_update})")
        fields.append(seat_update_fields)
    return f"WITH {', '.join(parts)} SELECT * FROM m", fields


def write_move(record, game, game_fields, seat=None, seat_fields=()):
    """A move's writes: insert `record` (a new MoveRecord; its id is set), write `game_fields`
    of `game` and, with `seat`, `seat_fields` of the mover's seat. One statement on PostgreSQL;
    elsewhere (SQLite, no round trips to save) insert_move and update_fields in turn."""
    db = _db()
    if db.vendor != "postgresql":
        if seat is not None:
            update_fields(seat, seat_fields)
        insert_move(record)
        update_fields(game, game_fields)
        return record
    sql, (insert_fields, game_update_fields, *seat_update_fields) = _write_move_statement(
        db.vendor, tuple(game_fields), tuple(seat_fields) if seat is not None else ())
    params = _insert_values(db, record, insert_fields)
    params += _update_values(db, game, game_update_fields)
    for fields in seat_update_fields:
        params += _update_values(db, seat, fields)
    with _cursor(db) as cursor:
        cursor.execute(sql, params)
        record.pk = cursor.fetchone()[0]
    record._state.adding = False
    record._state.db = db.alias
    return record


@cache
def _update_statement(model, field_names):
    quote = connection.ops.quote_name
    fields = [model._meta.get_field(name) for name in field_names]
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    pk_column = quote(model._meta.pk.column)
    return f"UPDATE {quote(model._meta.db_table)} SET {assignments} WHERE {pk_column} = %s", fields


def update_fields(instance, field_names):
    """Write these fields of an existing row, like `instance.save(update_fields=...)`."""
    db = _db()
    sql, fields = _update_statement(type(instance), tuple(field_names))
    with _cursor(db) as cursor:
        cursor.execute(sql, _update_values(db, instance, fields))


def _update_values(db, instance, fields):
    """The parameters of _update_statement: the fields' values, then the primary key."""
    return [_db_value(db, field, getattr(instance, field.attname)) for field in fields] + [instance.pk]


def _insert_values(db, record, fields):
    return [_db_value(db, field, field.pre_save(record, True)) for field in fields]


@cache
def _insert_statement(model, vendor):
    quote = connection.ops.quote_name
    fields = [field for field in model._meta.concrete_fields if not field.primary_key]
    pk_column = quote(model._meta.pk.column)
    sql = (
        f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(quote(f.column) for f in fields)})"
        f" VALUES ({', '.join(['%s'] * len(fields))})"
    )
    returning = connection.features.can_return_columns_from_insert
    if returning:
        sql += f" RETURNING {pk_column}"
    return sql, fields, returning


def insert_move(record):
    """Insert a new MoveRecord (append-only: there is no update) and set its id."""
    db = _db()
    sql, fields, returning = _insert_statement(MoveRecord, db.vendor)
    params = _insert_values(db, record, fields)
    with _cursor(db) as cursor:
        cursor.execute(sql, params)
        if returning:
            record.pk = cursor.fetchone()[0]
        else:
            record.pk = db.ops.last_insert_id(
                cursor, MoveRecord._meta.db_table, MoveRecord._meta.pk.column
            )
    record._state.adding = False
    record._state.db = db.alias
    return record
