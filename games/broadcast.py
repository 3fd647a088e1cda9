"""The games' events on the channel layer: each game's state to its group, the lobby's tables.
Sent through realtime.broadcast, only after the transaction that caused them commits."""

from django.db import transaction

from realtime import broadcast, fast_json

from . import payloads, selectors

LOBBY_GROUP = "lobby"


def game_group(game_id):
    return f"game-{game_id}"


def send_game_state(change):
    """Send a committed change (games.events.GameChange) to every player and spectator of its
    game, each socket the view that `payloads.view_for` gives its account."""
    broadcast.group_send(game_group(change.game.pk), state_event(change))


def state_event(change):
    """The `game.state` event of one change: one event for the whole group, each view encoded
    once however many sockets get it (payloads.views, realtime.broadcast.per_viewer_event).
    `text` is the `state` message of the sockets of `mover` (the account that moves now),
    `others` everyone else's; without `others` (nobody moves, or a process of the previous release
    sent it) every socket gets `text`. So each socket gets exactly one state per change, and every
    state of a version that reaches the mover's page has its moves (a page keeps the last state
    of a version)."""
    mover, mine, others = payloads.views(
        change.game, last_move=change.last_move, engine_state=change.engine_state,
        account=change.account,
    )
    return broadcast.per_viewer_event(
        "game.state", fast_json.dumps({"type": "state", **mine}), mover,
        None if others is mine else fast_json.dumps({"type": "state", **others}),
    )


def state_text_for(event, user_id):
    """The text a socket of `user_id` (None: anonymous) sends for a `game.state` event."""
    return broadcast.text_for(event, user_id)


def lobby_after_commit(table_id, *, open_tables_changed=True):
    """Tell the lobby that a table changed: the table itself, then the fresh list of open tables
    unless the change cannot have touched it (`open_tables_changed=False`)."""
    transaction.on_commit(lambda: send_lobby_update(table_id, open_tables_changed))


def send_lobby_update(table_id, open_tables_changed=True):
    table = selectors.get_table(table_id)
    broadcast.group_send(LOBBY_GROUP, {"type": "lobby.table", "table": payloads.table_payload(table)})
    if open_tables_changed:
        broadcast.group_send(LOBBY_GROUP, {"type": "lobby.tables", "tables": open_tables_payload()})


def open_tables_payload():
    return [payloads.table_payload(table) for table in selectors.open_tables()]
