"""Server-owned clocks: what a move costs and when the player to move runs out of time.

Pure arithmetic on the rows passed in; games.services saves them. Seats played by a bot (a bot
account, or a bot that replaced a leaver) feel no clock pressure: their turn has no deadline.
"""

from datetime import timedelta

from .models import Table


def controller_is_bot(seat):
    return bool(getattr(seat.controller, "is_bot", False))


def initial_bank_ms(table):
    if table.clock_kind == Table.ClockKind.REALTIME:
        return table.clock_base_seconds * 1000
    return None


def charge_move(table, seat, turn_started_at, now):
    """Take the time spent on this move from the mover's realtime bank, then add the increment."""
    if table.clock_kind != Table.ClockKind.REALTIME or seat.time_left_ms is None:
        return
    if controller_is_bot(seat):
        return
    elapsed_ms = elapsed_since(turn_started_at, now)
    seat.time_left_ms = (
        max(0, seat.time_left_ms - elapsed_ms) + table.clock_increment_seconds * 1000
    )


def elapsed_since(start, now):
    if start is None:
        return 0
    return max(0, int((now - start).total_seconds() * 1000))


def deadline_for(table, seat, now):
    """When the player on `seat`, whose turn starts `now`, runs out of time (None: never)."""
    if seat is None or controller_is_bot(seat):
        return None
    if table.clock_kind == Table.ClockKind.REALTIME:
        return now + timedelta(milliseconds=seat.time_left_ms or 0)
    if table.clock_kind == Table.ClockKind.CORRESPONDENCE:
        return now + timedelta(days=table.clock_days_per_move)
    return None
