"""Events to the channel layer, sent only after the transaction that caused them commits."""

import asyncio
import logging
import threading
from contextlib import contextmanager

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from . import fast_json, group_sends, payloads, selectors

LOBBY_GROUP = "lobby"

log = logging.getLogger(__name__)
_thread = threading.local()
_sending = set()  # the event loop keeps only weak references to its tasks


def game_group(game_id):
    return f"game-{game_id}"


@contextmanager
def sent_through(loop):
    """Within this block, this thread's broadcasts are collected and handed to `loop` (a daphne
    process's event loop, for which the thread does socket database work: games.consumers) when
    it ends, all in one hop and one Redis round trip (games.group_sends), instead of waited for.
    Sends come from after-commit hooks, so what a block collected is committed: it goes out even
    if the block then raises. A socket's call is short (one service), so they leave together."""
    _thread.pending = []
    try:
        yield
    finally:
        pending, _thread.pending = _thread.pending, None
        layer = get_channel_layer() if pending else None  # most socket calls send nothing
        if layer is not None:
            loop.call_soon_threadsafe(_start_sending, layer, pending)


def _group_send(group, message):
    _send_all([(group, message)])


def _send_all(sends):
    pending = getattr(_thread, "pending", None)
    if pending is not None:  # a socket's database thread: sent when its call ends (above)
        pending.extend(sends)
        return
    layer = get_channel_layer()
    if layer is None:
        return
    # A request thread, a Celery task: send and wait.
    async_to_sync(group_sends.send_all)(layer, sends)


def _start_sending(layer, sends):
    # The loop starts its tasks in the order they were handed over, so a game's events keep
    # their order.
    task = asyncio.ensure_future(group_sends.send_all(layer, sends))
    _sending.add(task)
    task.add_done_callback(_sent)


def _sent(task):
    _sending.discard(task)
    if not task.cancelled() and task.exception() is not None:
        log.error("broadcast failed", exc_info=task.exception())


def group_send(group, message):
    """Send `message` to a channel-layer group from any thread (the public name of the sender
    above, for other apps' events: matchmaking, notifications)."""
    _group_send(group, message)


def group_send_many(sends):
    """Send each (group, message) of `sends` together: in one hop to the event loop and one
    Redis round trip (a request thread or task waits for them)."""
    sends = list(sends)
    if sends:
        _send_all(sends)


def user_group(user_id):
    """Every socket of one user (lobby, /ws/me/): seek pairings, the your-turn badge."""
    return f"user-{user_id}"


def send_game_state(change):
    """Send a committed change (games.events.GameChange) to every player and spectator of its
    game, each socket the view that `payloads.view_for` gives its account."""
    _group_send(game_group(change.game.pk), state_event(change))


def state_event(change):
    """The `game.state` event of one change: one event for the whole group, each view encoded
    once however many sockets get it (payloads.views). `text` is the `state` message of the
    sockets of `mover` (the account that moves now), `others` everyone else's; without `others`
    (nobody moves, or a process of the previous release sent it) every socket gets `text`.
    So each socket gets exactly one state per change, and every state of a version that reaches
    the mover's page has its moves (a page keeps the last state of a version)."""
    mover, mine, others = payloads.views(
        change.game, last_move=change.last_move, engine_state=change.engine_state,
        account=change.account,
    )
    event = {"type": "game.state", "text": fast_json.dumps({"type": "state", **mine}), "mover": mover}
    if others is not mine:
        event["others"] = fast_json.dumps({"type": "state", **others})
    return event


def state_text_for(event, user_id):
    """The text a socket of `user_id` (None: anonymous) sends for a `game.state` event."""
    others = event.get("others")
    if others is None or (user_id is not None and user_id == event.get("mover")):
        return event["text"]
    return others


def lobby_after_commit(table_id, *, open_tables_changed=True):
    """Tell the lobby that a table changed: the table itself, then the fresh list of open tables
    unless the change cannot have touched it (`open_tables_changed=False`)."""
    transaction.on_commit(lambda: send_lobby_update(table_id, open_tables_changed))


def send_lobby_update(table_id, open_tables_changed=True):
    table = selectors.get_table(table_id)
    _group_send(LOBBY_GROUP, {"type": "lobby.table", "table": payloads.table_payload(table)})
    if open_tables_changed:
        _group_send(LOBBY_GROUP, {"type": "lobby.tables", "tables": open_tables_payload()})


def open_tables_payload():
    return [payloads.table_payload(table) for table in selectors.open_tables()]


def group_send_after_commit(group, message):
    """Send any app's event `message` to `group` once the current transaction commits."""
    transaction.on_commit(lambda: _group_send(group, message))
