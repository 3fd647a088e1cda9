"""A player deletes their account from the settings page, in a real browser."""

import pytest
from playwright.sync_api import expect

from accounts.models import User
from tests.e2e.test_account_journey import PASSWORD, sign_up

pytestmark = pytest.mark.requires("browser")


def test_a_player_deletes_their_account_from_the_settings_page(page, live_daphne):
    sign_up(page, live_daphne.url, "leaving_for_good")
    expect(page.get_by_test_id("nav-profile")).to_be_visible()
    page.goto(f"{live_daphne.url}/accounts/settings/")
    page.get_by_test_id("settings-delete-account").click()

    page.get_by_label("Your password").fill("not-the-password")
    page.get_by_test_id("delete-account").click()
    expect(page.get_by_test_id("form-errors")).to_have_text("The password is not right.")
    assert User.objects.get(username="leaving_for_good").is_active  # refused: nothing changed

    page.get_by_label("Your password").fill(PASSWORD)
    page.get_by_test_id("delete-account").click()
    expect(page.get_by_test_id("nav-login")).to_be_visible()  # signed out
    gone = User.objects.get(deleted_at__isnull=False)
    assert gone.username == f"deleted-{gone.pk}"
    assert not gone.is_active
