"""Signals other apps listen to (ratings, leagues) without games.services knowing them."""

from django.dispatch import Signal

# Sent after the finishing transaction commits; kwargs: game_id, table_id, rated (the table's).
game_finished = Signal()

# Sent after every committed change of a game (its start, each move, a leaver, its end); kwargs:
# game_id, version, started, over, to_move (user id or None), humans (user ids), clock_kind.
game_changed = Signal()
