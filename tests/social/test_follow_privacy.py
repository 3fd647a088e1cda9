"""Who may follow a player and see them online (User.follow_policy): everyone, only players they
follow, or nobody. A follow the setting forbids is refused, and one made before it stops
showing the player online, while a socket of theirs is open."""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from games import services as game_services
from social.models import Follow
from social.services import friends
from tests.support.games import client_for, error_code
from tests.support.sockets import connect, next_of, opened, tokens_for

pytestmark = pytest.mark.django_db(transaction=True)


def follow(by, name):
    return client_for(by).post("/api/v1/friends", {"username": name}, format="json")


def set_policy(user, policy):
    return client_for(user).put("/api/v1/account/privacy", {"follow_policy": policy}, format="json")


def test_the_setting_decides_who_may_follow(alice, bob, carol):
    assert client_for(bob).get("/api/v1/account/privacy").json() == {"follow_policy": "everyone"}
    bad = set_policy(bob, "friends-of-friends")
    assert bad.status_code == 400
    assert error_code(bad) == "invalid"
    assert set_policy(bob, "nobody").json() == {"follow_policy": "nobody"}
    refused = follow(alice, "bob")
    assert refused.status_code == 403
    assert error_code(refused) == "follow_not_allowed"
    assert not Follow.objects.exists()

    set_policy(bob, "followed")  # only players bob follows himself
    assert error_code(follow(alice, "bob")) == "follow_not_allowed"
    friends.follow(bob, "carol")
    assert follow(carol, "bob").status_code == 201
    assert list(Follow.objects.filter(followed__username="bob").values_list(
        "follower__username", flat=True)) == ["carol"]


def test_a_follow_the_setting_forbids_no_longer_shows_the_player_online(alice, bob):
    friends.follow(alice, "bob")
    table = game_services.create_table(alice, players=3)
    tokens = tokens_for(bob)
    alice_client = client_for(alice)

    @async_to_sync
    async def scenario():
        lobby = await opened(connect("/ws/lobby/", tokens["bob"]))  # bob is online
        await next_of(lobby, "tables")
        read = database_sync_to_async(lambda: [f["online"] for f in alice_client.get("/api/v1/friends").json()])
        before = await read()
        await database_sync_to_async(set_policy)(bob, "nobody")
        after = await read()
        await lobby.disconnect()
        return before, after

    assert scenario() == ([True], [False])
    assert Follow.objects.filter(follower=alice).exists()  # kept: allowing it again shows it
    invite = alice_client.post(f"/api/v1/tables/{table.pk}/invitations", {"username": "bob"}, format="json")
    assert invite.status_code == 403
    assert error_code(invite) == "not_following"


def test_the_settings_page_sets_who_may_follow(alice):
    from django.test import Client

    from accounts.models import User

    page = Client()
    page.force_login(alice)
    assert b'value="everyone" checked' in page.get("/accounts/settings/").content
    assert page.post("/accounts/settings/privacy/", {"follow_policy": "followed"}).status_code == 302
    assert User.objects.get(pk=alice.pk).follow_policy == "followed"
    page.post("/accounts/settings/privacy/", {"follow_policy": "anyone-at-all"})  # refused
    assert User.objects.get(pk=alice.pk).follow_policy == "followed"
