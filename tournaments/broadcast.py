"""What the sockets hear of tournaments, only after the transaction that changed them commits:

- the tournament's group `tournament-<id>` (the endpoint "tournament", /ws/tournaments/<id>/):
  `tournament.update`, the tournament's state, standings and current pairings, built once after
  the commit from what was committed (every socket of the group gets the same); a game's end
  (its result, then the pairing it allows: two transactions) sends one (`one_update`);
- a player's user feed (`user-<id>`): `tournament.game`, their game is ready (the table to open);
  a pairing's readies go out together, before its games' own after-commit work (`readies_first`).

A broker hiccup never undoes a committed change: pages re-read the API, players find their game
on their your-turn list."""

import contextvars
import logging
from contextlib import contextmanager

from django.db import transaction

from realtime import broadcast
from realtime.groups import user_group

log = logging.getLogger(__name__)
# The tournaments whose updates are held by `one_update` in this context (None: none held).
_held: contextvars.ContextVar[set | None] = contextvars.ContextVar("tournament_updates_held",
                                                                  default=None)


def tournament_group(tournament_id):
    return f"tournament-{tournament_id}"


class SendUpdate:
    """The after-commit send of one tournament's update (known by its id in the queue)."""

    def __init__(self, tournament_id):
        self.tournament_id = tournament_id

    def __call__(self):
        send_update(self.tournament_id)


@contextmanager
def one_update(tournament_id):
    """One update for the changes of several transactions (a result recorded, then the pairing
    it allows): the changes made in the block queue nothing, and if any was made, the block's
    end queues one update (for after the commit around it, if any). An exception still sends
    it: what committed before it is news."""
    held = _held.get()
    if held is not None:  # an outer block sends it
        yield
        return
    wanted: set = set()
    token = _held.set(wanted)
    try:
        yield
    finally:
        _held.reset(token)
        for changed in sorted(wanted):
            tournament_changed(changed)


def tournament_changed(tournament_id):
    """Queue the tournament's update for after the commit: once per transaction (it is built
    from what the whole transaction committed), however many changes the transaction made. A
    savepoint rolled back takes its queued update with it, and a later change queues again.
    Inside `one_update`, only noted: the block sends one update at its end."""
    held = _held.get()
    if held is not None:
        held.add(tournament_id)
        return
    if _queued(lambda func: isinstance(func, SendUpdate) and func.tournament_id == tournament_id):
        return
    transaction.on_commit(SendUpdate(tournament_id))


def send_update(tournament_id):
    from . import payloads  # the payloads read the committed rows: built after the commit

    try:
        data = payloads.live_payload(tournament_id)
        if data is not None:
            broadcast.group_send(tournament_group(tournament_id),
                                 {"type": "tournament.update", "data": data})
    except Exception:
        log.exception("could not tell the sockets of tournament %s about a change", tournament_id)


class SendReadies:
    """The after-commit send of a transaction's "your game is ready" messages, all in one
    (`readies_first`); found in the commit queue by its type."""

    def __init__(self):
        self.sends = []

    def __call__(self):
        if not self.sends:
            return
        try:
            broadcast.group_send_many(self.sends)
        except Exception:
            log.exception("could not tell %s players that their game is ready", len(self.sends))


def readies_first():
    """Call at the start of a transaction that may start tournament games (just after the
    tournament's lock): every "your game is ready" it queues then goes out in one send, right
    after the commit and before any game's own after-commit work (its state, the lobby, the
    your-turn feeds, its bot and clock checks), which each game queues as it starts. Without
    it a Swiss round of 100 boards told its last boards seconds after its first
    (docs/benchmarks.md)."""
    if _readies_batch() is None:
        transaction.on_commit(SendReadies())


def _readies_batch():
    """The SendReadies queued at the current savepoint level of this transaction, if any (one
    queued outside a savepoint still open would not be dropped with it if it rolled back)."""
    return _queued(lambda func: isinstance(func, SendReadies), at_this_level=True)


def _queued(match, *, at_this_level=False):
    """The first callback queued for this transaction's commit that `match` accepts (queued at
    the current savepoint level only, if asked); None outside a transaction."""
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        return None
    level = set(connection.savepoint_ids)
    return next((func for savepoints, func, _robust in connection.run_on_commit
                 if match(func) and (not at_this_level or savepoints == level)), None)


def game_ready(tournament, game, user_ids):
    """After the commit: each of `user_ids` hears that their game of the tournament is ready
    (with the transaction's other readies, before the games' own work, after `readies_first`)."""
    message = {"type": "tournament.game", "tournament": tournament.pk, "name": tournament.name,
               "game": game.pk, "table": game.table_id,
               # The first move's deadline (the banner counts down to it); None without a clock.
               "deadline_at": game.deadline_at.isoformat() if game.deadline_at else None}
    sends = [(user_group(user_id), message) for user_id in user_ids]
    batch = _readies_batch()
    if batch is not None:
        batch.sends.extend(sends)
        return

    def send():
        try:
            broadcast.group_send_many(sends)
        except Exception:
            log.exception("could not tell the players of game %s that it is ready", game.pk)

    transaction.on_commit(send)
