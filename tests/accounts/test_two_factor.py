"""Optional two-factor sign-in: turned on with a first code (ten recovery codes shown once), then
the password alone opens nothing (login page, API token, admin), a wrong code is refused and
counted, a recovery code works once, and turning it off takes a code."""

import re

import pytest
from django.test import Client
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice
from rest_framework.authtoken.models import Token

from accounts import services
from accounts.models import User

pytestmark = pytest.mark.django_db
PASSWORD = "tile-drafting-42"


def code_of(user, ahead=0) -> str:
    """The authenticator's code now (ahead: that many 30-second steps later; the device takes
    the next step too, and never a step it accepted already)."""
    device = TOTPDevice.objects.get(user=user)
    return f"{TOTP(device.bin_key, device.step, device.t0, device.digits, ahead).token():06d}"


def wrong_code(user) -> str:
    """A code the device refuses whatever the time step (none of the nearby steps' codes)."""
    near = {code_of(user, ahead) for ahead in range(-2, 4)}
    return next(c for c in ("000000", "111111", "222222", "333333", "444444") if c not in near)


def enable(user) -> list[str]:
    client = Client()
    client.force_login(user)
    assert client.post("/accounts/two-factor/", {"action": "start"}).status_code == 302
    page = client.get("/accounts/two-factor/").content.decode()
    secret = re.search(r'data-testid="two-factor-secret">([A-Z2-7]+)<', page).group(1)
    # The secret, and its QR code for the app.
    assert secret
    assert "<svg" in page
    response = client.post("/accounts/two-factor/", {"action": "confirm", "code": code_of(user)})
    assert response.status_code == 200
    return re.findall(r"<li><code>([a-z0-9]+)</code></li>", response.content.decode())


def log_in(client, username="nora"):
    return client.post("/accounts/login/", {"username": username, "password": PASSWORD})


def logged_in(client) -> bool:
    return "_auth_user_id" in client.session


@pytest.fixture
def nora():
    return User.objects.create_user("nora", password=PASSWORD)


def test_turning_it_on_takes_a_right_first_code_and_shows_ten_recovery_codes(client, nora):
    client.force_login(nora)
    client.post("/accounts/two-factor/", {"action": "start"})
    refused = client.post("/accounts/two-factor/", {"action": "confirm", "code": wrong_code(nora)})
    assert refused.status_code == 400
    assert "Wrong or used code." in refused.content.decode()
    assert not TOTPDevice.objects.filter(user=nora, confirmed=True).exists()
    assert log_in(Client()).status_code == 302  # still off: the password alone signs in

    codes = enable(nora)
    assert len(codes) == len(set(codes)) == 10
    assert "two-factor-on" in client.get("/accounts/two-factor/").content.decode()
    assert not any(c in client.get("/accounts/two-factor/").content.decode() for c in codes)


def test_signing_in_asks_for_the_code_after_the_password(nora):
    enable(nora)
    client = Client()
    response = log_in(client)
    assert (response.status_code, response["Location"]) == (302, "/accounts/login/code/")
    assert not logged_in(client)  # the password alone logs nothing in

    wrong = client.post("/accounts/login/code/", {"code": wrong_code(nora)})
    assert wrong.status_code == 400
    assert "Wrong or used code." in wrong.content.decode()
    assert not logged_in(client)
    code = code_of(nora, ahead=1)
    right = client.post("/accounts/login/code/", {"code": code})
    assert right.status_code == 302
    assert logged_in(client)

    again = Client()  # the same code a second time: refused
    log_in(again)
    assert again.post("/accounts/login/code/", {"code": code}).status_code == 400
    assert not logged_in(again)


def test_a_recovery_code_works_once(nora):
    codes = enable(nora)
    first, second = Client(), Client()
    log_in(first)
    assert first.post("/accounts/login/code/", {"code": codes[0].upper()}).status_code == 302
    assert logged_in(first)
    log_in(second)
    assert second.post("/accounts/login/code/", {"code": codes[0]}).status_code == 400
    assert not logged_in(second)


def test_wrong_codes_are_counted_and_then_even_the_right_one_waits(nora, settings,
                                                                  throttle_clock_held):
    enable(nora)
    budget = int(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["second_factor_failures"]
                 .split("/")[0])
    client = Client()
    log_in(client)
    for _wrong in range(budget):
        assert client.post("/accounts/login/code/", {"code": wrong_code(nora)}).status_code == 400
    refused = client.post("/accounts/login/code/", {"code": code_of(nora, ahead=1)})
    assert refused.status_code == 429
    assert "Too many wrong codes" in refused.content.decode()
    assert not logged_in(client)
    token = Client().post("/api/v1/auth/token", {"username": "nora", "password": PASSWORD,
                                                  "code": code_of(nora, ahead=1)},
                          content_type="application/json")
    assert token.status_code == 429
    assert token.json()["error"]["code"] == "too_many_wrong_codes"


def test_the_api_token_wants_the_code_too(nora):
    services.api_token_for(nora)  # obtained with the password alone, before
    enable(nora)
    assert not Token.objects.filter(user=nora).exists()  # so enabling drops it

    def token(**extra):
        return Client().post("/api/v1/auth/token", {"username": "nora", "password": PASSWORD,
                                                    **extra}, content_type="application/json")

    assert (token().status_code, token().json()["error"]["code"]) == (401, "code_required")
    wrong = token(code=wrong_code(nora))
    assert (wrong.status_code, wrong.json()["error"]["code"]) == (401, "invalid_code")
    right = token(code=code_of(nora, ahead=1))
    assert right.status_code == 200
    assert right.json()["token"]


def test_the_admin_login_refuses_a_two_factor_account(nora):
    nora.is_staff = True
    nora.save(update_fields=["is_staff"])
    enable(nora)
    client = Client()
    response = client.post("/admin/login/", {"username": "nora", "password": PASSWORD})
    assert response.status_code == 200
    assert "log in on the site first" in response.content.decode()
    assert not logged_in(client)


def test_turning_it_off_takes_a_code(client, nora):
    enable(nora)
    client.force_login(nora)
    refused = client.post("/accounts/two-factor/", {"action": "disable", "code": wrong_code(nora)})
    assert refused.status_code == 400
    assert TOTPDevice.objects.filter(user=nora, confirmed=True).exists()

    response = client.post("/accounts/two-factor/", {"action": "disable",
                                                     "code": code_of(nora, ahead=1)})
    assert response.status_code == 302
    assert not TOTPDevice.objects.filter(user=nora).exists()
    assert log_in(Client()).status_code == 302
    assert log_in(Client())["Location"] != "/accounts/login/code/"
