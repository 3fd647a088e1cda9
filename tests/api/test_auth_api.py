"""POST /api/v1/auth/register and /auth/token, GET /users/{username}."""

import pytest
from rest_framework.test import APIClient

from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "tile-drafting-42"


@pytest.fixture
def api():
    return APIClient()


def test_register_returns_a_working_token(api):
    response = api.post("/api/v1/auth/register", {"username": "botwriter", "password": PASSWORD},
                        format="json")

    assert response.status_code == 201
    body = response.json()
    user = User.objects.get(username="botwriter")
    assert body == {"id": user.id, "username": "botwriter", "token": body["token"]}
    api.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    assert api.get("/api/v1/users/botwriter").status_code == 200


@pytest.mark.parametrize(
    ("payload", "field", "message"),
    [
        ({"username": "x", "password": PASSWORD}, "username", "3 to 30 characters"),
        ({"username": "Taken_Name", "password": PASSWORD}, "username", "That username is taken."),
        ({"username": "newcomer", "password": "12345678"}, "password", "too common"),
        ({"username": "newcomer"}, "password", "This field is required."),
    ],
)
def test_register_refusals_explain_each_field(api, payload, field, message):
    User.objects.create_user("taken_name", password=PASSWORD)

    response = api.post("/api/v1/auth/register", payload, format="json")

    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert error["detail"].startswith(f"{field}: ")
    assert any(message in text for text in error["fields"][field])
    assert User.objects.count() == 1


def test_register_rejects_malformed_json(api):
    response = api.generic("POST", "/api/v1/auth/register", "{not json",
                           content_type="application/json")

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "parse_error"


def test_token_for_good_credentials_is_stable(api):
    User.objects.create_user("scripter", password=PASSWORD)

    first = api.post("/api/v1/auth/token", {"username": "SCRIPTER", "password": PASSWORD},
                     format="json")
    second = api.post("/api/v1/auth/token", {"username": "scripter", "password": PASSWORD},
                      format="json")

    assert first.status_code == second.status_code == 200
    assert first.json()["token"] == second.json()["token"]


def test_token_refuses_a_wrong_password(api):
    User.objects.create_user("scripter", password=PASSWORD)

    response = api.post("/api/v1/auth/token", {"username": "scripter", "password": "nope"},
                        format="json")

    assert response.status_code == 401
    assert response.json() == {
        "error": {"code": "invalid_credentials", "detail": "Wrong username or password."}
    }


def test_token_guessing_is_locked_out(api):
    User.objects.create_user("scripter", password=PASSWORD)
    for attempt in range(5):
        api.post("/api/v1/auth/token", {"username": "scripter", "password": f"guess-{attempt}"},
                 format="json")

    response = api.post("/api/v1/auth/token", {"username": "scripter", "password": PASSWORD},
                        format="json")

    assert response.status_code == 429
    error = response.json()["error"]
    assert error["code"] == "login_locked_out"
    assert error["retry_after"] == 900


def test_bots_get_no_token(api):
    from accounts.services import ensure_bot_accounts

    bot = ensure_bot_accounts()[0]
    response = api.post("/api/v1/auth/token", {"username": bot.username, "password": ""},
                        format="json")

    assert response.status_code == 400  # a password is required at all
    response = api.post("/api/v1/auth/token", {"username": bot.username, "password": "x"},
                        format="json")
    assert response.status_code == 401


def test_user_profile(api):
    User.objects.create_user("Ines", display_name="Inês <3", password=PASSWORD)

    response = api.get("/api/v1/users/ines")

    assert response.status_code == 200
    body = response.json()
    assert body.pop("member_since")
    assert body == {
        "username": "Ines",
        "display_name": "Inês <3",
        "is_bot": False,
        "bot_level": None,
        "rating": None,
        "rating_deviation": None,
        "rating_provisional": False,
        "games_played": 0,
        "games_won": 0,
        "ratings": [],
    }


def test_unknown_user_is_404_in_the_error_shape(api):
    response = api.get("/api/v1/users/nobody")

    assert response.status_code == 404
    assert response.json() == {
        "error": {"code": "not_found", "detail": "There is no player named nobody."}
    }


def test_registration_is_rate_limited_per_address(api):
    for number in range(30):
        response = api.post("/api/v1/auth/register",
                            {"username": f"burst{number}", "password": PASSWORD}, format="json")
        assert response.status_code == 201

    response = api.post("/api/v1/auth/register", {"username": "burst30", "password": PASSWORD},
                        format="json")

    assert response.status_code == 429
    assert response.json()["error"]["code"] == "throttled"
    assert not User.objects.filter(username="burst30").exists()
