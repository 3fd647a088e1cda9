"""Table chat through the services and the REST API: channels, limits, rate, read-only after
the end, bots silent, mutes across games, bad ids and forged posts."""

import pytest
from rest_framework.test import APIClient

from games.bot_accounts import bot_account
from social import errors, services
from social.models import ChatMessage, Mute
from tests.support.games import client_for, error_code, play_to_end, start_game

pytestmark = pytest.mark.django_db


def texts(game, viewer):
    return [m.text for m in services.messages_for(game.pk, viewer)]


def test_players_and_spectators_write_and_read_their_own_channel(two_players, alice, bob, carol):
    services.post_message(two_players.pk, alice, "good luck")
    services.post_message(two_players.pk, carol, "go bob")

    assert texts(two_players, bob) == ["good luck"]  # players do not read the spectators
    assert texts(two_players, carol) == ["go bob"]  # spectators do not read the players
    assert texts(two_players, None) == ["go bob"]  # anonymous visitors read the spectators
    rows = ChatMessage.objects.order_by("id").values_list("author__username", "channel", "ply")
    assert list(rows) == [("alice", "players", 0), ("carol", "spectators", 0)]


def test_a_message_records_the_move_it_was_written_at(two_players, alice):
    from tests.support.games import play_one

    play_one(two_players)
    play_one(two_players)
    assert services.post_message(two_players.pk, alice, "nice").ply == 2


def test_a_forged_channel_is_refused_and_writes_nothing(two_players, alice, carol):
    with pytest.raises(errors.ChatChannelForbidden):
        services.post_message(two_players.pk, carol, "I am a player", channel="players")
    with pytest.raises(errors.ChatChannelForbidden):
        services.post_message(two_players.pk, alice, "psst", channel="spectators")
    with pytest.raises(errors.Invalid):
        services.post_message(two_players.pk, alice, "hi", channel="admins")
    assert not ChatMessage.objects.exists()


@pytest.mark.parametrize("text", ["", "   \n\t ", "x" * 301, "bell\x07", 42, None, ["hi"]])
def test_bad_text_is_refused(two_players, alice, text):
    with pytest.raises(errors.Invalid):
        services.post_message(two_players.pk, alice, text)
    assert not ChatMessage.objects.exists()


def test_text_is_stored_as_typed_with_white_space_folded(two_players, alice):
    typed = "see <b>https://example.com</b>\n\n  &amp; " + "y" * 250
    message = services.post_message(two_players.pk, alice, typed)
    assert message.text == "see <b>https://example.com</b> &amp; " + "y" * 250
    assert len(services.post_message(two_players.pk, alice, "z" * 300).text) == 300


def test_bots_never_chat(alice):
    game = start_game(alice, bots=[{"seat": 1, "level": "random"}], players=2)
    with pytest.raises(errors.Forbidden):
        services.post_message(game.pk, bot_account("random"), "beep")
    assert not ChatMessage.objects.exists()


def test_a_finished_games_chat_is_read_only(two_players, alice, carol):
    services.post_message(two_players.pk, alice, "gl")
    services.post_message(two_players.pk, carol, "watching")
    play_to_end(two_players)
    for user in (alice, carol):
        with pytest.raises(errors.ChatReadOnly):
            services.post_message(two_players.pk, user, "gg")
    response = client_for(alice).post(f"/api/v1/games/{two_players.pk}/chat", {"text": "gg"}, format="json")
    assert response.status_code == 409
    assert error_code(response) == "chat_read_only"
    # Once over, everyone reads both channels (the replay shows them).
    assert texts(two_players, carol) == ["gl", "watching"] == texts(two_players, None)


def test_the_rate_per_user_spans_games(alice, bob, settings):
    settings.CHAT_MESSAGES_PER_MINUTE = 3
    first, second = start_game(alice, bob), start_game(bob, alice)
    services.post_message(first.pk, alice, "1")
    services.post_message(second.pk, alice, "2")
    services.post_message(first.pk, alice, "3")
    with pytest.raises(errors.Throttled):
        services.post_message(second.pk, alice, "4")
    response = client_for(alice).post(f"/api/v1/games/{first.pk}/chat", {"text": "5"}, format="json")
    assert response.status_code == 429
    assert error_code(response) == "throttled"
    assert response.json()["error"]["retry_after"] >= 1
    services.post_message(first.pk, bob, "bob has his own budget")
    assert ChatMessage.objects.filter(author=alice).count() == 3


def test_mutes_hide_a_users_messages_in_every_game(alice, bob, carol):
    first, second = start_game(alice, bob), start_game(bob, alice)
    services.post_message(first.pk, bob, "before the mute")
    services.mute(alice, "bob")
    services.post_message(second.pk, bob, "after the mute")
    services.post_message(second.pk, alice, "mine")
    assert texts(first, alice) == []
    assert texts(second, alice) == ["mine"]
    assert texts(second, bob) == ["after the mute", "mine"]  # a mute is one-way
    listed = client_for(alice).get(f"/api/v1/games/{second.pk}/chat").json()
    assert [m["text"] for m in listed["results"]] == ["mine"]
    services.unmute(alice, "BOB")
    assert texts(first, alice) == ["before the mute"]


def test_muting_yourself_or_nobody_is_refused(alice):
    with pytest.raises(errors.CannotMuteSelf):
        services.mute(alice, "Alice")
    with pytest.raises(errors.NotFound):
        services.mute(alice, "nobody-here")
    assert not Mute.objects.exists()
    response = client_for(alice).post("/api/v1/mutes", {"username": "alice"}, format="json")
    assert response.status_code == 400
    assert error_code(response) == "cannot_mute_self"


def test_the_chat_api_lists_in_pages_and_posts(two_players, alice, carol):
    for number in range(55):
        ChatMessage.objects.create(game=two_players, author=alice, channel="players", text=f"m{number}", ply=0)
    client = client_for(alice)
    first = client.get(f"/api/v1/games/{two_players.pk}/chat").json()
    assert first["count"] == 55
    assert len(first["results"]) == 50
    assert first["results"][0]["text"] == "m0"
    assert first["next"]
    second = client.get(f"/api/v1/games/{two_players.pk}/chat?page=2").json()
    assert [m["text"] for m in second["results"]] == [f"m{n}" for n in range(50, 55)]
    posted = client_for(carol).post(f"/api/v1/games/{two_players.pk}/chat", {"text": "hello"}, format="json")
    assert posted.status_code == 201
    body = posted.json()
    assert body["channel"] == "spectators"
    assert body["author"] == "carol"
    assert body["ply"] == 0
    assert set(body) == {"id", "game", "channel", "author", "author_name", "text", "ply", "created_at"}


def test_anonymous_visitors_read_but_cannot_post(two_players, carol):
    services.post_message(two_players.pk, carol, "hi all")
    anonymous = APIClient()
    assert [m["text"] for m in anonymous.get(f"/api/v1/games/{two_players.pk}/chat").json()["results"]] == ["hi all"]
    response = anonymous.post(f"/api/v1/games/{two_players.pk}/chat", {"text": "me too"}, format="json")
    assert response.status_code == 401
    assert ChatMessage.objects.count() == 1


@pytest.mark.parametrize("game_id", ["999999", "0", "99999999999999999999"])
def test_unknown_and_huge_game_ids_are_404(alice, game_id):
    client = client_for(alice)
    assert client.get(f"/api/v1/games/{game_id}/chat").status_code == 404
    response = client.post(f"/api/v1/games/{game_id}/chat", {"text": "hi"}, format="json")
    assert response.status_code == 404
    assert error_code(response) == "not_found"
    with pytest.raises(errors.NotFound):
        services.post_message(game_id, alice, "hi")
    assert not ChatMessage.objects.exists()
