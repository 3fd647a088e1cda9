"""Notification e-mails go only to an address its owner confirmed with the signed link that
setting it sent: a new address needs a new link, and a forged, expired or used link is refused
and changes nothing."""

import re
import time

import pytest
from django.core import mail, signing
from django.test import Client

from accounts import email_confirmation, services
from accounts.models import User
from notifications.models import GameEmailBatch
from tests.support.games import start_game

CORRESPONDENCE = {"clock": {"kind": "correspondence", "days_per_move": 3}}
PASSWORD = "tile-drafting-42"
# The signed links and the e-mails follow the commits.
pytestmark = pytest.mark.django_db(transaction=True)


def confirmation_link(message) -> str:
    assert "Confirm your e-mail address" in message.subject
    return re.search(r"https?://[^/\s]+(/accounts/email/confirm/[^/\s]+/)", message.body).group(1)


def settings_form(email):
    return {"display_name": "", "email": email, "confirm_moves": "on"}


def confirmed(user) -> bool:
    return User.objects.get(pk=user.pk).email_confirmed


def test_no_notification_email_goes_to_an_unconfirmed_address(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    for user in (alice, bob):  # set without confirming, as every address before the migration
        user.email = f"{user.username}@example.org"
        user.save(update_fields=["email"])

    game = start_game(alice, bob, **CORRESPONDENCE)

    assert mail.outbox == []
    batch = GameEmailBatch.objects.get(user=alice, game=game)
    assert (batch.sent_count, batch.pending) == (0, [])  # dropped, not kept for later


def test_the_link_confirms_the_address_and_the_notifications_follow(client, make_user):
    alice, bob = User.objects.create_user("alice", password=PASSWORD), make_user("bob")
    client.force_login(alice)
    assert client.post("/accounts/settings/", settings_form("alice@example.org")).status_code == 302
    [message] = mail.outbox
    assert message.to == ["alice@example.org"]
    link = confirmation_link(message)
    page = client.get("/notifications/settings/").content.decode()
    assert "alice@example.org is not confirmed yet" in page
    assert "Send the confirmation again" in page

    stranger = Client()  # logged out: the signed link is the credential
    assert "Confirm that alice@example.org is your address?" in stranger.get(link).content.decode()
    assert not confirmed(alice)  # a mail scanner's GET changes nothing
    response = stranger.post(link)
    assert response.status_code == 200
    assert "alice@example.org is confirmed" in response.content.decode()
    assert confirmed(alice)
    assert "alice@example.org is confirmed." in client.get("/notifications/settings/").content.decode()

    mail.outbox.clear()
    game = start_game(alice, bob, **CORRESPONDENCE)
    [news] = mail.outbox
    assert news.to == ["alice@example.org"]
    assert f"Game {game.pk} has started." in news.body


def test_a_new_address_needs_a_new_confirmation(client):
    alice = services.register_user("alice", PASSWORD, email="alice@example.org")
    first = confirmation_link(mail.outbox[0])
    assert client.post(first).status_code == 200
    assert confirmed(alice)

    client.force_login(alice)
    client.post("/accounts/settings/", settings_form("ALICE@example.org"))  # the same mailbox
    assert confirmed(alice)
    assert len(mail.outbox) == 1
    client.post("/accounts/settings/", settings_form("new@example.org"))
    assert not confirmed(alice)
    assert mail.outbox[1].to == ["new@example.org"]

    response = client.post(first)  # used, and for the old address: refused, nothing changes
    assert response.status_code == 400
    assert "used already, or the account&#x27;s address changed" in response.content.decode()
    assert not confirmed(alice)
    assert client.post(confirmation_link(mail.outbox[1])).status_code == 200
    assert confirmed(alice)


class PastSigner(signing.TimestampSigner):
    """Signs with the site's key as if four days ago (links last three)."""

    def timestamp(self):
        return signing.b62_encode(int(time.time()) - 4 * 86400)


def test_forged_expired_and_reused_links_are_refused_and_change_nothing(client):
    alice = services.register_user("alice", PASSWORD, email="alice@example.org")
    link = confirmation_link(mail.outbox[0])
    token = link.split("/")[-2]
    payload = {"u": alice.pk, "f": email_confirmation.fingerprint(alice)}
    refused = {
        "not valid": [token[:-3] + "abc",  # tampered
                      signing.dumps(payload, salt="notifications.unsubscribe"),  # another purpose
                      signing.dumps({"u": alice.pk}, salt=email_confirmation.SALT)],  # no address
        "has expired": [PastSigner(salt=email_confirmation.SALT).sign_object(payload,
                                                                              compress=True)],
    }
    for detail, tokens in refused.items():
        for bad in tokens:
            for method in (client.get, client.post):
                response = method(f"/accounts/email/confirm/{bad}/")
                assert response.status_code == 400, bad
                assert detail in response.content.decode()
    assert not confirmed(alice)

    assert client.post(link).status_code == 200
    assert confirmed(alice)
    reused = client.post(link)
    assert reused.status_code == 400
    assert "used already" in reused.content.decode()
    assert confirmed(alice)


def test_sending_the_confirmation_again_is_throttled_per_account(client, settings,
                                                                 throttle_clock_held):
    alice = User.objects.create_user("alice", email="alice@example.org", password=PASSWORD)
    client.force_login(alice)
    budget = int(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["email_confirmation"]
                 .split("/")[0])
    for _sent in range(budget):
        response = client.post("/accounts/email/confirm/send/")
        assert (response.status_code, response["Location"]) == (302, "/notifications/settings/")
    refused = client.post("/accounts/email/confirm/send/")
    assert refused.status_code == 429
    assert "Too many confirmation e-mails" in refused.content.decode()
    assert [m.to for m in mail.outbox] == [["alice@example.org"]] * budget

    client.post(confirmation_link(mail.outbox[0]))
    assert client.post("/accounts/email/confirm/send/").status_code == 400  # nothing to confirm
