"""Changing and resetting passwords, including every refusal."""

import re

import pytest
from django.core import mail

from accounts.models import User

pytestmark = pytest.mark.django_db

OLD = "tile-drafting-42"
NEW = "wall-tiling-2027"


@pytest.fixture
def player():
    return User.objects.create_user("omar", email="omar@example.org", password=OLD)


def change(client, old, new, again=None):
    return client.post(
        "/accounts/password/change/",
        {"old_password": old, "new_password1": new, "new_password2": again or new},
    )


def test_change_password(client, player):
    client.force_login(player)

    assert change(client, OLD, NEW)["Location"] == "/accounts/password/change/done/"
    player.refresh_from_db()
    assert player.check_password(NEW)


@pytest.mark.parametrize(
    ("old", "new", "again", "field", "message"),
    [
        ("wrong-old-password", NEW, None, "old_password", "incorrect"),
        (OLD, "short", None, "new_password2", "too short"),
        (OLD, NEW, "something-else-99", "new_password2", "didn’t match"),
    ],
)
def test_change_password_refusals(client, player, old, new, again, field, message):
    client.force_login(player)

    response = change(client, old, new, again)

    assert any(message in error for error in response.context["form"].errors[field])
    player.refresh_from_db()
    assert player.check_password(OLD)


def test_change_password_needs_login(client):
    assert client.get("/accounts/password/change/")["Location"].startswith("/accounts/login/")


def test_reset_password_by_email(client, player):
    response = client.post("/accounts/password/reset/", {"email": "omar@example.org"})
    assert response["Location"] == "/accounts/password/reset/sent/"

    [message] = mail.outbox
    assert message.to == ["omar@example.org"]
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", message.body)[1]
    form_page = client.get(link, follow=True)
    set_url = form_page.redirect_chain[-1][0]
    done = client.post(set_url, {"new_password1": NEW, "new_password2": NEW})

    assert done["Location"] == "/accounts/password/reset/complete/"
    player.refresh_from_db()
    assert player.check_password(NEW)


def test_reset_for_an_unknown_address_sends_nothing_and_says_the_same(client, player):
    response = client.post("/accounts/password/reset/", {"email": "nobody@example.org"})

    assert response["Location"] == "/accounts/password/reset/sent/"
    assert mail.outbox == []


def test_a_bad_reset_link_is_explained(client, player):
    response = client.get("/accounts/password/reset/MQ/bad-token/")

    assert "invalid or was already used" in response.content.decode()


def test_reset_refuses_a_malformed_address(client, player):
    response = client.post("/accounts/password/reset/", {"email": "omar-at-example"})

    assert response.context["form"].errors["email"] == ["Enter a valid email address."]
    assert mail.outbox == []


def test_reset_refuses_a_weak_new_password(client, player):
    client.post("/accounts/password/reset/", {"email": "omar@example.org"})
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", mail.outbox[0].body)[1]
    set_url = client.get(link, follow=True).redirect_chain[-1][0]

    response = client.post(set_url, {"new_password1": "12345678", "new_password2": "12345678"})

    assert any("too common" in error for error in response.context["form"].errors["new_password2"])
    player.refresh_from_db()
    assert player.check_password(OLD)
