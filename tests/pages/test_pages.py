"""The lobby and table pages as Django renders them (the browser tests cover what their JS does)."""

import json

import pytest
from django.contrib.auth import get_user_model

from accounts.bots import BOT_LEVELS
from games import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", password="pw-long-enough-1")


def test_lobby_offers_the_create_form_only_to_people_logged_in(client, alice):
    anonymous = client.get("/lobby/").content.decode()
    assert 'id="create-table"' not in anonymous
    assert "/accounts/login/" in anonymous

    client.force_login(alice)
    page = client.get("/lobby/").content.decode()
    assert 'id="create-table"' in page
    for level in BOT_LEVELS:
        assert f'<option value="{level}">' in page


def test_lobby_lists_open_tables_before_its_script_runs(client, alice):
    table = services.create_table(alice, players=3)
    page = client.get("/lobby/").content.decode()
    assert f'data-table="{table.pk}"' in page
    assert "1/3 seated" in page


def test_table_page_embeds_the_table_as_inert_json(client, alice):
    alice.display_name = "</script><script>alert(1)</script>"
    alice.save()
    table = services.create_table(alice, players=2, variant="gray")
    response = client.get(f"/tables/{table.pk}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "<script>alert(1)" not in page
    start = page.index('<script id="table-data" type="application/json">') + len(
        '<script id="table-data" type="application/json">'
    )
    data = json.loads(page[start : page.index("</script>", start)])
    assert data["id"] == table.pk
    assert data["variant"] == "gray"
    assert data["game"] is None
    assert data["seats"][0]["display_name"] == alice.display_name


def test_unknown_table_is_a_404_page(client):
    assert client.get("/tables/999999/").status_code == 404


def test_a_game_address_leads_to_its_live_table_then_to_its_replay(client, alice):
    table = services.create_table(alice, players=2, bots=[{"seat": 1, "level": "random"}])
    game = services.start_table(table.pk, alice)

    live = client.get(f"/games/{game.pk}/")
    assert live.status_code == 302
    assert live["Location"] == f"/tables/{table.pk}/"

    services.resign(game.pk, alice)
    over = client.get(f"/games/{game.pk}/")
    assert over.status_code == 302
    assert over["Location"] == f"/games/{game.pk}/replay"
    assert client.get(over["Location"]).status_code == 200


def test_an_unknown_game_address_is_a_404_page(client):
    assert client.get("/games/999999/").status_code == 404
