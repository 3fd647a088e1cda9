"""Deleting one's account: confirmed by the password, it leaves running games, anonymises the
row in place (games, seats and the opponents' ratings stay whole), signs out everywhere and
keeps the name from being taken for the reserve period; the admin deletes the same way."""

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts import deletion
from accounts.models import NameClaim, User
from games.models import Game, MoveRecord
from ratings.models import Rating, RatingChange
from social import services as social_services
from social.models import ChatMessage, Follow
from social.services import friends
from tests.support.games import client_for, error_code, play_out_from_the_last_round, start_game
from tests.support.sockets import connect, opened, tokens_for

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "tile-drafting-42"


@pytest.fixture
def lena():
    return User.objects.create_user("Lena", password=PASSWORD, email="lena@example.com",
                                    display_name="Lena K")


def ratings_of(user):
    return (sorted(Rating.objects.filter(user=user).values_list("ladder", "rating", "games")),
            sorted(RatingChange.objects.filter(user=user).values_list(
                "game_id", "rating_before", "rating_after", "delta")))


def test_deleting_an_account_keeps_its_games_and_the_opponents_ratings(lena, bob, carol):
    finished = start_game(lena, bob, rated=True)
    social_services.post_message(finished.pk, lena, "good luck")
    play_out_from_the_last_round(finished, seed=3)
    running = start_game(lena, carol)
    friends.follow(lena, "bob")
    friends.follow(carol, "Lena")
    moves_before = list(MoveRecord.objects.filter(game=finished).values_list("number", "move", "user_id"))
    result_before = Game.objects.get(pk=finished.pk).result
    bob_before = ratings_of(bob)
    assert bob_before[1]  # the game was rated
    session = Client()
    session.force_login(lena)
    api = client_for(lena)

    wrong = api.post("/api/v1/account/delete", {"password": "not-it"}, format="json")
    assert wrong.status_code == 400
    assert error_code(wrong) == "deletion_not_confirmed"
    assert User.objects.get(pk=lena.pk).username == "Lena"  # refused: nothing changed
    assert Game.objects.get(pk=running.pk).status == Game.Status.PLAYING

    assert api.post("/api/v1/account/delete", {"password": PASSWORD}, format="json").status_code == 204

    gone = User.objects.get(pk=lena.pk)
    assert gone.username == f"deleted-{lena.pk}"
    assert gone.deleted_at is not None
    assert (gone.email, gone.display_name, gone.is_active, gone.has_usable_password()) == ("", "", False, False)
    assert not Token.objects.filter(user=gone).exists()
    assert not Follow.objects.exists()
    assert ChatMessage.objects.get().text == ""
    # The games stay as they were played; the opponent's rating and history are unchanged.
    assert list(MoveRecord.objects.filter(game=finished).values_list("number", "move", "user_id")) == moves_before
    assert Game.objects.get(pk=finished.pk).result == result_before
    assert ratings_of(bob) == bob_before
    # The running game was resigned: carol won it.
    assert Game.objects.get(pk=running.pk).status == Game.Status.FINISHED
    # Game and replay show a deleted player, in the reader's language.
    anonymous = client_for()
    seats = anonymous.get(f"/api/v1/games/{finished.pk}").json()["seats"]
    assert {s["username"]: s["display_name"] for s in seats} == {
        f"deleted-{lena.pk}": "deleted player", "bob": "bob"}
    replay = Client().get(f"/games/{finished.pk}/replay").content.decode()
    assert "deleted player" in replay
    assert "Lena" not in replay
    french = anonymous.get(f"/api/v1/games/{finished.pk}", HTTP_ACCEPT_LANGUAGE="fr").json()["seats"]
    assert "joueur supprimé" in [s["display_name"] for s in french]
    # Signed out everywhere: the session and the token no longer work.
    assert session.get("/accounts/settings/").status_code == 302
    assert api.get("/api/v1/friends").status_code in (401, 403)
    assert client_for().get("/api/v1/users/Lena").status_code == 404


def test_a_deleted_name_stays_reserved_for_the_reserve_period(lena):
    deletion.delete_own_account(lena, password=PASSWORD)
    register = lambda name: client_for().post(  # noqa: E731
        "/api/v1/auth/register", {"username": name, "password": PASSWORD}, format="json")
    for name in ("lena", "LENA", "Iena", "lena_k", "deleted-1"):
        refused = register(name)
        assert refused.status_code == 400, name
        assert "username" in refused.json()["error"]["fields"]
    claims = NameClaim.objects.filter(user=lena)
    assert all(c.reserved_until > timezone.now() + timedelta(days=deletion.RESERVED_NAME_DAYS - 1)
               for c in claims.exclude(reserved_until=None))
    claims.exclude(reserved_until=None).update(reserved_until=timezone.now() - timedelta(seconds=1))
    assert register("lena").status_code == 201  # the reserve period is over


def test_an_account_without_a_password_confirms_with_its_username(alice):
    api = client_for(alice)
    assert error_code(api.post("/api/v1/account/delete", {"username": "bob"}, format="json")) == (
        "deletion_not_confirmed")
    assert api.post("/api/v1/account/delete", {"username": "ALICE"}, format="json").status_code == 204
    assert User.objects.get(pk=alice.pk).deleted_at is not None
    assert client_for().post("/api/v1/account/delete", {"username": "x"}, format="json").status_code in (401, 403)


def test_the_account_socket_closes_when_the_account_is_deleted(alice):
    tokens = tokens_for(alice)

    @async_to_sync
    async def scenario():
        lobby = await opened(connect("/ws/lobby/", tokens["alice"]))
        await database_sync_to_async(deletion.delete_own_account)(alice, username="alice")
        while True:
            output = await lobby.receive_output(timeout=5)
            if output["type"] == "websocket.close":
                return output

    assert scenario()["code"] == 4401


def test_the_admin_deletes_a_player_by_anonymising_them(lena, bob):
    play_out_from_the_last_round(start_game(lena, bob, rated=True), seed=3)
    admin = Client()
    admin.force_login(User.objects.create_superuser("root_admin", password=PASSWORD))
    # No delete page or 500: the row is kept, the action below anonymises it.
    assert admin.get(f"/admin/accounts/user/{lena.pk}/delete/").status_code == 403
    assert admin.post(f"/admin/accounts/user/{lena.pk}/delete/", {"post": "yes"}).status_code == 403
    response = admin.post("/admin/accounts/user/", {
        "action": "delete_accounts", "_selected_action": [str(lena.pk)]})
    assert response.status_code == 302
    assert User.objects.get(pk=lena.pk).username == f"deleted-{lena.pk}"
    assert Game.objects.filter(table__seats__user=lena).count() == 1


def test_a_deleted_player_is_withdrawn_from_their_running_season_and_leaves_the_league(make_user):
    from leagues.models import Entry, Member
    from tests.support.leagues import open_fixtures, players, started_season

    organiser = make_user("organiser")
    members = players(make_user, 4)
    league, season = started_season(organiser, members)
    leaving = members[0]
    deletion.delete_own_account(leaving, username="p0")
    entry = Entry.objects.get(season=season, user=leaving)
    assert entry.withdrawn
    assert not Member.objects.get(league=league, user=leaving).is_player
    # Their fixture's game was resigned: none of the open fixtures still waits on them.
    assert all(leaving.pk in f.forfeits or not f.players.filter(user=leaving).exists()
               for f in open_fixtures(season))


def test_chat_text_is_erased_except_under_an_open_report(alice, bob):
    game = start_game(alice, bob)
    plain = social_services.post_message(game.pk, alice, "hello")
    reported = social_services.post_message(game.pk, alice, "something rude")
    social_services.report_message(game.pk, reported.pk, bob, "rude")
    deletion.delete_own_account(alice, username="alice")
    texts = dict(ChatMessage.objects.values_list("pk", "text"))
    assert texts == {plain.pk: "", reported.pk: "something rude"}  # kept for the moderators
