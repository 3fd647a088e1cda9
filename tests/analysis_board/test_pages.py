"""The board's pages and its place on the replay page: offered only where fair play allows, and
the owner's comments on the game's own positions shown in the replay."""

import json

import pytest
from django.test import Client

from games import replays
from games.analysis_board import services
from tests.analysis.factories import played_game

pytestmark = pytest.mark.django_db


def page_json(response, element_id):
    html = response.content.decode()
    start = html.index(f'id="{element_id}"')
    body = html[html.index(">", start) + 1:]
    return json.loads(body[: body.index("</script>")])


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def test_the_replay_offers_the_board_and_shows_the_owners_comments(alice, bob):
    game = played_game([alice, bob])
    board = services.create_board(alice, game=game.pk, at=4)
    played = [record.move for record in replays.move_records(game)]
    off_the_game = [m for m in services.position(board.pk, played[4:5])["legal_moves"] if m != played[5]][0]
    services.save_tree(board.pk, alice, nodes=[
        {"path": played[4:6], "comment": "As played: fine."},
        {"path": [played[4], off_the_game], "comment": "Not the game's line."},
    ])
    mine = page_json(signed_in(alice).get(f"/games/{game.pk}/replay"), "board-data")
    assert mine["offer"] is True
    assert [(c["ply"], c["comment"]) for c in mine["comments"]] == [(6, "As played: fine.")]
    assert mine["comments"][0]["url"] == f"/boards/{board.pk}/"
    theirs = page_json(signed_in(bob).get(f"/games/{game.pk}/replay"), "board-data")
    assert theirs == {"offer": True, "comments": []}
    assert page_json(Client().get(f"/games/{game.pk}/replay"), "board-data") == {"offer": False, "comments": []}


def test_no_board_is_offered_for_a_running_game_nor_to_a_player_of_a_rated_one(alice, bob, carol):
    running = played_game([alice, bob], stop_after=6)
    assert page_json(signed_in(carol).get(f"/games/{running.pk}/replay"), "board-data")["offer"] is False
    finished = played_game([alice, bob], seed=9)
    rated = played_game([carol, bob], seed=3, stop_after=4)
    rated.table.rated = True
    rated.table.save(update_fields=["rated"])
    assert page_json(signed_in(carol).get(f"/games/{finished.pk}/replay"), "board-data")["offer"] is False
    assert page_json(signed_in(alice).get(f"/games/{finished.pk}/replay"), "board-data")["offer"] is True


def test_the_board_page_is_public_by_its_link(alice, bob):
    board = services.create_board(alice, game=played_game([alice, bob]).pk, at=2)
    page = Client().get(f"/boards/{board.pk}/")
    assert page.status_code == 200
    data = page_json(page, "board-data")
    assert (data["id"], data["start"], data["mine"]) == (board.pk, 2, False)
    assert Client().get("/boards/").status_code == 200
