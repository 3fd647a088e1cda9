"""games.storage, the one loader and writer of the move path: its SQL reads and writes exactly
what the ORM would."""

from datetime import UTC

import pytest
from django.db import connection, transaction
from django.forms.models import model_to_dict
from django.utils import timezone

from games import services, storage
from games.models import Game, MoveRecord, Seat
from games.payloads import game_payload
from tests.support.games import play_one, start_game


def _fields(instance):
    return {field.attname: getattr(instance, field.attname)
            for field in type(instance)._meta.concrete_fields}


def test_a_locked_game_loads_the_same_rows_as_the_orm(alice, bob, carol):
    game = start_game(alice, bob, carol, clock={"kind": "realtime", "base_seconds": 60})
    play_one(game)
    # A seat whose player left is played by a bot: its replaced_by must come along too.
    leaver = Seat.objects.get(table=game.table, user=bob)
    services.resign(game.pk, bob)

    with transaction.atomic():
        loaded = storage.lock_game(game.pk)
    orm = Game.objects.select_related("table").get(pk=game.pk)
    assert _fields(loaded) == _fields(orm)
    assert _fields(loaded.table) == _fields(orm.table)
    assert loaded.table.game is loaded

    expected = list(Seat.objects.filter(table=orm.table).select_related("user", "replaced_by")
                    .order_by("position"))
    seats = loaded.table.seats_in_order()
    assert [_fields(seat) for seat in seats] == [_fields(seat) for seat in expected]
    assert [_fields(seat.user) for seat in seats] == [_fields(seat.user) for seat in expected]
    replaced = next(seat for seat in seats if seat.pk == leaver.pk)
    assert replaced.left
    assert replaced.replaced_by.is_bot
    assert replaced.controller == replaced.replaced_by
    assert all(seat.replaced_by is None for seat in seats if seat.pk != leaver.pk)
    assert all(seat.table is loaded.table for seat in seats)
    # The instances are what the ORM makes of stored rows: saved, from the default database.
    for instance in [loaded, loaded.table, *seats, *(seat.user for seat in seats)]:
        assert instance._state.adding is False
        assert instance._state.db == "default"
        assert instance.__dict__.keys() >= {f.attname for f in type(instance)._meta.concrete_fields}


def test_an_unknown_game_loads_as_none(db):
    with transaction.atomic():
        assert storage.lock_game(2**62) is None
    assert storage.read_game(2**62) is None


def test_a_move_is_written_as_the_orm_reads_it(alice, bob):
    game = start_game(alice, bob, clock={"kind": "realtime", "base_seconds": 60})
    outcome = play_one(game)
    record = MoveRecord.objects.get(game=game, number=outcome.version)
    payload = game_payload(outcome.game, outcome.last_move, account=outcome.account)
    assert model_to_dict(record)["move"] == payload["last_move"]["move"]
    assert payload["last_move"]["number"] == record.number == 1
    stored = Game.objects.get(pk=game.pk)
    assert stored.version == 1
    assert stored.state["move_count"] == 1
    # The mover's bank was charged and saved with the move, as the payload reported it.
    mover = Seat.objects.get(table=game.table, player_index=record.player_index)
    reported = next(seat for seat in payload["seats"]
                    if seat["player_index"] == record.player_index)
    assert mover.time_left_ms == reported["time_left_ms"] <= 60_000


@pytest.mark.requires("postgres")
def test_without_libpq_pipelines_the_lock_and_the_read_go_one_after_the_other(
    monkeypatch, alice, bob
):
    import psycopg

    game = start_game(alice, bob)
    with transaction.atomic():
        pipelined = storage.lock_game(game.pk)
    monkeypatch.setattr(psycopg.Pipeline, "is_supported", classmethod(lambda cls: False))
    with transaction.atomic():
        apart = storage.lock_game(game.pk)
        assert storage.lock_game(2**62) is None
    assert _fields(apart) == _fields(pipelined)
    assert [_fields(s) for s in apart.table.seats_in_order()] == [
        _fields(s) for s in pipelined.table.seats_in_order()
    ]


def test_a_read_game_is_the_locked_game_and_its_seats_are_the_orm_table_seats(alice, bob, carol):
    game = start_game(alice, bob, carol)
    play_one(game)
    with transaction.atomic():
        locked = storage.lock_game(game.pk)
    read = storage.read_game(game.pk)
    assert _fields(read) == _fields(locked)
    assert _fields(read.table) == _fields(locked.table)
    orm_table = Game.objects.select_related("table").get(pk=game.pk).table
    # A table loaded by the ORM lists its seats through the ORM: the same rows in the same order.
    assert [_fields(s) for s in read.table.seats_in_order()] == [
        _fields(s) for s in orm_table.seats_in_order()]
    assert [_fields(s) for s in locked.table.seats_in_order()] == [
        _fields(s) for s in orm_table.seats_in_order()]


def test_updating_fields_writes_what_the_orm_save_writes(alice, bob):
    game = start_game(alice, bob, clock={"kind": "realtime", "base_seconds": 60})
    fields = ["state", "version", "status", "result", "turn_started_at", "deadline_at",
              "finished_at"]
    with transaction.atomic():
        by_sql = storage.lock_game(game.pk)
        by_sql.version += 7
        by_sql.state = {**by_sql.state, "marker": ["é", 1, None]}
        by_sql.result = {"ranking": [1, 0]}
        storage.update_fields(by_sql, fields)
        seat = by_sql.table.seats_in_order()[0]
        seat.time_left_ms = 1234
        storage.update_fields(seat, ["time_left_ms"])
    written = _fields(Game.objects.get(pk=game.pk))
    with transaction.atomic():
        by_orm = Game.objects.select_for_update().get(pk=game.pk)
        for name in fields:
            setattr(by_orm, name, getattr(by_sql, name))
        by_orm.save(update_fields=fields)
    assert _fields(Game.objects.get(pk=game.pk)) == written
    assert Seat.objects.get(pk=seat.pk).time_left_ms == 1234


def test_an_inserted_move_is_the_row_the_orm_would_create(alice, bob):
    game = start_game(alice, bob)
    move = {"source": 0, "color": "blue", "line": 1}
    by_sql = storage.insert_move(MoveRecord(game=game, number=1, player_index=0, user=alice,
                                            move=move, think_ms=12))
    by_orm = MoveRecord.objects.create(game=game, number=2, player_index=0, user=alice,
                                       move=move, think_ms=12)
    stored_sql, stored_orm = (_fields(MoveRecord.objects.get(pk=r.pk)) for r in (by_sql, by_orm))
    assert by_sql.pk is not None
    assert not by_sql._state.adding
    for stored in (stored_sql, stored_orm):
        stored.pop("id"), stored.pop("number"), stored.pop("created_at", None)
    assert stored_sql == stored_orm



@pytest.mark.parametrize("charged", [True, False])
def test_a_moves_writes_together_are_the_writes_one_by_one(alice, bob, charged):
    """write_move (one statement on PostgreSQL) leaves the rows that insert_move and
    update_fields leave, with and without the mover's seat."""
    fields = ["state", "version", "status", "result", "turn_started_at", "deadline_at",
              "finished_at"]
    results = []
    # One instant for both runs: a second boundary between them must not tell them apart.
    instant = timezone.now().replace(microsecond=7)
    for write_together in (True, False):
        game = start_game(alice, bob, clock={"kind": "realtime", "base_seconds": 60})
        with transaction.atomic():
            loaded = storage.lock_game(game.pk)
            loaded.version += 1
            loaded.state = {"marker": ["é", 1, None, 2**70], "nested": {"3": [{"a": 1.5}]}}
            loaded.result = {"ranking": [1, 0]}
            loaded.turn_started_at = loaded.deadline_at = instant
            seat = loaded.table.seats_in_order()[0]
            seat.time_left_ms = 1234
            record = MoveRecord(game=loaded, number=1, player_index=0, user=alice,
                                move={"source": 0, "color": "blue", "line": 1}, think_ms=12)
            if write_together:
                storage.write_move(record, loaded, fields, seat if charged else None,
                                   ["time_left_ms"])
            else:
                if charged:
                    storage.update_fields(seat, ["time_left_ms"])
                storage.insert_move(record)
                storage.update_fields(loaded, fields)
        assert record.pk is not None
        assert not record._state.adding
        stored = _fields(MoveRecord.objects.get(pk=record.pk))
        assert stored["id"] == record.pk
        game_row = {name: value for name, value in _fields(Game.objects.get(pk=game.pk)).items()
                    if name in fields}
        seat_row = {"time_left_ms": Seat.objects.get(pk=seat.pk).time_left_ms}
        for row in (stored, game_row):
            for name in ("id", "game_id", "table_id", "user_id", "created_at"):
                row.pop(name, None)
        results.append((stored, game_row, seat_row))
    assert results[0] == results[1]
    assert results[0][1]["state"]["marker"] == ["é", 1, None, 2**70]
    assert (results[0][2]["time_left_ms"] == 1234) is charged


def test_a_move_writes_in_one_statement_on_postgresql(alice, bob):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game = start_game(alice, bob, clock={"kind": "realtime", "base_seconds": 60})
    play_one(game)  # the statements are prepared by now: the second move is the usual one
    with CaptureQueriesContext(connection) as queries:
        play_one(game)
    writes = [q["sql"].split(None, 1)[0].upper() for q in queries.captured_queries
              if q["sql"].split(None, 1)[0].upper() in ("INSERT", "UPDATE", "WITH")]
    if connection.vendor == "postgresql":
        assert writes == ["WITH"]
    else:
        assert writes == ["UPDATE", "INSERT", "UPDATE"]


@pytest.mark.requires("postgres")
def test_the_move_paths_timestamps_are_read_by_psycopgs_loader_as_the_orm_reads_them(alice, bob):
    """Django's timestamptz loader is pure Python; storage's cursors use psycopg's own (C with
    psycopg[binary]) and must read the same aware datetimes, microseconds and UTC included."""

    import psycopg
    from django.db import connection
    from psycopg.pq import Format

    game = start_game(alice, bob, clock={"kind": "realtime", "base_seconds": 60})
    instant = timezone.now().replace(microsecond=123_457)
    Game.objects.filter(pk=game.pk).update(turn_started_at=instant, deadline_at=instant)
    with transaction.atomic():
        loaded = storage.lock_game(game.pk)
        with storage._cursor(connection) as cursor:
            loader = cursor.cursor.adapters.get_loader(1184, Format.TEXT)
    assert loader is psycopg.adapters.get_loader(1184, Format.TEXT)
    assert "django" not in loader.__module__
    orm = Game.objects.get(pk=game.pk)
    assert loaded.turn_started_at == orm.turn_started_at == instant
    assert loaded.turn_started_at.tzinfo is orm.turn_started_at.tzinfo is UTC
    assert _fields(loaded) == _fields(orm)
    assert [_fields(s.user) for s in loaded.table.seats_in_order()] == [
        _fields(s.user) for s in orm.table.seats_in_order()]


def _game_row_updates():
    """(rows of games_game updated, of them in place: HOT), by this connection's counts."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_xact_user_tables"
                       " WHERE relname = %s", [Game._meta.db_table])
        return cursor.fetchone()


@pytest.mark.requires("postgres")
@pytest.mark.django_db(transaction=True)  # each move commits, as on the site: pages get pruned
def test_a_clocked_move_rewrites_the_game_row_in_place(alice, bob):
    """Every move rewrites its game's row, a clocked one its deadline too. In place (a HOT
    update: no new entry in any of the table's indexes, the old version pruned within its page,
    no bloat) only if no indexed column changes and the page has room (migration 0003)."""
    game = start_game(alice, bob, clock={"kind": "realtime", "base_seconds": 60})
    deadlines, counts = set(), []
    for _ in range(12):
        with transaction.atomic():  # the move's own atomic block is a savepoint in this one
            # (PostgreSQL 15's transaction counts may still hold earlier transactions' unsent
            # ones: count the difference)
            before = _game_row_updates()
            play_one(game)
            counts.append(tuple(a - b for a, b in zip(_game_row_updates(), before, strict=True)))
        deadlines.add(Game.objects.get(pk=game.pk).deadline_at)
    # Each move set a new deadline.
    assert len(deadlines) == 12
    assert None not in deadlines
    assert [updated for updated, _ in counts] == [1] * 12  # one update of the row per move
    # In place, every one but where another process's open snapshot on this database (a live
    # server's or worker's transaction) kept the page's old version from being pruned.
    assert sum(in_place for _, in_place in counts) >= 10, counts
