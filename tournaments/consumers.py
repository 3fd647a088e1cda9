"""The tournament feed (/ws/tournaments/<id>/, endpoint "tournament") and the player's "your
game is ready" on the user feed.

Thin: on connect, check the viewer may see the tournament (public; invite-only to its organiser
and players, or with ?code= the invite link's), join the group `tournament-<id>` and send the
state as it is; after every committed change the group hears `tournament.update` with the
standings and current pairings (tournaments.broadcast)."""

from urllib.parse import parse_qs

from realtime.db_threads import in_db_thread
from realtime.registry import endpoint, user_feed

from . import broadcast, payloads, selectors
from .checks import as_id
from .errors import NotFound

CLOSE_UNKNOWN_TOURNAMENT = 4404

TOURNAMENT = endpoint("tournament")


def _snapshot(tournament_id, user, code):
    """The live payload if the viewer may watch, else None."""
    try:
        tournament = selectors.tournament_by_id(as_id(tournament_id))
    except NotFound:
        return None
    if tournament is None or not selectors.can_see(tournament, user, code):
        return None
    return payloads.live_payload(tournament.pk)


@TOURNAMENT.opens
async def open_tournament(socket):
    socket.tournament_id = int(socket.scope["url_route"]["kwargs"]["tournament_id"])
    socket.tournament_group = None
    await socket.accept()
    query = parse_qs(socket.scope.get("query_string", b"").decode("latin-1"))
    code = (query.get("code") or [None])[0]
    snapshot = await in_db_thread(_snapshot)(socket.tournament_id, socket.user, code)
    if snapshot is None:
        await socket.close(code=CLOSE_UNKNOWN_TOURNAMENT)  # as for an unknown id: nothing leaks
        return
    socket.tournament_group = broadcast.tournament_group(socket.tournament_id)
    await socket.channel_layer.group_add(socket.tournament_group, socket.channel_name)
    await socket.join()  # the user feed
    await socket.send_json({"type": "tournament", **snapshot})


@TOURNAMENT.closes
async def close_tournament(socket):
    if getattr(socket, "tournament_group", None) is not None:
        await socket.channel_layer.group_discard(socket.tournament_group, socket.channel_name)


@TOURNAMENT.event("tournament.update")
async def tournament_update(socket, event):
    await socket.send_json({"type": "tournament", **event["data"]})


@user_feed.event("tournament.game")
async def tournament_game(socket, event):
    """The player's game of a tournament is ready, on whichever page they have open."""
    await socket.send_json({
        "type": "tournament_game", "tournament": event["tournament"], "name": event["name"],
        "game": event["game"], "table": event["table"], "url": f"/tables/{event['table']}/",
        "deadline_at": event.get("deadline_at")})
