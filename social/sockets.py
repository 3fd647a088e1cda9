"""The social part of the WebSocket protocol, mixed into games.consumers' consumers.

Game sockets read one chat channel (social.services: the players' or the spectators') and send
`chat` messages; every authenticated socket, game or lobby, is in its user's group (mutes,
invitations) and has an entry in the `online` presence group. A user's mutes are read when the
socket opens and replaced by the `social.mutes` event their mute and unmute send, so muted
authors' messages are dropped here, never sent to the muter.
"""

from django.utils.translation import gettext as _

from games import presence
from games.socket_db import in_db_thread
from kernel.errors import is_signed_in

from . import groups, services


class SocialSocketMixin:
    social_handlers = {"chat": "on_chat"}
    social_groups = ()
    chat_game_id = None
    muted = frozenset()

    async def social_join(self, user, game_id=None, is_player=False):
        """Join the user's group and the online presence; a game socket also its chat channel."""
        names = []
        if is_signed_in(user):
            names.append(groups.user_group(user.pk))
            self.online_entry = presence.entry(self.channel_name, user.username, True)
            await presence.join(groups.ONLINE_GROUP, self.online_entry)
            self.muted = frozenset(await in_db_thread(services.muted_ids)(user))
        if game_id is not None:
            self.chat_game_id = game_id
            channel = services.PLAYERS if is_player else services.SPECTATORS
            names.append(groups.chat_group(game_id, channel))
        for name in names:
            await self.channel_layer.group_add(name, self.channel_name)
        self.social_groups = tuple(names)

    async def social_leave(self):
        for name in self.social_groups:
            await self.channel_layer.group_discard(name, self.channel_name)
        self.social_groups = ()
        entry = getattr(self, "online_entry", None)
        if entry is not None:
            await presence.leave(groups.ONLINE_GROUP, entry)
            self.online_entry = None

    async def on_chat(self, content):
        if self.chat_game_id is None:
            await self.send_error("unknown_type", _("chat is sent on a game's socket"))
            return
        if "game" in content and content["game"] != self.chat_game_id:
            # A socket chats in its own game only: a message naming another is refused, not rerouted.
            await self.send_error("invalid", _("this socket chats in game %(game_id)s only") % {"game_id": self.chat_game_id})
            return
        await self.call_service(
            services.post_message, self.chat_game_id, self.user, content.get("text"), content.get("channel")
        )

    # Group events.
    async def social_chat(self, event):
        # A message of the players' channel sent before this socket's player left may still be
        # queued here: what the socket no longer reads is dropped (social_seat_left).
        channel = groups.chat_group(self.chat_game_id, event["message"]["channel"])
        if event["author_id"] not in self.muted and channel in self.social_groups:
            await self.send_json({"type": "chat", "message": event["message"]})

    async def social_mutes(self, event):
        self.muted = frozenset(event["muted"])

    async def social_seat_left(self, event):
        # This socket's player left the game: from now on they read the spectators' channel.
        old = groups.chat_group(self.chat_game_id, services.PLAYERS)
        if event["user_id"] != getattr(self.user, "pk", None) or old not in self.social_groups:
            return
        new = groups.chat_group(self.chat_game_id, services.SPECTATORS)
        await self.channel_layer.group_discard(old, self.channel_name)
        await self.channel_layer.group_add(new, self.channel_name)
        self.social_groups = tuple(new if name == old else name for name in self.social_groups)

    async def social_invitation(self, event):
        await self.send_json({"type": "invitation", "invitation": event["invitation"]})

    async def social_account_closed(self, event):
        # The account was deleted (accounts.deletion): this socket was signed in as it.
        await self.close(code=4401)
