"""The notifications inbox: lines written by other apps' services (table and league invitations,
rematch offers, correspondence news), read in the reader's language, marked read one by one or
all; the unread count on the page and the API; and bad input (unknown, huge or malformed ids,
someone else's line, a flood) refused with nothing changed."""

import pytest
from django.utils import translation

from games.services import create_table
from matchmaking.services import rematches
from notifications import inbox, selectors
from notifications.models import Notification
from social.services import friends
from tests.support.games import play_to_end, start_game

pytestmark = pytest.mark.django_db


def lines_of(user):
    return list(Notification.objects.filter(user=user).order_by("pk"))


def test_a_table_invitation_lands_in_the_invitees_inbox_in_their_language(alice, bob, client):
    friends.follow(bob, alice.username)
    table = create_table(alice, players=3)
    friends.follow(alice, bob.username)
    friends.invite(alice, table.pk, bob.username)
    assert selectors.inbox_unread_count(bob) == 1
    assert selectors.inbox_unread_count(alice) == 0
    [line] = lines_of(bob)
    assert line.kind == "table_invitation"
    assert line.url == f"/tables/{table.pk}/"
    assert line.params == {"by": alice.shown_name, "table": table.pk}  # facts, not a sentence
    with translation.override("fr"):
        assert selectors.inbox(bob)[0]["text"] == f"{alice.shown_name} vous invite à la table {table.pk}."
    client.force_login(bob)
    body = client.get("/api/v1/notifications", HTTP_ACCEPT_LANGUAGE="en").json()
    assert body["unread"] == 1
    assert body["notifications"][0]["text"] == f"{alice.shown_name} invites you to table {table.pk}."
    page = client.get("/notifications/").content.decode()
    assert 'data-testid="inbox-line"' in page
    assert 'data-count="1"' in page


def test_a_rematch_offer_tells_the_other_player_once(alice, bob):
    game = play_to_end(start_game(alice, bob))
    rematches.offer_rematch(game.pk, alice)
    rematches.offer_rematch(game.pk, alice)  # asked again: still one line
    [line] = lines_of(bob)
    assert line.kind == "rematch_offer"
    assert line.params["game"] == game.pk
    assert lines_of(alice) == []


def test_your_move_in_one_game_is_one_unread_line(alice):
    for _ in range(3):
        inbox.notify(alice.pk, "your_turn", {"game": 7}, "/games/7/", key="turn-7")
    assert len(lines_of(alice)) == 1
    inbox.mark_all_read(alice)
    inbox.notify(alice.pk, "your_turn", {"game": 7}, "/games/7/", key="turn-7")
    assert [line.read_at is None for line in lines_of(alice)] == [False, True]


def test_marking_read_one_by_one_and_all(alice, client):
    first, second = (inbox.notify(alice.pk, "game_news", {"event": "game_ended", "game": n})
                     for n in (1, 2))
    client.force_login(alice)
    body = client.post("/api/v1/notifications/read", {"ids": [first.pk]},
                       content_type="application/json").json()
    assert body["unread"] == 1
    assert [line["read"] for line in body["notifications"]] == [False, True]
    assert client.post("/api/v1/notifications/read", {"all": True},
                       content_type="application/json").json()["unread"] == 0
    second.refresh_from_db()
    assert second.read_at is not None


@pytest.mark.parametrize(("ids", "status", "code"), [
    ([999_999], 404, "not_found"),
    (["99999999999999999999999"], 404, "not_found"),
    ([-1], 404, "not_found"),
    ([True], 404, "not_found"),
    ("1", 400, "invalid"),
    ([], 400, "invalid"),
    (list(range(1, 102)), 400, "invalid"),
])
def test_bad_ids_are_refused_and_nothing_changes(alice, client, ids, status, code):
    line = inbox.notify(alice.pk, "game_news", {"event": "game_started", "game": 3})
    client.force_login(alice)
    answer = client.post("/api/v1/notifications/read", {"ids": [line.pk, *ids]
                         if isinstance(ids, list) and ids and len(ids) < 100 else ids},
                         content_type="application/json")
    assert answer.status_code == status
    assert answer.json()["error"]["code"] == code
    line.refresh_from_db()
    assert line.read_at is None


def test_someone_elses_line_is_not_found_and_stays_unread(alice, bob, client):
    hers = inbox.notify(alice.pk, "league_invitation", {"by": "x", "league": "Spring"})
    client.force_login(bob)
    answer = client.post("/api/v1/notifications/read", {"ids": [hers.pk]},
                         content_type="application/json")
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "not_found"
    assert client.post(f"/notifications/{hers.pk}/open/").status_code == 404
    assert client.post("/notifications/abc/open/").status_code == 404
    hers.refresh_from_db()
    assert hers.read_at is None


def test_opening_a_line_reads_it_and_goes_to_its_page(alice, client):
    line = inbox.notify(alice.pk, "table_invitation", {"by": "bob", "table": 5}, "/tables/5/")
    client.force_login(alice)
    answer = client.post(f"/notifications/{line.pk}/open/")
    assert answer.status_code == 302
    assert answer["Location"] == "/tables/5/"
    line.refresh_from_db()
    assert line.read_at is not None
    assert client.get(f"/notifications/{line.pk}/open/").status_code == 405  # reading is a POST


def test_a_flood_of_news_keeps_the_inbox_bounded(alice):
    for n in range(inbox.KEEP + 30):
        inbox.notify(alice.pk, "game_news", {"event": "game_started", "game": n})
    assert Notification.objects.filter(user=alice).count() == inbox.KEEP
    assert selectors.inbox(alice)[0]["text"] == f"Your game {inbox.KEEP + 29} has started."


def test_a_flood_of_requests_is_throttled(alice, client, settings, throttle_clock_held):
    settings.MATCHMAKING_WRITES_PER_MINUTE = 5
    client.force_login(alice)
    answers = [client.post("/api/v1/notifications/read", {"all": True},
                           content_type="application/json").status_code for _ in range(7)]
    assert answers[:5] == [200] * 5
    assert answers[-1] == 429


def test_the_inbox_needs_a_login(client):
    assert client.get("/notifications/").status_code == 302
    assert client.get("/api/v1/notifications").status_code == 401


@pytest.mark.requires("redis")  # lines written in this process reach daphne's sockets through Redis
def test_the_feed_sends_the_unread_count_on_connect_and_after_each_change(live_daphne, alice):
    """/ws/me/ tells the count live; a lobby socket of the same user, which shares the user's
    group, hears nothing of the inbox and stays open."""
    import json

    from websockets.sync.client import connect

    from accounts.services import api_token_for

    token = api_token_for(alice)

    def next_inbox(feed):
        while True:
            message = json.loads(feed.recv(timeout=10))
            if message["type"] == "inbox":
                return message

    with connect(f"{live_daphne.ws_url}/ws/me/?token={token}", open_timeout=10) as feed, \
            connect(f"{live_daphne.ws_url}/ws/lobby/?token={token}", open_timeout=10) as lobby:
        assert next_inbox(feed) == {"type": "inbox", "unread": 0}
        line = inbox.notify(alice.pk, "game_news", {"event": "game_started", "game": 1})
        assert next_inbox(feed) == {"type": "inbox", "unread": 1}
        inbox.mark_read(alice, [line.pk])
        assert next_inbox(feed) == {"type": "inbox", "unread": 0}
        lobby.send(json.dumps({"type": "ping"}))
        while json.loads(lobby.recv(timeout=10))["type"] != "pong":
            pass
