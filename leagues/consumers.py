"""The league feed (/ws/leagues/<id>/, endpoint "league"): tells open league pages that
something changed.

Thin: on connect, check the viewer may see the league (as its pages do: public, member, invited,
or the invite link's code kept in the session), then join the group `league-<id>`. The events
carry no data: pages re-read what they show (docs/api.md, "League feed")."""

from realtime.db_threads import in_db_thread
from realtime.registry import endpoint

from . import broadcast, checks, selectors
from .errors import NotFound
from .models import League

CLOSE_UNKNOWN_LEAGUE = 4404

LEAGUE = endpoint("league")


def _may_watch(league_id, user, session):
    # The session loads from the database: read it here, on a database thread.
    code = session.get(f"league-code-{league_id}") if session is not None else None
    try:
        league = League.objects.filter(pk=checks.as_id(league_id, "league")).first()
    except NotFound:
        return False
    return league is not None and selectors.can_see(league, user, code)


@LEAGUE.opens
async def open_league(socket):
    socket.league_id = int(socket.scope["url_route"]["kwargs"]["league_id"])
    socket.league_group = None
    await socket.accept()
    if not await in_db_thread(_may_watch)(socket.league_id, socket.user, socket.scope.get("session")):
        await socket.close(code=CLOSE_UNKNOWN_LEAGUE)  # as for an unknown id: nothing leaks
        return
    socket.league_group = broadcast.league_group(socket.league_id)
    await socket.channel_layer.group_add(socket.league_group, socket.channel_name)
    await socket.join()  # the user feed (a deleted account's sockets close)
    await socket.send_json({"type": "subscribed", "league": socket.league_id})


@LEAGUE.closes
async def close_league(socket):
    if getattr(socket, "league_group", None) is not None:
        await socket.channel_layer.group_discard(socket.league_group, socket.channel_name)


@LEAGUE.event("league.changed")
async def league_changed(socket, event):
    await socket.send_json({"type": "league", "league": event["league"]})
