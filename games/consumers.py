"""The games' sockets: the game protocol (/ws/games/<id>/, endpoint "game") and the lobby feed
(/ws/lobby/, endpoint "lobby"), registered on the realtime layer (realtime.registry).

Thin edges: parse a message, call one service or selector in a worker thread, send the answer.
Game changes reach everyone through the group broadcast that games.services queues after commit.
Other apps add their messages and events to these endpoints by name (social: chat; matchmaking:
rematches and seeks). The protocol is documented in docs/api.md.
"""

from django.conf import settings
from django.utils.translation import gettext as _

from kernel.errors import is_signed_in
from realtime import presence
from realtime.db_threads import in_db_thread
from realtime.registry import endpoint

from . import broadcast, payloads, selectors, services
from .errors import NotFound

CLOSE_UNKNOWN_GAME = 4404
CLOSE_TOO_MANY_SPECTATORS = 4429  # after an error message with the code too_many_spectators
PRESENCE_EVENT = "game.presence"

GAME = endpoint("game")
LOBBY = endpoint("lobby")


def _state_message(game, user_id):
    """The current state, as the socket of `user_id` gets it (payloads.view_for, as in broadcasts)."""
    return {"type": "state", **payloads.view_for(game, user_id, last_move=selectors.last_move(game))}


def _move_message(game_id, user, move, version):
    """Play `move`; a resend of the last accepted one changes nothing, so no broadcast follows:
    its answer, the sender's view of the game (None when the move was applied)."""
    outcome = services.play_move(game_id, user, move, version)
    if outcome.applied:
        return None
    view = payloads.view_for(outcome.game, getattr(user, "pk", None), last_move=outcome.last_move)
    return {"type": "state", **view}


def _sync_message(game_id, user_id):
    """The current state. Connecting and syncing check the clock first: a client whose display
    reached zero sends a sync, so timeouts happen on time even without a Celery beat."""
    return _state_message(services.game_after_clock_check(game_id), user_id)


def _connect_message(game_id, user_id):
    """(is_player, plays_on, state message) for a socket connecting to a game, from one read of
    the game; None if there is no such game. A player who left is a player who does not play on:
    they read the spectators' chat (social.services.channel_of)."""
    try:
        game = services.game_after_clock_check(game_id)
    except NotFound:
        return None
    own = [seat for seat in game.table.seats_in_order() if user_id is not None and seat.user_id == user_id]
    plays_on = any(not seat.left for seat in own)
    return bool(own), plays_on, _state_message(game, user_id)


@GAME.opens
async def open_game(socket):
    socket.game_id = int(socket.scope["url_route"]["kwargs"]["game_id"])
    socket.game_group = None
    await socket.accept()
    group = broadcast.game_group(socket.game_id)
    # Joined before the state is read, so nothing falls between that state and the broadcasts
    # that follow (they wait in this socket's queue until connect returns). One read of the
    # game answers who this is and what they are shown.
    await socket.channel_layer.group_add(group, socket.channel_name)
    connecting = await in_db_thread(_connect_message)(socket.game_id, socket.user_id)
    if connecting is None:
        await socket.channel_layer.group_discard(group, socket.channel_name)
        await socket.close(code=CLOSE_UNKNOWN_GAME)
        return
    is_player, plays_on, state = connecting
    username = socket.user.username if is_player else None
    anonymous = not is_signed_in(socket.user)
    socket.presence_entry = presence.entry(socket.channel_name, username, is_player, anonymous)
    if not anonymous:
        await presence.join(group, socket.presence_entry)
    elif not await presence.join_anonymous(
        group, socket.presence_entry, settings.ANONYMOUS_SOCKETS_PER_GAME
    ):
        await socket.channel_layer.group_discard(group, socket.channel_name)
        await socket.send_error(
            "too_many_spectators",
            _('%(anonymous_sockets_per_game)s anonymous spectators watch this game already: '
              'log in to watch, or try again later')
            % {"anonymous_sockets_per_game": settings.ANONYMOUS_SOCKETS_PER_GAME},
        )
        await socket.close(code=CLOSE_TOO_MANY_SPECTATORS)
        return
    socket.game_group = group
    await socket.join(game_id=socket.game_id, plays_on=plays_on)  # the user feed, chat, online
    await socket.send_json(state)
    presence.changed(group, socket.channel_layer, PRESENCE_EVENT)


@GAME.closes
async def close_game(socket):
    group = getattr(socket, "game_group", None)
    if group is None:
        return
    await socket.channel_layer.group_discard(group, socket.channel_name)
    await presence.leave(group, socket.presence_entry)
    presence.changed(group, socket.channel_layer, PRESENCE_EVENT)


@GAME.message("move")
async def on_move(socket, content):
    answer = await socket.call_service(
        _move_message, socket.game_id, socket.user, content.get("move"), content.get("version")
    )
    if answer is not None:
        await socket.send_json(answer)


@GAME.message("sync")
async def on_sync(socket, content):
    message = await socket.call_service(_sync_message, socket.game_id, socket.user_id)
    if message is not None:
        await socket.send_json(message)


@GAME.message("resign")
async def on_resign(socket, content):
    await socket.call_service(services.resign, socket.game_id, socket.user)


# Group events (from games.broadcast, games.analysis and presence changes).
@GAME.event("game.state")
async def game_state(socket, event):
    # The broadcast carries each view encoded once for all its receivers (broadcast.state_event).
    await socket.send(text_data=broadcast.state_text_for(event, socket.user_id))


@GAME.event("game.analysis")
async def game_analysis(socket, event):
    # Progress of the game's analysis (games.analysis.services), encoded once by the sender.
    await socket.send(text_data=event["text"])


@GAME.event(PRESENCE_EVENT)
async def game_presence(socket, event):
    await socket.send_json(
        {"type": "presence", "connected": event["connected"], "spectators": event["spectators"]}
    )


@LOBBY.opens
async def open_lobby(socket):
    await socket.accept()
    await socket.channel_layer.group_add(broadcast.LOBBY_GROUP, socket.channel_name)
    await socket.join()  # the user feed (pairings, invitations), online
    tables = await in_db_thread(broadcast.open_tables_payload)()
    await socket.send_json({"type": "tables", "tables": tables})


@LOBBY.closes
async def close_lobby(socket):
    await socket.channel_layer.group_discard(broadcast.LOBBY_GROUP, socket.channel_name)


@LOBBY.event("lobby.tables")
async def lobby_tables(socket, event):
    await socket.send_json({"type": "tables", "tables": event["tables"]})


@LOBBY.event("lobby.table")
async def lobby_table(socket, event):
    await socket.send_json({"type": "table", "table": event["table"]})
