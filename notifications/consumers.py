"""/ws/me/: one user's own feed — the your-turn list, sent on connect and after every change of
one of their games (the header badge and the your-turn page listen here)."""

from django.utils.translation import gettext as _

from games import broadcast
from games.consumers import JsonProtocolConsumer
from games.socket_db import in_db_thread
from kernel.errors import is_signed_in

from . import inbox, selectors

CLOSE_NOT_AUTHENTICATED = 4401


def _your_turn_message(user):
    return {"type": "your_turn", "games": selectors.your_turn_games(user)}


class UserFeedConsumer(JsonProtocolConsumer):
    handlers = {"ping": "on_ping", "sync": "on_sync"}
    group = None

    async def connect(self):
        await self.accept()
        self.user = self.scope.get("user")
        if not is_signed_in(self.user):
            await self.send_error("not_authenticated", _("log in to follow your games"))
            await self.close(code=CLOSE_NOT_AUTHENTICATED)
            return
        self.group = broadcast.user_group(self.user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.channel_layer.group_add(inbox.inbox_group(self.user.pk), self.channel_name)
        await self.on_sync({})
        await self.user_inbox({})

    async def disconnect(self, code):
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.channel_layer.group_discard(inbox.inbox_group(self.user.pk), self.channel_name)

    async def on_sync(self, content):
        await self.send_json(await in_db_thread(_your_turn_message)(self.user))

    async def user_turns(self, event):
        await self.on_sync({})

    async def user_inbox(self, event):  # the inbox changed (notifications.inbox): its count
        count = await in_db_thread(selectors.inbox_unread_count)(self.user)
        await self.send_json({"type": "inbox", "unread": count})

    async def user_paired(self, event):
        await self.send_json({"type": "paired", "game": event["game"], "table": event["table"],
                              "url": f"/tables/{event['table']}/"})
