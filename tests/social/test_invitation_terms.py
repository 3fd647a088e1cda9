"""An invitation says what accepting it agrees to, before the invitee accepts: rated or casual,
and the clock (the REST list and the live `invitation` event carry the table's `rated` and
`clock`; the lobby shows them: tests/e2e/test_invitation_terms.py)."""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from games import services as game_services
from social.services import friends
from tests.support.games import client_for
from tests.support.sockets import connect, next_of, opened, tokens_for

pytestmark = pytest.mark.django_db(transaction=True)

FIVE_SECONDS = {"kind": "realtime", "base_seconds": 5, "increment_seconds": 0, "days_per_move": 0}


def test_the_invitation_says_rated_and_the_clock_live_and_in_the_list(alice, bob):
    table = game_services.create_table(alice, players=2, rated=True, clock=FIVE_SECONDS)
    friends.follow(alice, "bob")
    tokens = tokens_for(bob)

    @async_to_sync
    async def scenario():
        lobby = await opened(connect("/ws/lobby/", tokens["bob"]))
        await next_of(lobby, "tables")
        await database_sync_to_async(friends.invite)(alice, table.pk, "bob")
        while (message := await lobby.receive_json_from(timeout=5))["type"] != "invitation":
            assert message["type"] in ("table", "tables")
        await lobby.disconnect()
        return message["invitation"]

    heard = scenario()
    listed = client_for(bob).get("/api/v1/table-invitations").json()
    for invitation in (heard, listed[0]):
        assert (invitation["rated"], invitation["clock"]) == (True, FIVE_SECONDS)


def test_a_casual_table_without_a_clock_says_so(alice, bob):
    table = game_services.create_table(alice, players=3)
    friends.follow(alice, "bob")
    friends.invite(alice, table.pk, "bob")

    [invitation] = client_for(bob).get("/api/v1/table-invitations").json()

    assert invitation["rated"] is False
    assert invitation["clock"]["kind"] == "none"
