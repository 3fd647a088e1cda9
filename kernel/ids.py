"""The one reading of a row id from the outside world (a URL part, a JSON value, a socket path).

Plain Python, no Django: services of every app call it before a query, and raise their own
NotFound on None, so that a huge, negative, fractional or boolean id is a 404 like an unknown
one, never a database error (an integer beyond bigint overflows the driver) or a silent
truncation (int(1.5) == 1 would find row 1).
"""

MAX_ID = 2**63 - 1  # PostgreSQL bigint, SQLite INTEGER


def parse_id(value) -> int | None:
    """`value` as a row id (1..MAX_ID), or None when no row could have it."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 19:
        number = int(value)
    else:
        return None
    return number if 0 < number <= MAX_ID else None
