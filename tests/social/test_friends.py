"""Follows, who is online (the sockets' presence), and invitations: sent live on the lobby
socket, accepted through the table-joining service."""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from games import services as game_services
from games.models import Seat
from social import errors
from social.models import Follow, Invitation
from social.services import friends
from tests.support.games import client_for, error_code
from tests.support.sockets import connect, next_of, opened, tokens_for

pytestmark = pytest.mark.django_db(transaction=True)



def test_follow_and_unfollow(alice, bob):
    client = client_for(alice)
    followed = client.post("/api/v1/friends", {"username": "BOB"}, format="json")
    assert followed.status_code == 201
    assert followed.json() == {"username": "bob", "display_name": "bob", "online": False}
    assert client.post("/api/v1/friends", {"username": "bob"}, format="json").status_code == 201
    assert Follow.objects.count() == 1
    assert client.get("/api/v1/friends").json() == [{"username": "bob", "display_name": "bob", "online": False}]
    assert client_for(bob).get("/api/v1/friends").json() == []  # following is one-way
    assert client.delete("/api/v1/friends/bob").status_code == 204
    assert client.get("/api/v1/friends").json() == []


def test_following_yourself_a_bot_or_nobody_is_refused(alice):
    from games.bot_accounts import bot_account

    with pytest.raises(errors.CannotFollowSelf):
        friends.follow(alice, "alice")
    with pytest.raises(errors.Invalid):
        friends.follow(alice, bot_account("random").username)
    response = client_for(alice).post("/api/v1/friends", {"username": "nobody-here"}, format="json")
    assert response.status_code == 404
    assert error_code(response) == "not_found"
    assert not Follow.objects.exists()


def test_a_followed_player_is_online_while_a_socket_of_theirs_is_open(alice, bob, carol):
    friends.follow(alice, "bob")
    friends.follow(alice, "carol")
    tokens = tokens_for(bob)

    @async_to_sync
    async def scenario():
        lobby = await opened(connect("/ws/lobby/", tokens["bob"]))
        await next_of(lobby, "tables")
        while_open = await database_sync_to_async(friends.friends)(alice)
        await lobby.disconnect()
        return while_open

    assert [(f["username"], f["online"]) for f in scenario()] == [("bob", True), ("carol", False)]
    assert [f["online"] for f in friends.friends(alice)] == [False, False]


def test_an_invitation_arrives_live_and_accepting_it_seats_the_friend(alice, bob):
    table = game_services.create_table(alice, players=3)
    friends.follow(alice, "bob")
    tokens = tokens_for(bob)
    alice_client = client_for(alice)

    @async_to_sync
    async def scenario():
        lobby = await opened(connect("/ws/lobby/", tokens["bob"]))
        await next_of(lobby, "tables")
        response = await database_sync_to_async(alice_client.post)(
            f"/api/v1/tables/{table.pk}/invitations", {"username": "bob"}, format="json")
        assert response.status_code == 201, response.json()
        while True:
            message = await lobby.receive_json_from(timeout=5)
            if message["type"] == "invitation":
                break
            assert message["type"] in ("table", "tables")
        await lobby.disconnect()
        return response.json(), message["invitation"]

    sent, heard = scenario()
    assert sent == heard
    assert (heard["table"], heard["inviter"], heard["status"]) == (table.pk, "alice", "pending")
    bob_client = client_for(bob)
    assert [i["id"] for i in bob_client.get("/api/v1/table-invitations").json()] == [heard["id"]]
    # Someone else cannot answer it; a forged id is unknown.
    assert client_for(alice).post(f"/api/v1/table-invitations/{heard['id']}/accept").status_code == 404
    assert bob_client.post("/api/v1/table-invitations/99999999999999999999/accept").status_code == 404
    accepted = bob_client.post(f"/api/v1/table-invitations/{heard['id']}/accept")
    assert accepted.status_code == 200
    assert accepted.json() == {"table": table.pk, "position": 1}
    assert Seat.objects.get(table=table, user=bob).position == 1
    again = bob_client.post(f"/api/v1/table-invitations/{heard['id']}/accept")
    assert again.status_code == 409
    assert error_code(again) == "invitation_answered"
    assert Invitation.objects.get().status == "accepted"
    assert bob_client.get("/api/v1/table-invitations").json() == []


def test_invitations_are_refused_when_they_cannot_be_kept(alice, bob, carol):
    table = game_services.create_table(alice, players=2)
    client = client_for(alice)
    invite = lambda who, by=client: by.post(  # noqa: E731
        f"/api/v1/tables/{table.pk}/invitations", {"username": who}, format="json")
    assert error_code(invite("bob")) == "not_following"
    friends.follow(alice, "bob")
    friends.follow(carol, "bob")
    assert error_code(invite("bob", client_for(carol))) == "not_seated"  # carol is not seated
    assert invite("bob").status_code == 201
    assert invite("bob").json()["id"] == Invitation.objects.get().pk  # the same one again
    game_services.join_table(table.pk, carol)  # the last seat goes to someone else
    accept = client_for(bob).post(f"/api/v1/table-invitations/{Invitation.objects.get().pk}/accept")
    assert accept.status_code == 409
    assert error_code(accept) == "table_full"
    assert Invitation.objects.get().status == "pending"  # refused: nothing changed
    assert not Seat.objects.filter(user=bob).exists()
    assert error_code(invite("bob")) == "table_full"
    huge = client.post("/api/v1/tables/99999999999999999999/invitations", {"username": "bob"}, format="json")
    assert huge.status_code == 404


def test_declining(alice, bob):
    table = game_services.create_table(alice, players=2)
    friends.follow(alice, "bob")
    invitation = friends.invite(alice, table.pk, "bob")
    declined = client_for(bob).post(f"/api/v1/table-invitations/{invitation.pk}/decline")
    assert declined.status_code == 200
    assert declined.json()["status"] == "declined"
    assert client_for(bob).post(f"/api/v1/table-invitations/{invitation.pk}/accept").status_code == 409
    assert not Seat.objects.filter(user=bob).exists()


def test_the_profile_page_follows_and_unfollows(alice, bob):
    from django.test import Client

    browser = Client()
    browser.force_login(alice)
    assert 'data-testid="follow"' in browser.get("/u/bob/").content.decode()
    assert 'data-testid="follow"' not in browser.get("/u/alice/").content.decode()  # yourself
    assert 'data-testid="follow"' not in Client().get("/u/bob/").content.decode()  # anonymous
    assert browser.post("/social/follow/bob")["Location"] == "/u/bob/"
    assert Follow.objects.filter(follower=alice, followed=bob).exists()
    assert 'data-testid="unfollow"' in browser.get("/u/bob/").content.decode()
    browser.post("/social/unfollow/bob")
    assert not Follow.objects.exists()
    assert browser.get("/social/follow/bob").status_code == 405  # a GET changes nothing
    assert browser.post("/social/follow/nobody-here").status_code == 404
