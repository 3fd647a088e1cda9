"""Two-factor sign-in in a real browser: a new player turns it on with a code computed from the
secret the page shows, logs out, and logs in again with the password and then a code."""

from base64 import b32decode

import pytest
from django_otp.oath import TOTP
from playwright.sync_api import expect

from .test_accessibility import check

pytestmark = pytest.mark.requires("browser")

PASSWORD = "tile-drafting-42"


def authenticator(secret: str, ahead: int = 0) -> str:
    """What an authenticator app shows for this secret (`ahead` steps of 30 s later: the site
    takes the next step's code too, and never a step it accepted already)."""
    return f"{TOTP(b32decode(secret), drift=ahead).token():06d}"


def test_turn_on_two_factor_then_log_in_with_a_code(page, live_daphne):
    page.goto(f"{live_daphne.url}/accounts/signup/")
    page.get_by_label("Username").fill("ines_2fa")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    expect(page).to_have_url(f"{live_daphne.url}/lobby/")

    page.goto(f"{live_daphne.url}/accounts/settings/")
    page.get_by_test_id("settings-two-factor").click()
    page.get_by_test_id("two-factor-start").click()
    secret = page.get_by_test_id("two-factor-secret").inner_text()
    failures = {}  # axe's serious and critical findings on each new page
    check(page, None, failures, "the secret and its QR code")
    page.get_by_label("Code", exact=True).fill(authenticator(secret))
    page.get_by_test_id("two-factor-confirm").click()
    expect(page.get_by_test_id("recovery-codes").locator("li")).to_have_count(10)
    check(page, None, failures, "the recovery codes")

    page.get_by_test_id("nav-logout").click()
    page.get_by_test_id("nav-login").click()
    page.get_by_label("Username").fill("ines_2fa")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(f"{live_daphne.url}/accounts/login/code/")
    expect(page.get_by_test_id("nav-login")).to_be_visible()  # the password alone: not in yet
    check(page, None, failures, "the code step")

    page.get_by_label("Code", exact=True).fill(authenticator(secret, ahead=1))
    page.get_by_test_id("login-code-submit").click()
    expect(page.get_by_test_id("nav-profile")).to_be_visible()
    check(page, f"{live_daphne.url}/accounts/two-factor/", failures, "two-factor on")
    assert not failures, failures
