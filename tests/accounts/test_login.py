"""Log in and out; bots cannot log in (throttling: test_login_throttling.py)."""

import pytest
from django.test import Client

from accounts import services
from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "tile-drafting-42"


@pytest.fixture
def player():
    return User.objects.create_user("Lena", password=PASSWORD)


def log_in(client, username, password, ip="10.0.0.1"):
    return client.post(
        "/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=ip
    )


def form_errors(response):
    return response.context["form"].non_field_errors()


def test_login_with_any_case_of_the_username(client, player):
    response = log_in(client, "LENA", PASSWORD)

    assert response.status_code == 302
    assert client.get("/").context["user"] == player


def test_wrong_password_is_refused_with_a_clear_error(client, player):
    response = log_in(client, "Lena", "wrong-password")

    assert response.status_code == 200
    assert form_errors(response) == ["Wrong username or password."]
    assert not client.get("/").context["user"].is_authenticated


def test_unknown_user_gets_the_same_error(client):
    assert form_errors(log_in(client, "nobody", PASSWORD)) == ["Wrong username or password."]


def test_empty_fields_are_refused(client):
    response = log_in(client, "", "")

    assert response.context["form"].errors.keys() == {"username", "password"}


def test_logout_by_get_asks_to_confirm_and_a_post_ends_the_session(client, player):
    client.force_login(player)

    page = client.get("/accounts/logout/")

    assert page.status_code == 200
    html = page.content.decode()
    assert 'method="post" action="/accounts/logout/"' in html
    assert 'name="csrfmiddlewaretoken"' in html
    assert client.get("/").context["user"] == player  # a GET (a link, a prefetch) changes nothing
    assert client.post("/accounts/logout/").status_code == 302
    assert not client.get("/").context["user"].is_authenticated


def test_logout_needs_the_csrf_token(player):
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)

    assert client.post("/accounts/logout/").status_code == 403
    assert client.get("/").context["user"] == player


def test_logout_page_when_already_logged_out(client):
    response = client.get("/accounts/logout/")

    assert response.status_code == 200
    assert "not logged in" in response.content.decode()


def test_bots_cannot_log_in_even_with_a_password(client):
    bot = services.ensure_bot_accounts()[0]
    assert not bot.has_usable_password()
    bot.set_password(PASSWORD)  # even if someone gave it one
    bot.save()

    assert form_errors(log_in(client, bot.username, PASSWORD)) == ["Wrong username or password."]


def test_the_admin_login_refuses_non_staff(client, player):
    response = client.post("/admin/login/", {"username": "Lena", "password": PASSWORD})

    assert "not a staff account" in response.content.decode()
    assert client.get("/admin/").status_code == 302


def test_staff_log_in_to_the_admin(client):
    User.objects.create_superuser("root_admin", password=PASSWORD)

    response = client.post("/admin/login/?next=/admin/", {"username": "root_admin", "password": PASSWORD})

    assert response["Location"] == "/admin/"
    assert client.get("/admin/").status_code == 200
