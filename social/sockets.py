"""The social part of the WebSocket protocol, registered on the realtime layer's endpoints.

Game sockets read one chat channel (social.services: the players' or the spectators') and send
`chat` messages; every authenticated game or lobby socket has an entry in the `online` presence
group, and hears its user's mutes and invitations on the user feed (realtime.registry). A user's
mutes are read when the socket opens and replaced by the `social.mutes` event their mute and
unmute send, so muted authors' messages are dropped here, never sent to the muter.
"""

from django.utils.translation import gettext as _

from kernel.errors import is_signed_in
from realtime import presence
from realtime.db_threads import in_db_thread
from realtime.registry import endpoint, user_feed

from . import groups, services

GAME = endpoint("game")
LOBBY = endpoint("lobby")


@GAME.on_join
@LOBBY.on_join
async def social_join(socket, game_id=None, plays_on=False, **context):
    """The online presence and the user's mutes; a game socket also its chat channel."""
    socket.chat_groups = ()
    socket.muted = frozenset()
    if is_signed_in(socket.user):
        socket.online_entry = presence.entry(socket.channel_name, socket.user.username, True)
        await presence.join(groups.ONLINE_GROUP, socket.online_entry)
        socket.muted = frozenset(await in_db_thread(services.muted_ids)(socket.user))
    if game_id is not None:
        channel = services.PLAYERS if plays_on else services.SPECTATORS
        name = groups.chat_group(game_id, channel)
        await socket.channel_layer.group_add(name, socket.channel_name)
        socket.chat_groups = (name,)


@GAME.on_leave
@LOBBY.on_leave
async def social_leave(socket):
    for name in socket.chat_groups:
        await socket.channel_layer.group_discard(name, socket.channel_name)
    socket.chat_groups = ()
    entry = getattr(socket, "online_entry", None)
    if entry is not None:
        await presence.leave(groups.ONLINE_GROUP, entry)
        socket.online_entry = None


@GAME.message("chat")
async def on_chat(socket, content):
    if "game" in content and content["game"] != socket.game_id:
        # A socket chats in its own game only: a message naming another is refused, not rerouted.
        only_here = _("this socket chats in game %(game_id)s only") % {"game_id": socket.game_id}
        await socket.send_error("invalid", only_here)
        return
    await socket.call_service(
        services.post_message, socket.game_id, socket.user, content.get("text"), content.get("channel")
    )


# Group events.
@GAME.event("social.chat")
async def social_chat(socket, event):
    # A message of the players' channel sent before this socket's player left may still be
    # queued here: what the socket no longer reads is dropped (social_seat_left).
    channel = groups.chat_group(socket.game_id, event["message"]["channel"])
    if event["author_id"] not in socket.muted and channel in socket.chat_groups:
        await socket.send_json({"type": "chat", "message": event["message"]})


@GAME.event("social.seat_left")
async def social_seat_left(socket, event):
    # This socket's player left the game: from now on they read the spectators' channel.
    old = groups.chat_group(socket.game_id, services.PLAYERS)
    if event["user_id"] != socket.user_id or old not in getattr(socket, "chat_groups", ()):
        return
    new = groups.chat_group(socket.game_id, services.SPECTATORS)
    await socket.channel_layer.group_discard(old, socket.channel_name)
    await socket.channel_layer.group_add(new, socket.channel_name)
    socket.chat_groups = tuple(new if name == old else name for name in socket.chat_groups)


@user_feed.event("social.mutes", endpoints=("game",))
async def social_mutes(socket, event):
    socket.muted = frozenset(event["muted"])


@user_feed.event("social.invitation", endpoints=("game", "lobby"))
async def social_invitation(socket, event):
    await socket.send_json({"type": "invitation", "invitation": event["invitation"]})


@user_feed.event("social.account.closed")
async def social_account_closed(socket, event):
    # The account was deleted (accounts.deletion): every socket signed in as it closes.
    await socket.close(code=4401)
