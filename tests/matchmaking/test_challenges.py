"""Challenges (POST /challenges): a new table with quick play's choices and the player invited to
it; a bot's table starts at once; every bad request is refused and leaves no table."""

import pytest

from games.bot_accounts import bot_account
from games.models import Game, Seat, Table
from notifications.models import Notification
from social.models import Invitation

pytestmark = pytest.mark.django_db


def post(client, body):
    return client.post("/api/v1/challenges", body, content_type="application/json")


def test_a_challenge_opens_a_table_with_the_choices_and_invites_the_player(alice, bob, client):
    client.force_login(alice)
    answer = post(client, {"username": "bob", "ruleset": "duel", "rated": True,
                           "clock": "rapid"})
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["game"] is None
    assert body["url"] == f"/tables/{body['table']}/"
    table = Table.objects.get(pk=body["table"])
    assert (table.status, table.ruleset, table.players, table.rated, table.clock_kind,
            table.clock_base_seconds) == ("open", "duel", 2, True, "realtime", 600)
    assert list(Seat.objects.filter(table=table).values_list("user_id", flat=True)) == [alice.pk]
    invitation = Invitation.objects.get(table=table)
    assert (invitation.inviter_id, invitation.invitee_id, invitation.status) == \
        (alice.pk, bob.pk, "pending")
    assert Notification.objects.filter(user=bob, kind="table_invitation").count() == 1
    # Bob did not follow or get followed: the challenge stands; he accepts as any invitation.
    client.force_login(bob)
    accepted = client.post(f"/api/v1/table-invitations/{invitation.pk}/accept")
    assert accepted.status_code == 200, accepted.json()
    assert Seat.objects.filter(table=table).count() == 2


def test_a_challenge_to_a_bot_starts_at_once(alice, client):
    bot = bot_account("greedy")
    client.force_login(alice)
    body = post(client, {"username": bot.username, "players": 3, "clock": "correspondence"}).json()
    game = Game.objects.select_related("table").get(pk=body["game"])
    assert game.status == "playing"
    assert game.table.players == 3
    assert game.table.clock_kind == "correspondence"
    levels = {s.user.bot_level for s in Seat.objects.filter(table=game.table).select_related("user")
              if s.user.is_bot}
    assert levels == {"greedy"}


def test_bad_challenges_are_refused_and_leave_nothing(alice, bob, client):
    assert post(client, {"username": "bob"}).status_code == 401
    client.force_login(alice)
    cases = [({"username": "alice"}, 400, "invalid"),
             ({"username": "nobody-here"}, 404, "not_found"),
             ({"username": "bob", "players": 5}, 400, "invalid"),
             ({"username": "bob", "ruleset": "chess"}, 400, "invalid"),
             ({"username": "bob", "ruleset": "duel", "players": 3}, 400, "invalid"),
             ({"username": "bob", "clock": "hourglass"}, 400, "invalid"),
             ({"username": "bob", "clock": {"kind": "realtime", "base_seconds": 0}}, 400,
              "invalid"),
             ({"username": "bob", "rated": "often"}, 400, "invalid"),
             ({}, 400, "invalid")]
    for body, status, code in cases:
        answer = post(client, body)
        assert (answer.status_code, answer.json()["error"]["code"]) == (status, code), body
    assert Table.objects.count() == 0
    assert Invitation.objects.count() == 0
    assert not Notification.objects.filter(user=bob).exists()
