"""Nobody can pass for someone else: names are compared after folding look-alike characters."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts import services
from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "tile-drafting-42"


@pytest.fixture
def lena():
    return User.objects.create_user("lena", display_name="Lena the Tiler", password=PASSWORD)


def sign_up(username, display_name=""):
    return Client().post(
        "/accounts/signup/",
        {"username": username, "display_name": display_name, "password1": PASSWORD,
         "password2": PASSWORD},
    )


def errors(response, field):
    return response.context["form"].errors.get(field, [])


@pytest.mark.parametrize(
    "username",
    ["Iena", "1ena", "le-na", "lena_"],
)
def test_usernames_that_look_like_another_players_username_are_refused(lena, username):
    response = sign_up(username)

    assert errors(response, "username") == ["That name is too close to another player's name."]
    assert not User.objects.filter(username=username).exists()


def test_a_username_may_not_look_like_another_players_display_name(lena):
    User.objects.create_user("someone", display_name="Marta", password=PASSWORD)

    assert errors(sign_up("rnarta"), "username") == [
        "That name is too close to another player's name."
    ]


@pytest.mark.parametrize(
    "display_name",
    [
        "lena",  # another player's username
        "Lеna",  # Cyrillic е
        "ⅼena",  # small roman numeral fifty
        "L e n a",
        "Lena the TiIer",  # another player's display name, capital i for l
        "𝐋𝐞𝐧𝐚 the Tiler",  # mathematical bold
    ],
)
def test_display_names_that_look_like_another_player_are_refused(lena, display_name):
    response = sign_up("newcomer", display_name)

    assert errors(response, "display_name") == [
        "That name is too close to another player's name."
    ]
    assert not User.objects.filter(username="newcomer").exists()


@pytest.mark.parametrize(
    "display_name",
    ["Strong bot", "STRONG BOT", "Str0ng b0t", "Greedy-Bot", "bot-random", "Rаndom bot"],
)
def test_the_bots_names_are_reserved_even_before_the_bots_exist(display_name):
    assert not User.objects.filter(is_bot=True).exists()

    assert errors(sign_up("newcomer", display_name), "display_name") == [
        "That name belongs to a bot."
    ]


@pytest.mark.parametrize(
    ("display_name", "message"),
    [
        ("\u200b\u200b", "A display name needs visible characters."),
        ("\u3164", "A display name needs visible characters."),
        ("\u2800\u2800", "A display name needs visible characters."),
        ("\u00ad\u2060", "A display name needs visible characters."),
        ("\u202eanel", "Display names may not contain direction or invisible formatting characters."),
        ("Le\u2067na", "Display names may not contain direction or invisible formatting characters."),
        ("Le\u200bna", "Display names may not contain direction or invisible formatting characters."),
        ("Le\x07na", "Display names may not contain direction or invisible formatting characters."),
    ],
)
def test_invisible_names_and_bidi_overrides_are_refused(display_name, message):
    assert errors(sign_up("newcomer", display_name), "display_name") == [message]


@pytest.mark.parametrize(
    "display_name", ["Inês <3", "Zoë", "Łukasz", "Мария", "山田", "👩‍👩‍👧 family", "Lena"]
)
def test_ordinary_names_in_any_script_are_welcome(display_name):
    response = sign_up("lena", display_name)  # "Lena" is this player's own username

    assert response.status_code == 302, errors(response, "display_name")
    assert User.objects.get(username="lena").display_name == display_name


def test_changing_the_display_name_is_checked_too(lena):
    marta = User.objects.create_user("marta", display_name="Marta", password=PASSWORD)
    client = Client()
    client.force_login(marta)

    refused = client.post("/accounts/settings/", {"display_name": "Lеna the Tiler", "email": ""})

    assert errors(refused, "display_name") == ["That name is too close to another player's name."]
    marta.refresh_from_db()
    assert marta.display_name == "Marta"

    # A player may keep their own name, restyle it, and free the old one for others.
    assert client.post("/accounts/settings/", {"display_name": "MARTA", "email": ""}).status_code == 302
    assert client.post("/accounts/settings/", {"display_name": "Tile Queen", "email": ""}).status_code == 302
    assert sign_up("newcomer", "Lena").status_code == 200  # still lena's username
    assert sign_up("newcomer", "Marta").status_code == 200  # still marta's username
    assert sign_up("newcomer", "Tile Queen").status_code == 200


def test_a_freed_display_name_can_be_taken(lena):
    services.update_profile(lena, display_name="Lena", email="")

    assert sign_up("newcomer", "Lena the Tiler").status_code == 302


def test_the_api_refuses_impersonating_names(lena):
    api = APIClient()

    response = api.post("/api/v1/auth/register",
                        {"username": "Iena", "password": PASSWORD}, format="json")

    assert response.status_code == 400
    assert response.json()["error"]["fields"] == {
        "username": ["That name is too close to another player's name."]
    }
    response = api.post(
        "/api/v1/auth/register",
        {"username": "newcomer", "password": PASSWORD, "display_name": "Strong bot"},
        format="json",
    )
    assert response.json()["error"]["fields"] == {"display_name": ["That name belongs to a bot."]}
    response = api.post(
        "/api/v1/auth/register",
        {"username": "newcomer", "password": PASSWORD, "display_name": "Newcomer"},
        format="json",
    )
    assert response.status_code == 201
    assert User.objects.get(username="newcomer").display_name == "Newcomer"


def test_the_admin_checks_display_names(lena):
    admin = User.objects.create_superuser("root_admin", password=PASSWORD)
    marta = User.objects.create_user("marta", password=PASSWORD)
    client = Client()
    client.force_login(admin)
    form = client.get(f"/admin/accounts/user/{marta.pk}/change/").context["adminform"].form
    data = {key: value for key, value in form.initial.items() if value is not None}
    data.update({"display_name": "Lеna", "date_joined_0": "2026-01-01", "date_joined_1": "10:00:00",
                 "last_login_0": "", "last_login_1": "", "groups": [], "user_permissions": []})

    response = client.post(f"/admin/accounts/user/{marta.pk}/change/", data)

    assert response.status_code == 200
    assert "too close to another player" in response.content.decode()
    marta.refresh_from_db()
    assert marta.display_name == ""


@pytest.mark.requires("postgres")
@pytest.mark.django_db(transaction=True)
def test_two_look_alike_sign_ups_at_once_cannot_both_succeed():
    """The second sign-up's checks run before the first commits; the unique claim decides."""
    import threading

    from django.db import connection, transaction

    from accounts.errors import RegistrationRejected

    first_created, release_first = threading.Event(), threading.Event()

    def first():
        try:
            with transaction.atomic():
                services.register_user("lena", PASSWORD)
                first_created.set()
                release_first.wait(10)
        finally:
            connection.close()

    thread = threading.Thread(target=first)
    thread.start()
    assert first_created.wait(10)
    timer = threading.Timer(1.0, release_first.set)  # while the second waits on the claim
    timer.start()
    with pytest.raises(RegistrationRejected) as refused:
        services.register_user("Iena", PASSWORD)
    thread.join(10)

    assert refused.value.field_errors == {
        "username": ["That name is too close to another player's name."]
    }
    assert list(User.objects.values_list("username", flat=True)) == ["lena"]
