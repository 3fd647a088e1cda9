"""Password guessing is locked out per username and address together (django-axes), and every
address has a budget of failed logins, sign-ups and reset e-mails, on the pages as on the API."""

import pytest
from django.core import mail
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "tile-drafting-42"
PLAYER_HOME = "198.51.100.20"
STRANGER = "203.0.113.66"


@pytest.fixture
def tessa():
    return User.objects.create_user("Tessa", password=PASSWORD, email="tessa@example.org")


def log_in(username, password, ip):
    return Client(REMOTE_ADDR=ip).post(
        "/accounts/login/", {"username": username, "password": password}
    )


def api_token(username, password, ip):
    return APIClient(REMOTE_ADDR=ip).post(
        "/api/v1/auth/token", {"username": username, "password": password}, format="json"
    )


def form_errors(response):
    return response.context["form"].non_field_errors()


def test_a_stranger_cannot_lock_a_player_out_of_their_own_account(tessa):
    for attempt in range(8):
        assert form_errors(log_in("tessa", f"guess-{attempt}", STRANGER))

    assert log_in("Tessa", PASSWORD, PLAYER_HOME).status_code == 302
    assert api_token("tessa", PASSWORD, PLAYER_HOME).status_code == 200


def test_five_wrong_passwords_lock_that_username_at_that_address(tessa):
    for attempt in range(5):
        assert form_errors(log_in("tessa", f"guess-{attempt}", STRANGER)) == [
            "Wrong username or password."
        ]

    response = log_in("tessa", PASSWORD, STRANGER)

    assert response.status_code == 429
    [error] = form_errors(response)
    assert error.startswith("Too many failed logins for this account from your address.")
    assert "Try again in 15 minutes" in error
    assert response.wsgi_request.user.is_anonymous


@pytest.mark.parametrize("variant", ["TESSA", "teſſa", "Teſsa", "ｔｅｓｓａ", " tessa "])
def test_spellings_the_database_takes_for_the_same_name_share_the_lockout(tessa, variant):
    for attempt in range(5):
        log_in("tessa", f"guess-{attempt}", STRANGER)

    response = log_in(variant, PASSWORD, STRANGER)

    assert response.status_code == 429, form_errors(response)


@pytest.mark.parametrize("variant", ["teſſa", "ｔｅｓｓａ", "TESSA"])
def test_such_spellings_log_in_on_every_database(tessa, variant):
    assert log_in(variant, PASSWORD, PLAYER_HOME).status_code == 302


def test_names_no_account_can_have_are_refused_without_a_guess(tessa):
    # Dotless ı upper-cases to I in PostgreSQL: it would reach "tissa"-like accounts unfolded.
    response = log_in("tıssa", PASSWORD, STRANGER)

    assert form_errors(response) == ["Wrong username or password."]


def test_the_api_token_shares_the_lockout_and_names_its_code(tessa):
    for attempt in range(5):
        response = api_token("tessa", f"guess-{attempt}", STRANGER)
        assert response.json()["error"]["code"] == "invalid_credentials"

    locked = api_token("TESSA", PASSWORD, STRANGER)

    assert locked.status_code == 429
    error = locked.json()["error"]
    assert error["code"] == "login_locked_out"
    assert error["retry_after"] == 900
    assert api_token("tessa", PASSWORD, PLAYER_HOME).status_code == 200


def test_a_successful_login_forgets_the_failures(tessa):
    for attempt in range(4):
        log_in("tessa", f"guess-{attempt}", PLAYER_HOME)
    assert log_in("tessa", PASSWORD, PLAYER_HOME).status_code == 302

    for attempt in range(4):
        log_in("tessa", f"guess-{attempt}", PLAYER_HOME)
    assert log_in("tessa", PASSWORD, PLAYER_HOME).status_code == 302


def test_failures_on_many_usernames_from_one_address_block_the_address(tessa):
    for number in range(30):
        api_token(f"someone{number}", "guess", STRANGER)

    response = log_in("tessa", PASSWORD, STRANGER)

    assert response.status_code == 429
    assert form_errors(response)[0].startswith("Too many failed logins from your address.")
    blocked = api_token("tessa", PASSWORD, STRANGER).json()["error"]
    assert blocked["code"] == "too_many_failed_logins"
    assert 0 < blocked["retry_after"] <= 900
    assert log_in("tessa", PASSWORD, PLAYER_HOME).status_code == 302


def test_the_admin_login_is_locked_out_too():
    User.objects.create_superuser("root_admin", password=PASSWORD)
    for attempt in range(5):
        Client(REMOTE_ADDR=STRANGER).post(
            "/admin/login/", {"username": "root_admin", "password": f"guess-{attempt}"}
        )

    response = Client(REMOTE_ADDR=STRANGER).post(
        "/admin/login/", {"username": "root_admin", "password": PASSWORD}
    )

    assert "Too many failed logins for this account" in response.content.decode()
    staff_home = Client(REMOTE_ADDR=PLAYER_HOME)
    assert staff_home.post(
        "/admin/login/?next=/admin/", {"username": "root_admin", "password": PASSWORD}
    ).status_code == 302


# --- sign-up and password reset pages ------------------------------------------------------


def sign_up(number, ip=STRANGER):
    return Client(REMOTE_ADDR=ip).post(
        "/accounts/signup/",
        {"username": f"page{number}", "password1": PASSWORD, "password2": PASSWORD},
    )


def test_the_sign_up_page_is_limited_per_address_like_the_api(throttle_clock_held):
    statuses = [sign_up(number).status_code for number in range(35)]

    assert statuses == [302] * 30 + [429] * 5
    refused = sign_up(99)
    assert "Too many sign-ups from your address" in refused.content.decode()
    assert User.objects.filter(username__startswith="page").count() == 30
    assert sign_up(100, ip=PLAYER_HOME).status_code == 302


def test_the_page_and_the_api_share_the_sign_up_budget(throttle_clock_held):
    for number in range(20):
        assert sign_up(number).status_code == 302
    for number in range(10):
        assert APIClient(REMOTE_ADDR=STRANGER).post(
            "/api/v1/auth/register", {"username": f"api{number}", "password": PASSWORD},
            format="json",
        ).status_code == 201

    assert sign_up(50).status_code == 429


def request_reset(email, ip=STRANGER):
    return Client(REMOTE_ADDR=ip).post("/accounts/password/reset/", {"email": email})


def test_reset_mails_to_one_address_are_limited(tessa, throttle_clock_held):
    statuses = [request_reset("TESSA@example.org", ip=f"192.0.2.{n}").status_code
                for n in range(12)]

    assert statuses == [302] * 3 + [429] * 9
    assert len(mail.outbox) == 3
    assert "Too many reset e-mails" in request_reset("tessa@example.org").content.decode()


def test_reset_requests_from_one_address_are_limited(tessa, throttle_clock_held):
    statuses = [request_reset(f"someone{n}@example.org").status_code for n in range(12)]

    assert statuses == [302] * 10 + [429] * 2
    assert "Too many password reset requests from your address" in (
        request_reset("tessa@example.org").content.decode()
    )
    assert request_reset("tessa@example.org", ip=PLAYER_HOME).status_code == 302
    assert len(mail.outbox) == 1


def test_operators_clear_a_lockout_with_axes_command(tessa):
    from django.core.management import call_command

    for attempt in range(5):
        log_in("tessa", f"guess-{attempt}", STRANGER)
    assert log_in("tessa", PASSWORD, STRANGER).status_code == 429

    call_command("axes_reset_ip_username", STRANGER, "tessa")

    assert log_in("tessa", PASSWORD, STRANGER).status_code == 302


@pytest.mark.requires("redis")
def test_a_parallel_burst_gets_no_more_than_the_budget(settings, throttle_clock_held):
    """Sixteen threads at once against Redis: the atomic counter lets exactly the budget through."""
    import threading

    from accounts.throttles import RegisterThrottle

    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "register": "5/hour"}}
    start, results = threading.Barrier(16), []

    def attempt():
        start.wait()
        results.append(RegisterThrottle().spend("203.0.113.99"))

    threads = [threading.Thread(target=attempt) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(results) == [False] * 11 + [True] * 5
