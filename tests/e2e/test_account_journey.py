"""A person signs up, logs out, logs in and sees their profile, in a real browser."""

import re

import pytest
from playwright.sync_api import expect

from accounts.models import User

pytestmark = pytest.mark.requires("browser")

PASSWORD = "tile-drafting-42"


def sign_up(page, base_url, username, display_name=""):
    page.goto(f"{base_url}/accounts/signup/")
    page.get_by_label("Username").fill(username)
    if display_name:
        page.get_by_label("Display name").fill(display_name)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()


def test_sign_up_log_out_log_in_and_see_profile(page, live_daphne):
    sign_up(page, live_daphne.url, "marta_k", display_name="Marta <Kowalska>")

    expect(page).to_have_url(f"{live_daphne.url}/lobby/")  # straight to where games are
    page.get_by_test_id("nav-profile").click()
    expect(page).to_have_url(f"{live_daphne.url}/u/marta_k/")
    expect(page.get_by_test_id("profile-name")).to_have_text("Marta <Kowalska>")
    expect(page.get_by_test_id("rating")).to_have_text("not rated yet")
    assert User.objects.filter(username="marta_k", is_bot=False).exists()

    page.get_by_test_id("nav-logout").click()
    expect(page.get_by_test_id("nav-login")).to_be_visible()

    page.get_by_test_id("nav-login").click()
    page.get_by_label("Username").fill("MARTA_K")  # usernames are case-insensitive
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_test_id("nav-profile")).to_have_text("Marta <Kowalska>")

    page.get_by_test_id("nav-profile").click()
    expect(page).to_have_url(re.compile(r"/u/marta_k/$"))
    expect(page.get_by_test_id("member-since")).not_to_be_empty()


def test_wrong_password_shows_a_clear_error(page, live_daphne):
    User.objects.create_user(username="jonas", password=PASSWORD)

    page.goto(f"{live_daphne.url}/accounts/login/")
    page.get_by_label("Username").fill("jonas")
    page.get_by_label("Password").fill("not-the-password")
    page.get_by_role("button", name="Log in").click()

    expect(page.get_by_test_id("form-errors")).to_have_text("Wrong username or password.")
    expect(page.get_by_test_id("nav-login")).to_be_visible()


def test_signup_with_a_taken_username_explains_why(page, live_daphne):
    User.objects.create_user(username="Tessa", password=PASSWORD)

    sign_up(page, live_daphne.url, "tessa")

    expect(page.get_by_test_id("error-username")).to_have_text("That username is taken.")
    assert User.objects.count() == 1


def test_a_typed_logout_url_asks_before_logging_out(page, live_daphne):
    sign_up(page, live_daphne.url, "leaving_soon")
    expect(page.get_by_test_id("nav-profile")).to_be_visible()

    page.goto(f"{live_daphne.url}/accounts/logout/")
    expect(page.get_by_role("heading", name="Log out")).to_be_visible()
    expect(page.get_by_test_id("nav-profile")).to_be_visible()  # nothing happened yet

    page.get_by_test_id("confirm-logout").click()
    expect(page.get_by_test_id("nav-login")).to_be_visible()
