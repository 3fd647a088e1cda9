"""/ws/me/ (endpoint "me"): one user's own feed — the your-turn list and the inbox's unread count,
sent on connect and after every change (the header's badges and the your-turn page listen here),
and whatever else apps send on the user feed for it (matchmaking's `paired`)."""

from django.utils.translation import gettext as _

from kernel.errors import is_signed_in
from realtime.db_threads import in_db_thread
from realtime.registry import endpoint, user_feed

from . import selectors

CLOSE_NOT_AUTHENTICATED = 4401

ME = endpoint("me")


def _your_turn_message(user):
    return {"type": "your_turn", "games": selectors.your_turn_games(user)}


@ME.opens
async def open_user_feed(socket):
    await socket.accept()
    if not is_signed_in(socket.user):
        await socket.send_error("not_authenticated", _("log in to follow your games"))
        await socket.close(code=CLOSE_NOT_AUTHENTICATED)
        return
    await socket.join()  # the user feed
    await on_sync(socket, {})
    await user_inbox(socket, {})


@ME.message("sync")
async def on_sync(socket, content):
    await socket.send_json(await in_db_thread(_your_turn_message)(socket.user))


@user_feed.event("user.turns", endpoints=("me",))
async def user_turns(socket, event):
    await on_sync(socket, {})


@user_feed.event("user.inbox", endpoints=("me",))
async def user_inbox(socket, event):  # the inbox changed (notifications.inbox): its count
    count = await in_db_thread(selectors.inbox_unread_count)(socket.user)
    await socket.send_json({"type": "inbox", "unread": count})
