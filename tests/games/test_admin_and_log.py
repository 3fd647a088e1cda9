"""The move log stays append-only, and the admin shows tables and games without editing them."""

import pytest
from django.contrib.auth import get_user_model

from games.models import MoveRecord
from tests.support.games import play_one, start_game

pytestmark = pytest.mark.django_db


def test_a_recorded_move_cannot_be_rewritten(alice, bob):
    game = start_game(alice, bob)
    play_one(game)
    record = MoveRecord.objects.get(game=game)
    record.move = {"source": "center", "color": "red", "line": "floor"}
    with pytest.raises(ValueError, match="append-only"):
        record.save()
    assert MoveRecord.objects.get(game=game).move != record.move


def test_the_admin_lists_and_shows_games_read_only(client, alice, bob):
    game = start_game(alice, bob)
    play_one(game)
    admin = get_user_model().objects.create_superuser("root", password=None)
    client.force_login(admin)
    for path in (
        "/admin/games/table/",
        f"/admin/games/table/{game.table_id}/change/",
        "/admin/games/game/",
        f"/admin/games/game/{game.pk}/change/",
        "/admin/games/moverecord/",
    ):
        assert client.get(path).status_code == 200, path
    assert client.get("/admin/games/game/add/").status_code == 403
