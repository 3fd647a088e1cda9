"""The lobby's games in progress (games.lobby, GET /api/v1/lobby/games): your own games to resume,
the others to watch, each row telling its game apart, and games left idle against bots hidden."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from games import lobby, services
from games.models import Game
from kernel import dispatch
from tests.support.games import play_one, start_game

pytestmark = pytest.mark.django_db


def bot_game(creator, level="random", **options):
    """A game of `creator` against a bot, started and with the bot's reply played (eager Celery)."""
    options.setdefault("players", 2)
    table = services.create_table(creator, bots=[{"seat": 1, "level": level}], **options)
    game = services.start_table(table.pk, creator)
    # The bot's reply runs on the embedded bot thread: let it land before the test ages the game.
    assert dispatch.BOT_TURNS.wait_idle(30)
    return game


def idle_for(game, delta):
    Game.objects.filter(pk=game.pk).update(turn_started_at=timezone.now() - delta)


def row_tables(rows):
    return [row["table"] for row in rows]


def test_your_running_games_are_yours_to_resume_and_others_watch_them(alice, bob, carol):
    game = start_game(alice, bob)

    for player in (alice, bob):
        mine = lobby.lobby_games(player)
        assert row_tables(mine["mine"]) == [game.table_id]
        assert mine["mine"][0]["mine"] is True
        assert game.table_id not in row_tables(mine["watch"])

    watcher = lobby.lobby_games(carol)
    assert watcher["mine"] == []
    assert row_tables(watcher["watch"]) == [game.table_id]
    assert watcher["watch"][0]["mine"] is False


def test_rows_name_the_table_round_scores_and_who_moves(alice, bob):
    first = start_game(alice, bob)
    second = start_game(alice, bob)
    for _ in range(3):
        play_one(second)

    rows = {row["game"]: row for row in lobby.lobby_games(alice)["mine"]}
    one, two = rows[first.pk], rows[second.pk]

    assert one["table"] != two["table"]
    assert one["round"] == 1
    assert one["version"] == 0
    assert two["version"] == 3
    state = Game.objects.get(pk=second.pk).state
    by_index = {seat["player_index"]: seat for seat in two["seats"]}
    assert [by_index[i]["score"] for i in range(2)] == [b["score"] for b in state["boards"]]
    assert [i for i, seat in by_index.items() if seat["to_move"]] == [state["current_player"]]
    me = next(seat for seat in two["seats"] if seat["me"])
    assert two["my_turn"] is me["to_move"]


def test_an_untimed_game_left_idle_against_a_bot_is_not_offered_to_watchers(alice, carol):
    abandoned = bot_game(alice)
    fresh_game = bot_game(carol)
    idle_for(abandoned, lobby.ABANDONED_AFTER + timedelta(minutes=1))

    assert row_tables(lobby.lobby_games(None)["watch"]) == [fresh_game.table_id]
    # Its player still finds it, to resume or resign.
    assert row_tables(lobby.lobby_games(alice)["mine"]) == [abandoned.table_id]


def test_a_game_abandoned_long_ago_leaves_its_players_lobby_too(alice, client):
    """A week (LONG_AGO) without a move in an untimed game: gone from the lobby's own games (page
    and API), still among the running games the your-turn page reads and at its address; a timed
    one stays (its clock ends it)."""
    from games.selectors import LONG_AGO
    forgotten = bot_game(alice)
    recent = bot_game(alice, level="greedy")
    timed = bot_game(alice, clock={"kind": "correspondence", "days_per_move": 30})
    idle_for(forgotten, LONG_AGO + timedelta(minutes=1))
    idle_for(recent, LONG_AGO - timedelta(hours=1))
    idle_for(timed, LONG_AGO + timedelta(days=1))

    mine = row_tables(lobby.lobby_games(alice)["mine"])
    assert forgotten.table_id not in mine
    assert {recent.table_id, timed.table_id} <= set(mine)
    client.force_login(alice)
    assert forgotten.table_id not in row_tables(client.get("/api/v1/lobby/games").json()["mine"])
    # The your-turn page reads every running game of the player's, the forgotten one too.
    assert forgotten.table_id in row_tables(
        [{"table": table.pk} for table in lobby.my_running_tables(alice)])
    assert client.get(f"/tables/{forgotten.table_id}/").status_code == 200


def test_an_open_table_nobody_came_to_for_long_leaves_the_lobby(alice, bob, client):
    from games.models import Table
    from games.selectors import LONG_AGO, open_tables

    old = services.create_table(alice, players=2)
    new = services.create_table(bob, players=2)
    Table.objects.filter(pk=old.pk).update(created_at=timezone.now() - LONG_AGO - timedelta(hours=1))
    assert [table.pk for table in open_tables()] == [new.pk]
    page = client.get("/lobby/").content.decode()
    assert f'data-table="{new.pk}"' in page
    assert f'data-table="{old.pk}"' not in page
    assert client.get(f"/tables/{old.pk}/").status_code == 200  # still there for its creator


def test_a_timed_game_stays_watchable_while_its_clock_runs(alice):
    timed = bot_game(alice, clock={"kind": "correspondence", "days_per_move": 3})
    idle_for(timed, timedelta(hours=5))

    assert row_tables(lobby.lobby_games(None)["watch"]) == [timed.table_id]


def test_a_game_you_left_is_no_longer_yours(alice, bob, carol):
    game = start_game(alice, bob, carol)
    services.leave_table(game.table_id, carol)  # 3 players: a bot takes carol's seat

    assert lobby.lobby_games(carol)["mine"] == []
    row = lobby.lobby_games(alice)["mine"][0]
    left = next(seat for seat in row["seats"] if seat["username"] == "carol")
    assert left["left"] is True
    assert left["replaced_by"]["is_bot"] is True


def test_finished_games_are_not_listed(alice, bob):
    game = start_game(alice, bob)
    services.resign(game.pk, alice)

    assert lobby.lobby_games(alice) == {"mine": [], "watch": []}


def test_the_api_answers_anyone_and_marks_the_signed_in_visitors_games(alice, bob, carol):
    game = start_game(alice, bob)
    client = APIClient()

    anonymous = client.get("/api/v1/lobby/games").json()
    assert anonymous["mine"] == []
    assert row_tables(anonymous["watch"]) == [game.table_id]

    client.force_authenticate(alice)
    signed_in = client.get("/api/v1/lobby/games").json()
    assert row_tables(signed_in["mine"]) == [game.table_id]
    assert signed_in["watch"] == []


def test_the_lobby_page_embeds_the_lists_for_its_first_paint(client, alice, bob):
    game = start_game(alice, bob)
    client.force_login(alice)

    page = client.get("/lobby/").content.decode()

    assert '<script id="lobby-games" type="application/json">' in page
    assert f'"table": {game.table_id}' in page
