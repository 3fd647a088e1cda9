"""Events to channel-layer groups from any thread, sent only after the transaction that caused
them commits, and the per-viewer event whose texts are encoded once for a whole group.

Any app sends through here (games' states, chat, seeks, leagues...); realtime.registry says which
handler of which socket receives each event type.
"""

import asyncio
import logging
import threading
from contextlib import contextmanager

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from . import group_sends

log = logging.getLogger(__name__)
_thread = threading.local()
_sending = set()  # the event loop keeps only weak references to its tasks


@contextmanager
def sent_through(loop):
    """Within this block, this thread's broadcasts are collected and handed to `loop` (a daphne
    process's event loop, for which the thread does socket database work: realtime.db_threads)
    when it ends, all in one hop and one Redis round trip (realtime.group_sends), instead of
    waited for. Sends come from after-commit hooks, so what a block collected is committed: it
    goes out even if the block then raises. A socket's call is short (one service), so they
    leave together."""
    _thread.pending = []
    try:
        yield
    finally:
        pending, _thread.pending = _thread.pending, None
        layer = get_channel_layer() if pending else None  # most socket calls send nothing
        if layer is not None:
            loop.call_soon_threadsafe(_start_sending, layer, pending)


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
    """Send `message` to a channel-layer group from any thread (on a socket's database thread:
    when its call ends; elsewhere: now, waited for)."""
    _send_all([(group, message)])


def group_send_many(sends):
    """Send each (group, message) of `sends` together: in one hop to the event loop and one
    Redis round trip (a request thread or task waits for them)."""
    sends = list(sends)
    if sends:
        _send_all(sends)


def group_send_after_commit(group, message):
    """Send `message` to `group` once the current transaction commits."""
    transaction.on_commit(lambda: group_send(group, message))


def per_viewer_event(event_type, text, viewer=None, others=None):
    """An event carrying texts encoded once for every socket of a group: `text` for the sockets
    of the account `viewer`, `others` for everyone else's (None: `text` for everyone). Each
    socket sends the one `text_for` picks, as it is: no decoding, no encoding per socket."""
    event = {"type": event_type, "text": text, "mover": viewer}
    if others is not None:
        event["others"] = others
    return event


def text_for(event, user_id):
    """The text a socket of `user_id` (None: anonymous) sends for a `per_viewer_event`."""
    others = event.get("others")
    if others is None or (user_id is not None and user_id == event.get("mover")):
        return event["text"]
    return others
