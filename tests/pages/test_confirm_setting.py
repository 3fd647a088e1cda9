"""The account setting behind confirm and undo: on for new accounts, saved from the settings page,
and handed to the table page (data-confirm-moves) for its casual games."""

import pytest
from django.test import Client

from accounts.models import User
from games import services

PASSWORD = "correct-horse-battery-9"


@pytest.mark.django_db
def test_new_accounts_confirm_their_moves_and_can_turn_it_off():
    client = Client()
    answer = client.post(
        "/accounts/signup/",
        {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert answer.status_code == 302
    user = User.objects.get(username="newcomer")
    assert user.confirm_moves is True
    table = services.create_table(user, players=2)
    assert 'data-confirm-moves="true"' in client.get(f"/tables/{table.pk}/").content.decode()

    page = client.get("/accounts/settings/").content.decode()
    assert 'name="confirm_moves"' in page
    assert "checked" in page
    client.post("/accounts/settings/", {"display_name": "", "email": ""})  # box left unticked
    user.refresh_from_db()
    assert user.confirm_moves is False
    assert "data-confirm-moves" not in client.get(f"/tables/{table.pk}/").content.decode()


@pytest.mark.django_db
def test_spectators_never_confirm(alice):
    table = services.create_table(alice, players=2)
    assert "data-confirm-moves" not in Client().get(f"/tables/{table.pk}/").content.decode()
