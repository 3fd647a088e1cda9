"""Reports reach the admin's moderation queue with their context and can be marked handled;
mutes are undone from the account settings page."""

import pytest
from django.test import Client

from social import errors, services
from social.models import Mute, Report
from tests.support.games import client_for, error_code, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def chat(two_players, alice, bob):
    for number in range(12):
        services.post_message(two_players.pk, alice if number % 2 else bob, f"line {number}")
    rude = services.post_message(two_players.pk, bob, "<script>alert('rude')</script>")
    return two_players, rude


def test_a_report_goes_once_to_the_queue(chat, alice):
    game, rude = chat
    response = client_for(alice).post(
        f"/api/v1/games/{game.pk}/chat/{rude.pk}/report", {"reason": "insult"}, format="json")
    assert response.status_code == 201
    assert response.json() == {"report": Report.objects.get().pk, "message": rude.pk}
    again = client_for(alice).post(f"/api/v1/games/{game.pk}/chat/{rude.pk}/report", {}, format="json")
    assert again.status_code == 409
    assert error_code(again) == "already_reported"
    assert Report.objects.count() == 1


def test_reports_of_foreign_or_unseen_messages_are_refused(chat, alice, bob, carol):
    game, rude = chat
    other = start_game(carol, alice)
    # The message id under another game's path is unknown there (no cross-game reports).
    response = client_for(alice).post(f"/api/v1/games/{other.pk}/chat/{rude.pk}/report", {}, format="json")
    assert response.status_code == 404
    assert error_code(response) == "not_found"
    # A spectator cannot report what they cannot read (the players' channel of a running game).
    with pytest.raises(errors.NotFound):
        services.report_message(game.pk, rude.pk, carol)
    with pytest.raises(errors.Invalid):
        services.report_message(game.pk, rude.pk, bob)  # your own
    for bad in ("99999999999999999999", "0"):
        assert client_for(alice).post(
            f"/api/v1/games/{game.pk}/chat/{bad}/report", {}, format="json").status_code == 404
    assert client_for(alice).post(
        f"/api/v1/games/99999999999999999999/chat/{rude.pk}/report", {}, format="json").status_code == 404
    assert not Report.objects.exists()


def test_the_admin_queue_shows_the_report_with_its_context_and_marks_it_handled(chat, alice, make_user):
    game, rude = chat
    report = services.report_message(game.pk, rude.pk, alice, "insult")
    moderator = make_user("moderator")
    moderator.is_staff = moderator.is_superuser = True
    moderator.save()
    admin = Client()
    admin.force_login(moderator)

    listing = admin.get("/admin/social/report/?handled=no").content.decode()
    assert "&lt;script&gt;alert(&#x27;rude&#x27;)&lt;/script&gt;" in listing
    assert "<script>alert" not in listing
    page = admin.get(f"/admin/social/report/{report.pk}/change/").content.decode()
    for number in range(2, 12):  # the 10 messages before it
        assert f"line {number}" in page
    assert "line 1<" not in page
    assert "insult" in page
    assert f"/games/{game.pk}/" in page
    assert "/u/bob/" in page
    assert "/u/alice/" in page
    assert 'class="reported"' in page

    done = admin.post("/admin/social/report/", {"action": "mark_handled", "_selected_action": [report.pk]})
    assert done.status_code == 302
    report.refresh_from_db()
    assert report.handled
    assert report.handled_by == moderator
    change_link = f"/admin/social/report/{report.pk}/change/"
    assert change_link not in admin.get("/admin/social/report/?handled=no").content.decode()
    assert change_link in admin.get("/admin/social/report/?handled=yes").content.decode()


def test_unmute_from_the_account_settings(alice, bob):
    services.mute(alice, "bob")
    browser = Client()
    browser.force_login(alice)
    page = browser.get("/accounts/settings/").content.decode()
    assert 'data-muted="bob"' in page
    response = browser.post("/social/mutes/bob/delete")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/settings/"
    assert not Mute.objects.exists()
    assert 'data-muted="bob"' not in browser.get("/accounts/settings/").content.decode()
    assert browser.post("/social/mutes/nobody-here/delete").status_code == 404


def test_mutes_over_the_api(alice, bob):
    client = client_for(alice)
    assert client.post("/api/v1/mutes", {"username": "bob"}, format="json").status_code == 201
    assert client.post("/api/v1/mutes", {"username": "bob"}, format="json").status_code == 201
    assert client.get("/api/v1/mutes").json() == [{"username": "bob", "display_name": "bob"}]
    assert client.delete("/api/v1/mutes/bob").status_code == 204
    assert client.get("/api/v1/mutes").json() == []
    assert client.delete("/api/v1/mutes/nobody-here").status_code == 404
    assert Client().get("/api/v1/mutes").status_code in (401, 403)
