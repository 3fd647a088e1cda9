"""Correspondence e-mails: sent by a real Celery worker (file backend), one per game an hour,
opt-outs honoured, the unsubscribe link working logged out and refusing forged tokens."""

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from azulsite.celery import app as celery_app
from games import payloads, services
from games.models import Game
from notifications import services as notify
from notifications.models import GameEmailBatch, NotificationSettings
from tests.support.games import controller_to_move, start_game
from tests.support.processes import wait_for_queue_to_drain
from tests.support.waiting import wait_until

CORRESPONDENCE = {"clock": {"kind": "correspondence", "days_per_move": 3}}


def players(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    for user in (alice, bob):
        user.email = f"{user.username}@example.org"
        user.email_confirmed = True  # notification mail goes only to confirmed addresses
        user.save(update_fields=["email", "email_confirmed"])
    return alice, bob


def play_one_move(game):
    game = Game.objects.select_related("table").get(pk=game.pk)
    move = payloads.game_payload(game)["legal_moves"][0]
    services.play_move(game.pk, controller_to_move(game), move.get("move", move), game.version)


@pytest.mark.requires("redis", "celery")
def test_a_real_worker_sends_the_turn_emails_at_most_one_per_game_an_hour(
        celery_worker_process, subprocess_emails, make_user):
    alice, bob = players(make_user)
    game = start_game(alice, bob, **CORRESPONDENCE)
    sent = wait_until(lambda: len(subprocess_emails()) >= 2 and subprocess_emails(), 20, "two e-mails")
    to = sorted(message["To"] for message in sent)
    assert to == ["alice@example.org", "bob@example.org"]
    first = controller_to_move(game)
    mine = next(m for m in sent if m["To"] == first.email)
    body = mine.get_payload()
    assert f"Game {game.pk} has started." in body
    assert f"It is your move in game {game.pk}." in body
    assert "/notifications/unsubscribe/" in mine["List-Unsubscribe"]

    play_one_move(game)  # the other player's move now: within the hour of their first e-mail
    play_one_move(game)
    # The worker has reached a task queued after both moves' notices: it sent what it would now.
    wait_for_queue_to_drain(celery_worker_process, celery_app, celery_app.conf.task_default_queue)
    assert len(subprocess_emails()) == 2  # batched: nothing more within the hour
    batch = GameEmailBatch.objects.get(user=first, game=game)
    assert batch.pending == ["your_turn"]
    assert batch.sent_count == 1
    assert batch.scheduled_for == batch.last_sent_at + timedelta(hours=1)


@pytest.mark.django_db(transaction=True)  # the signal and the tasks follow the commits
def test_each_player_gets_the_email_in_their_own_language(make_user):
    """The e-mail is built off any request (a worker, the beat): in the language stored on the
    account, whatever language the code that sent it was speaking."""
    alice, bob = players(make_user)
    alice.language = "fr"
    alice.save(update_fields=["language"])
    game = start_game(alice, bob, **CORRESPONDENCE)
    by_address = {message.to[0]: message for message in mail.outbox}
    french, english = by_address["alice@example.org"], by_address["bob@example.org"]
    assert f"La partie {game.pk} a commencé." in french.body
    assert french.body.startswith("Bonjour alice,")
    assert "Ne plus recevoir ces e-mails (Une de mes parties commence) : " in french.body
    assert f"Game {game.pk} has started." in english.body
    assert english.body.startswith("Hello bob,")
    assert "Stop these e-mails (A game of mine starts): " in english.body


@pytest.mark.django_db(transaction=True)  # the signal and the tasks follow the commits
def test_the_hour_passes_and_the_batch_goes_unless_opted_out(make_user, settings):
    alice, bob = players(make_user)
    game = start_game(alice, bob, **CORRESPONDENCE)
    assert sorted(m.to[0] for m in mail.outbox) == ["alice@example.org", "bob@example.org"]
    mail.outbox.clear()
    play_one_move(game)
    play_one_move(game)
    assert mail.outbox == []  # within the hour
    later = timezone.now() + timedelta(hours=1, seconds=1)
    assert notify.send_due_email_batches(now=later) >= 1
    assert any("It is your move" in m.body for m in mail.outbox)

    mail.outbox.clear()
    waiting = controller_to_move(game)
    notify.update_settings(waiting, {"your_turn": False})
    GameEmailBatch.objects.update(last_sent_at=None, scheduled_for=None, pending=[])
    play_one_move(game)
    play_one_move(game)  # back to `waiting`: opted out of your_turn
    notify.send_due_email_batches(now=later + timedelta(hours=2))
    assert not [m for m in mail.outbox if m.to == [waiting.email]]


@pytest.mark.django_db
def test_unsubscribe_link_works_logged_out_and_forged_tokens_are_refused(make_user):
    alice, _bob = players(make_user)
    token = notify.unsubscribe_token(alice.pk, "your_turn")
    anonymous = Client()
    page = anonymous.get(f"/notifications/unsubscribe/{token}/")
    assert page.status_code == 200
    assert b"unsubscribe-confirm" in page.content
    assert not NotificationSettings.objects.exists()  # a GET (a mail scanner) changes nothing
    done = anonymous.post(f"/notifications/unsubscribe/{token}/")
    assert done.status_code == 200
    assert b"unsubscribe-done" in done.content
    assert NotificationSettings.objects.get(user=alice).your_turn is False

    forged = token[:-3] + ("AAA" if not token.endswith("AAA") else "BBB")
    for bad in (forged, "x", "a" * 2000, notify.unsubscribe_token(alice.pk, "everything"),
                notify.unsubscribe_token(10**12, "game_ended")):
        answer = anonymous.post(f"/notifications/unsubscribe/{bad}/")
        assert answer.status_code == 400
        assert b"unsubscribe-error" in answer.content
    assert NotificationSettings.objects.get(user=alice).game_ended is True
    everything = notify.unsubscribe_token(alice.pk, "all")
    anonymous.post(f"/notifications/unsubscribe/{everything}/")
    assert NotificationSettings.objects.get(user=alice).email is False


@pytest.mark.django_db
def test_settings_api_and_page(make_user, client):
    alice, _bob = players(make_user)
    assert client.patch("/api/v1/notifications/settings", {}).status_code == 401
    client.force_login(alice)
    body = client.get("/api/v1/notifications/settings").json()
    assert body["your_turn"] is True
    assert body["turn_sound"] is False
    changed = client.patch("/api/v1/notifications/settings", {"game_ended": False},
                           content_type="application/json").json()
    assert changed["game_ended"] is False
    for bad in ({"game_ended": "no"}, {"nope": True}, {}, [1]):
        answer = client.patch("/api/v1/notifications/settings", bad,
                              content_type="application/json")
        assert answer.status_code == 400, bad
        assert answer.json()["error"]["code"] == "invalid", bad
    page = client.post("/notifications/settings/", {"your_turn": "on", "turn_sound": "on"})
    assert page.status_code == 302
    prefs = NotificationSettings.objects.get(user=alice)
    assert prefs.turn_sound
    assert prefs.your_turn
    assert not prefs.game_started
    assert not prefs.email
    assert re.search(r'data-turn-sound="true"', client.get("/").content.decode())


@pytest.mark.django_db
def test_15_the_settings_page_offers_only_what_can_work(make_user, client, settings):
    """No address: the e-mail box is off and disabled, and says why. No push key: browser
    notices are shown disabled with the reason, and the account page does not promise them."""
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    nobody = make_user("no-address")
    client.force_login(nobody)
    page = client.get("/notifications/settings/").content.decode()
    email_box = re.search(r'<input[^>]*data-testid="setting-email"[^>]*>', page)[0]
    assert "checked" not in email_box
    assert "disabled" in email_box
    assert 'data-testid="no-email-address"' in page
    assert 'data-testid="push-unavailable"' in page
    assert "no Web Push key" in page
    assert "push-subscribe" not in page
    assert "browser" not in client.get("/accounts/settings/").content.decode().split("settings-notifications")[1][:80]

    alice, _bob = players(make_user)
    client.force_login(alice)
    page = client.get("/notifications/settings/").content.decode()
    email_box = re.search(r'<input[^>]*data-testid="setting-email"[^>]*>', page)[0]
    assert "checked" in email_box
    assert "disabled" not in email_box
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = "key"
    page = client.get("/notifications/settings/").content.decode()
    assert "push-subscribe" in page
    assert "push-unavailable" not in page
