"""Profile pages show who a player is, and escape whatever they typed."""

import pytest

from accounts import services
from accounts.models import User

pytestmark = pytest.mark.django_db


def test_profile_shows_name_membership_and_placeholders(client):
    User.objects.create_user("kasia", display_name="Kasia W.", password="x-Azul-2026")

    response = client.get("/u/kasia/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "Kasia W." in html
    assert "@kasia" in html
    assert "Member since" in html
    assert "not rated yet" in html


def test_profile_urls_are_case_insensitive_and_canonical(client):
    User.objects.create_user("kasia", password="x-Azul-2026")

    response = client.get("/u/KASIA/")

    assert (response.status_code, response["Location"]) == (301, "/u/kasia/")


def test_unknown_profile_is_404(client):
    assert client.get("/u/nobody/").status_code == 404


def test_bot_profiles_say_they_are_bots(client):
    services.ensure_bot_accounts()

    assert "bot (greedy)" in client.get("/u/bot-greedy/").content.decode()


def test_user_supplied_text_is_escaped(client):
    User.objects.create_user(
        "mallory", display_name='<script>alert("x")</script>', password="x-Azul-2026"
    )
    client.force_login(User.objects.get(username="mallory"))

    for path in ("/u/mallory/", "/"):
        html = client.get(path).content.decode()
        assert "<script>alert" not in html
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html


def test_signup_errors_escape_the_typed_username(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "<b>x</b>", "password1": "tile-drafting-42", "password2": "tile-drafting-42"},
    )

    html = response.content.decode()
    assert "<b>x</b>" not in html
    assert "&lt;b&gt;x&lt;/b&gt;" in html


def test_edit_display_name_and_email(client):
    user = User.objects.create_user("kasia", password="x-Azul-2026")
    client.force_login(user)

    response = client.post("/accounts/settings/", {"display_name": "  Kasia W.  ", "email": "k@example.org"})

    assert response["Location"] == "/u/kasia/"
    user.refresh_from_db()
    assert (user.display_name, user.email) == ("Kasia W.", "k@example.org")


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"display_name": "x" * 51, "email": ""}, "display_name", "at most 50 characters"),
        ({"display_name": "Kasia", "email": "k@"}, "email", "valid email address"),
    ],
)
def test_edit_profile_refusals_change_nothing(client, data, field, message):
    user = User.objects.create_user("kasia", display_name="Old", password="x-Azul-2026")
    client.force_login(user)

    response = client.post("/accounts/settings/", data)

    assert any(message in error for error in response.context["form"].errors[field])
    user.refresh_from_db()
    assert user.display_name == "Old"


def test_edit_profile_needs_login(client):
    assert client.get("/accounts/settings/")["Location"].startswith("/accounts/login/")
