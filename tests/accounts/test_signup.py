"""Sign-up page: a good form creates and logs in the account; each bad input is explained."""

import pytest

from accounts.models import User

pytestmark = pytest.mark.django_db

GOOD_PASSWORD = "tile-drafting-42"


def sign_up(client, username="mosaic_fan", password=GOOD_PASSWORD, again=None, **extra):
    return client.post(
        "/accounts/signup/",
        {"username": username, "password1": password, "password2": again or password, **extra},
    )


def field_errors(response, field):
    return response.context["form"].errors.get(field, [])


def test_signup_creates_the_account_and_logs_in(client):
    response = sign_up(client, display_name="Mosaic Fan", email="fan@example.org")

    assert response.status_code == 302
    assert response["Location"] == "/lobby/"  # straight to where games are found
    user = User.objects.get(username="mosaic_fan")
    assert (user.display_name, user.email, user.is_bot) == ("Mosaic Fan", "fan@example.org", False)
    assert user.check_password(GOOD_PASSWORD)
    assert client.get("/").context["user"] == user


@pytest.mark.parametrize(
    ("username", "message"),
    [
        ("ab", "3 to 30 characters"),
        ("a" * 31, "at most 30 characters"),
        ("has space", "letters, digits, _ or -"),
        ("émile", "letters, digits, _ or -"),
        ("semi;colon", "letters, digits, _ or -"),
        ("bot-sneaky", "reserved for bots"),
        ("", "This field is required."),
    ],
)
def test_invalid_usernames_are_refused(client, username, message):
    response = sign_up(client, username=username)

    assert response.status_code == 200
    assert any(message in error for error in field_errors(response, "username"))
    assert not User.objects.exists()


def test_usernames_are_unique_ignoring_case(client):
    User.objects.create_user("Azulejo", password=GOOD_PASSWORD)

    response = sign_up(client, username="aZULEJO")

    assert field_errors(response, "username") == ["That username is taken."]
    assert User.objects.count() == 1


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("short1!", "too short"),
        ("password123", "too common"),
        ("83719264058", "entirely numeric"),
        ("mosaic_fan_1", "too similar to the username"),
    ],
)
def test_weak_passwords_are_refused(client, password, message):
    response = sign_up(client, password=password)

    assert response.status_code == 200
    assert any(message in error for error in field_errors(response, "password1"))
    assert not User.objects.exists()


def test_the_two_passwords_must_match(client):
    response = sign_up(client, again="tile-drafting-43")

    assert field_errors(response, "password2") == ["The two passwords differ."]
    assert not User.objects.exists()


def test_invalid_email_is_refused(client):
    response = sign_up(client, email="not-an-address")

    assert field_errors(response, "email") == ["Enter a valid email address."]
    assert not User.objects.exists()


def test_errors_keep_what_was_typed_but_never_the_password(client):
    response = sign_up(client, username="ab", display_name="Ana")

    html = response.content.decode()
    assert 'value="ab"' in html
    assert 'value="Ana"' in html
    assert GOOD_PASSWORD not in html
