"""Your turn: the list (most urgent first), the header badge, and its live feed on /ws/me/."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone
from websockets.sync.client import connect

from accounts.services import api_token_for
from games import payloads, services
from games.models import Game
from notifications import selectors
from tests.support.games import controller_to_move, start_game

WAIT = 10


def first_legal_move(payload):
    move = payload["legal_moves"][0]
    return move.get("move", move)


def game_where_it_is_my_move(me, other, **options):
    """A running game with `me` to move (the other player moves first when needed)."""
    game = start_game(me, other, **options)
    if controller_to_move(game).pk != me.pk:
        game = Game.objects.select_related("table").get(pk=game.pk)
        move = first_legal_move(payloads.game_payload(game))
        services.play_move(game.pk, other, move, game.version)
    assert controller_to_move(game).pk == me.pk
    return Game.objects.get(pk=game.pk)


def both_moved(game, me, other):
    """Play my move and the other's, so that it is my move again in a begun game."""
    for player in (me, other):
        game = Game.objects.select_related("table").get(pk=game.pk)
        services.play_move(game.pk, player, first_legal_move(payloads.game_payload(game)), game.version)
    assert controller_to_move(game).pk == me.pk


@pytest.mark.django_db
def test_5_a_quick_play_game_left_before_it_began_leaves_the_badge(alice, make_user):
    """Issue #38 defect 5: an untimed game waiting 30 minutes for my first move (a quick-play
    game against a bot, left at once) is not counted; once I have moved, it is again."""
    from matchmaking.services.seeks import play_computer

    game = play_computer(alice, "random")
    if controller_to_move(game).pk != alice.pk:  # the bot moves first: play its move here
        game = Game.objects.select_related("table").get(pk=game.pk)
        bot_move = first_legal_move(payloads.game_payload(game))
        services.play_move(game.pk, controller_to_move(game), bot_move, game.version)
    assert controller_to_move(game).pk == alice.pk
    assert selectors.your_turn_count(alice) == 1
    assert len(selectors.your_turn_games(alice)) == 1
    Game.objects.filter(pk=game.pk).update(turn_started_at=timezone.now() - timedelta(hours=1))
    assert selectors.your_turn_count(alice) == 0
    assert selectors.your_turn_games(alice) == []
    begun = game_where_it_is_my_move(alice, make_user("bob"))
    both_moved(begun, alice, Game.objects.get(pk=begun.pk).table.seats_in_order()[1].user)
    Game.objects.filter(pk=begun.pk).update(turn_started_at=timezone.now() - timedelta(hours=1))
    assert selectors.your_turn_count(alice) == 1
    assert [row["game"] for row in selectors.your_turn_games(alice)] == [begun.pk]


@pytest.mark.django_db
def test_the_list_orders_by_urgency_and_the_badge_counts(alice, make_user, client):
    bob, carol, dave = make_user("bob"), make_user("carol"), make_user("dave")
    untimed_old = game_where_it_is_my_move(alice, bob)
    both_moved(untimed_old, alice, bob)  # begun: a game left before it began is not counted
    correspondence = game_where_it_is_my_move(
        alice, carol, clock={"kind": "correspondence", "days_per_move": 3})
    realtime = game_where_it_is_my_move(alice, dave, clock={"kind": "realtime",
                                                            "base_seconds": 600})
    Game.objects.filter(pk=untimed_old.pk).update(
        turn_started_at=timezone.now() - timedelta(hours=5))
    rows = selectors.your_turn_games(alice)
    assert [row["game"] for row in rows] == [realtime.pk, correspondence.pk, untimed_old.pk]
    assert rows[0]["seconds_left"] <= 600
    assert rows[2]["seconds_left"] is None
    assert selectors.your_turn_count(alice) == 3
    assert selectors.your_turn_count(bob) == 0
    client.force_login(alice)
    page = client.get("/your-turn/")
    assert page.status_code == 200
    assert page.context["your_turn_count"] == 3
    assert 'data-count="3"' in page.content.decode()
    api = client.get("/api/v1/your-turn").json()
    assert [row["game"] for row in api] == [realtime.pk, correspondence.pk, untimed_old.pk]
    client.logout()
    assert client.get("/api/v1/your-turn").status_code == 401
    assert client.get("/your-turn/").status_code == 302


def test_the_badge_feed_updates_live_when_it_becomes_my_move(live_daphne, alice, make_user):
    bob = make_user("bob")
    game = start_game(alice, bob)
    first = controller_to_move(game)
    second = bob if first.pk == alice.pk else alice
    url = f"{live_daphne.ws_url}/ws/me/?token={api_token_for(second)}"
    with connect(url, open_timeout=WAIT) as feed:
        assert json.loads(feed.recv(timeout=WAIT)) == {"type": "your_turn", "games": []}
        with connect(f"{live_daphne.ws_url}/ws/games/{game.pk}/?token={api_token_for(first)}",
                     open_timeout=WAIT) as play:
            state = json.loads(play.recv(timeout=WAIT))
            while state["type"] != "state":
                state = json.loads(play.recv(timeout=WAIT))
            play.send(json.dumps({"type": "move", "move": first_legal_move(state),
                                  "version": state["version"]}))
            while True:
                message = json.loads(feed.recv(timeout=WAIT))
                if message["type"] == "your_turn" and message["games"]:
                    break
            assert message["games"][0]["game"] == game.pk
        feed.send("[1, 2]")
        assert json.loads(feed.recv(timeout=WAIT))["code"] == "malformed"
    with connect(f"{live_daphne.ws_url}/ws/me/", open_timeout=WAIT) as anonymous:
        assert json.loads(anonymous.recv(timeout=WAIT))["code"] == "not_authenticated"


@pytest.mark.django_db
def test_16_the_list_names_tables_and_opponents_as_pages_do(alice, make_user, client):
    """'Table N' (as the lobby and the table page say) and display names, not usernames."""
    bob = make_user("bob")
    bob.display_name = "Bob the Builder"
    bob.save(update_fields=["display_name"])
    game = game_where_it_is_my_move(alice, bob)
    client.force_login(alice)
    page = client.get("/your-turn/").content.decode()
    assert f"Table {game.table_id}</a>" in page
    assert f"Game {game.pk}" not in page
    assert "against Bob the Builder" in page
    assert client.get("/api/v1/your-turn").json()[0]["opponent_names"] == ["Bob the Builder"]
