"""Log in and out; bots cannot log in; repeated failures are throttled."""

import pytest
from django.test import Client, override_settings

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


def test_logout_needs_post_and_ends_the_session(client, player):
    client.force_login(player)

    assert client.get("/accounts/logout/").status_code == 405
    assert client.post("/accounts/logout/").status_code == 302
    assert not client.get("/").context["user"].is_authenticated


def test_bots_cannot_log_in_even_with_a_password(client):
    bot = services.ensure_bot_accounts()[0]
    assert not bot.has_usable_password()
    bot.set_password(PASSWORD)  # even if someone gave it one
    bot.save()

    assert form_errors(log_in(client, bot.username, PASSWORD)) == ["Wrong username or password."]


@override_settings(LOGIN_THROTTLE_MAX_FAILURES_PER_USERNAME=3)
def test_repeated_failures_lock_the_username_even_for_the_right_password(player):
    for attempt in range(3):
        log_in(Client(), "lena", f"guess-{attempt}", ip=f"10.0.0.{attempt}")

    response = log_in(Client(), "Lena", PASSWORD, ip="10.9.9.9")

    [error] = form_errors(response)
    assert error.startswith("Too many failed login attempts. Try again in about 15 minutes")
    assert response.wsgi_request.user.is_anonymous


@override_settings(LOGIN_THROTTLE_MAX_FAILURES_PER_USERNAME=3)
def test_a_successful_login_resets_the_username_counter(player):
    log_in(Client(), "Lena", "guess-1")
    log_in(Client(), "Lena", "guess-2")
    assert log_in(Client(), "Lena", PASSWORD).status_code == 302

    log_in(Client(), "Lena", "guess-3")
    log_in(Client(), "Lena", "guess-4")
    assert log_in(Client(), "Lena", PASSWORD).status_code == 302


@override_settings(LOGIN_THROTTLE_MAX_FAILURES_PER_IP=4)
def test_many_failures_from_one_address_block_that_address(player):
    for attempt in range(4):
        log_in(Client(), f"someone{attempt}", "guess", ip="192.0.2.7")

    assert "Too many failed" in form_errors(log_in(Client(), "Lena", PASSWORD, ip="192.0.2.7"))[0]
    assert log_in(Client(), "Lena", PASSWORD, ip="192.0.2.8").status_code == 302


@override_settings(LOGIN_THROTTLE_MAX_FAILURES_PER_USERNAME=2)
def test_the_admin_login_is_throttled_too():
    User.objects.create_superuser("root_admin", password=PASSWORD)
    for guess in ("guess-1", "guess-2"):
        Client().post("/admin/login/", {"username": "root_admin", "password": guess})

    response = Client().post("/admin/login/", {"username": "root_admin", "password": PASSWORD})

    assert response.status_code == 200
    assert "Too many failed login attempts" in response.content.decode()


def test_the_admin_login_refuses_non_staff(client, player):
    response = client.post("/admin/login/", {"username": "Lena", "password": PASSWORD})

    assert "not a staff account" in response.content.decode()
    assert client.get("/admin/").status_code == 302


def test_staff_log_in_to_the_admin(client):
    User.objects.create_superuser("root_admin", password=PASSWORD)

    response = client.post("/admin/login/?next=/admin/", {"username": "root_admin", "password": PASSWORD})

    assert response["Location"] == "/admin/"
    assert client.get("/admin/").status_code == 200
