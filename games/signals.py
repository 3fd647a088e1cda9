"""Signals other apps listen to (ratings, leagues) without games.services knowing them."""

from django.dispatch import Signal

# Sent after the finishing transaction commits; kwargs: game_id, table_id, rated (the table's).
game_finished = Signal()

# Sent after every committed change of a game (its start, each move, a leaver, its end); kwargs:
# game_id, version, started, over, to_move (user id or None), humans (user ids), clock_kind.
game_changed = Signal()

# Sent after a player left a game (resigned from 3-4 players, abandoned, timed out) commits;
# kwargs: game_id, user_id. Their seat is a bot's now, or the game is over: social's chat moves
# their sockets from the players' channel to the spectators'.
seat_left = Signal()
