"""The socket messages of rematches (on the game endpoint) and seeks (on the lobby endpoint),
registered on the realtime layer (realtime.registry).

Each handler parses the message, calls one service on the socket database pool (the socket's
call_service: a refusal is the sender's error) and answers; the live news reaches the other
sockets through group events after commit: `game.rematch` on the game's group, `user.paired` on
the user feed.
"""

from kernel.errors import is_signed_in
from realtime.registry import endpoint, user_feed

from .services import rematches, seeks

GAME = endpoint("game")
LOBBY = endpoint("lobby")


def _rematch_message(game_id):
    game, offer = rematches.rematch_of(game_id)
    return {"type": "rematch", "rematch": rematches.offer_payload(game, offer)}


def _after(service):
    def run(game_id, *args):
        service(game_id, *args)
        return _rematch_message(game_id)
    return run


async def _rematch(socket, service, *args):
    """Answers go to the sender; every socket of the game hears `rematch` (game.rematch)."""
    answer = await socket.call_service(_after(service), socket.game_id, socket.user, *args)
    if answer is not None:
        await socket.send_json(answer)


@GAME.message("rematch_offer")
async def on_rematch_offer(socket, content):
    await _rematch(socket, rematches.offer_rematch)


@GAME.message("rematch_accept")
async def on_rematch_accept(socket, content):
    await _rematch(socket, rematches.answer_rematch, True)


@GAME.message("rematch_decline")
async def on_rematch_decline(socket, content):
    await _rematch(socket, rematches.answer_rematch, False)


@GAME.message("rematch_cancel")
async def on_rematch_cancel(socket, content):
    await _rematch(socket, rematches.cancel_rematch)


@GAME.event("game.rematch")
async def game_rematch(socket, event):
    await socket.send_json({"type": "rematch", "rematch": event["rematch"]})


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


# A seek made on a lobby socket is cancelled when that socket closes (nobody is there to play).
@LOBBY.on_leave
async def cancel_socket_seek(socket):
    if getattr(socket, "seek_id", None) is not None and is_signed_in(socket.user):
        await socket.call_service(_cancel, socket.user, socket.seek_id)


@LOBBY.message("seek")
async def on_seek(socket, content):
    answer = await socket.call_service(_seek, socket.user, content)
    if answer is None:
        return
    socket.seek_id, payload = answer
    await socket.send_json({"type": "seek", "seek": payload})


@LOBBY.message("seek_cancel")
async def on_seek_cancel(socket, content):
    payload = await socket.call_service(_cancel, socket.user)
    if payload is not None:
        socket.seek_id = None
        await socket.send_json({"type": "seek", "seek": payload})


@user_feed.event("user.paired", endpoints=("lobby", "me"))
async def user_paired(socket, event):
    socket.seek_id = None  # the lobby socket's seek, if it made this one, is a game now
    await socket.send_json({"type": "paired", "game": event["game"], "table": event["table"],
                            "url": f"/tables/{event['table']}/"})
