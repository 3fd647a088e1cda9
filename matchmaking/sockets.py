"""The socket messages of rematches (on the game socket) and seeks (on the lobby socket).

Mixed into games.consumers.GameConsumer and LobbyConsumer, which only name these handlers:
each parses the message, calls one service on the socket database pool (the consumers'
call_service: a refusal is the sender's error) and answers; the live news reaches the other
sockets through group events after commit.
"""

from games import broadcast
from kernel.errors import is_signed_in

from .services import rematches, seeks

REMATCH_HANDLERS = {
    "rematch_offer": "on_rematch_offer",
    "rematch_accept": "on_rematch_accept",
    "rematch_decline": "on_rematch_decline",
    "rematch_cancel": "on_rematch_cancel",
}
SEEK_HANDLERS = {"seek": "on_seek", "seek_cancel": "on_seek_cancel"}


def _rematch_message(game_id):
    game, offer = rematches.rematch_of(game_id)
    return {"type": "rematch", "rematch": rematches.offer_payload(game, offer)}


def _after(service):
    def run(game_id, *args):
        service(game_id, *args)
        return _rematch_message(game_id)
    return run


class RematchMessages:
    """Answers go to the sender; every socket of the game hears `rematch` (game_rematch)."""

    async def _rematch(self, service, *args):
        answer = await self.call_service(_after(service), self.game_id, self.user, *args)
        if answer is not None:
            await self.send_json(answer)

    async def on_rematch_offer(self, content):
        await self._rematch(rematches.offer_rematch)

    async def on_rematch_accept(self, content):
        await self._rematch(rematches.answer_rematch, True)

    async def on_rematch_decline(self, content):
        await self._rematch(rematches.answer_rematch, False)

    async def on_rematch_cancel(self, content):
        await self._rematch(rematches.cancel_rematch)

    async def game_rematch(self, event):
        await self.send_json({"type": "rematch", "rematch": event["rematch"]})


def _seek(user, content):
    seek = seeks.create_seek(user, ruleset=content.get("ruleset", "classic"),
                             players=content.get("players"), rated=content.get("rated", False),
                             clock=content.get("clock"))
    return seek.pk, seeks.seek_payload(seek)


def _cancel(user, seek_id=None):
    if seek_id is None:
        return seeks.seek_payload(seeks.cancel_seek(user))
    seek = seeks.current_seek(user)
    if seek is None or seek.pk != seek_id or seek.status != seek.Status.WAITING:
        return None  # the socket's seek was paired or replaced: leave the others alone
    return seeks.seek_payload(seeks.drop_seek(user))


class SeekMessages:
    """The lobby socket of a logged-in user joins the user's group (pairings arrive there); a
    seek made on a socket is cancelled when that socket closes (nobody is there to play)."""

    seek_id = None

    async def join_user_group(self):
        user = self.scope.get("user")
        self.seek_user = user if is_signed_in(user) else None
        if self.seek_user is not None:
            await self.channel_layer.group_add(broadcast.user_group(user.pk), self.channel_name)

    async def leave_user_group(self):
        if getattr(self, "seek_user", None) is None:
            return
        await self.channel_layer.group_discard(broadcast.user_group(self.seek_user.pk),
                                               self.channel_name)
        if self.seek_id is not None:
            await self.call_service(_cancel, self.seek_user, self.seek_id)

    async def on_seek(self, content):
        answer = await self.call_service(_seek, self.scope.get("user"), content)
        if answer is None:
            return
        self.seek_id, payload = answer
        await self.send_json({"type": "seek", "seek": payload})

    async def on_seek_cancel(self, content):
        payload = await self.call_service(_cancel, self.scope.get("user"))
        if payload is not None:
            self.seek_id = None
            await self.send_json({"type": "seek", "seek": payload})

    async def user_turns(self, event):
        pass  # the your-turn feed (/ws/me/) shares the user's group; the lobby shows its own list

    async def user_paired(self, event):
        self.seek_id = None
        await self.send_json({"type": "paired", "game": event["game"], "table": event["table"],
                              "url": f"/tables/{event['table']}/"})
