"""The league feed (/ws/leagues/<id>/): tells open league pages that something changed.

Thin: on connect, check the viewer may see the league (as its pages do: public, member, invited,
or the invite link's code kept in the session), then join the group `league-<id>`. The events
carry no data: pages re-read what they show (docs/api.md, "League feed")."""

from games.consumers import JsonProtocolConsumer
from games.socket_db import in_db_thread

from . import broadcast, checks, selectors
from .errors import NotFound
from .models import League

CLOSE_UNKNOWN_LEAGUE = 4404


def _may_watch(league_id, user, session):
    # The session loads from the database: read it here, on a database thread.
    code = session.get(f"league-code-{league_id}") if session is not None else None
    try:
        league = League.objects.filter(pk=checks.as_id(league_id, "league")).first()
    except NotFound:
        return False
    return league is not None and selectors.can_see(league, user, code)


class LeagueConsumer(JsonProtocolConsumer):
    handlers = {"ping": "on_ping"}
    group = None

    async def connect(self):
        self.league_id = int(self.scope["url_route"]["kwargs"]["league_id"])
        await self.accept()
        user, session = self.scope.get("user"), self.scope.get("session")
        if not await in_db_thread(_may_watch)(self.league_id, user, session):
            await self.close(code=CLOSE_UNKNOWN_LEAGUE)  # as for an unknown id: nothing leaks
            return
        self.group = broadcast.league_group(self.league_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.send_json({"type": "subscribed", "league": self.league_id})

    async def disconnect(self, code):
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def league_changed(self, event):
        await self.send_json({"type": "league", "league": event["league"]})
