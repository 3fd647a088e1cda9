"""Events to the channel layer, sent only after the transaction that caused them commits."""

import json

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from . import payloads, selectors

LOBBY_GROUP = "lobby"


def game_group(game_id):
    return f"game-{game_id}"


def _group_send(group, message):
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group, message)


def game_state_after_commit(payload):
    """Send a game payload (built inside the transaction) to every player and spectator.

    The `state` message is encoded to JSON once here, not once per receiving socket."""
    transaction.on_commit(lambda: send_game_state(payload))


def send_game_state(payload):
    text = json.dumps({"type": "state", **payload}, separators=(",", ":"))
    _group_send(game_group(payload["id"]), {"type": "game.state", "text": text})


def lobby_after_commit(table_id):
    """Tell the lobby that a table changed: the table itself, then the fresh list of open tables."""
    transaction.on_commit(lambda: send_lobby_update(table_id))


def send_lobby_update(table_id):
    table = selectors.get_table(table_id)
    _group_send(LOBBY_GROUP, {"type": "lobby.table", "table": payloads.table_payload(table)})
    _group_send(LOBBY_GROUP, {"type": "lobby.tables", "tables": open_tables_payload()})


def open_tables_payload():
    return [payloads.table_payload(table) for table in selectors.open_tables()]
