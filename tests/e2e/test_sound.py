"""Sound, in chromium, played by clicking: one setting, off at first. A visitor turns it on with
the footer's button and it stays on in this browser (localStorage); a player's is stored on their
account (the notification settings' turn_sound), whatever the browser. In a game,
a move and the opponent's reply sound, and the reply's your-turn comes from the header's badge."""

import random

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from playwright.sync_api import expect

from games import services
from notifications.services import settings_of, update_settings
from tests.support.games import play_one
from tests.support.threads import off_the_browser_thread
from tests.support.waiting import wait_until

from .play_by_clicking import play_one_move, sign_up
from .test_board_play import wait_for_my_turn

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(180)]
PHONE = {"width": 390, "height": 844}


def we_move_first(user, opponent):
    table = services.create_table(user, players=2)
    services.join_table(table.pk, opponent)
    return services.start_table(table.pk, user, player_order=[0, 1])  # the creator's seat first


def sounds(page):
    return (page.locator("body").get_attribute("data-sounds") or "").split()


def test_a_visitor_turns_sound_on_and_it_stays_on_in_this_browser(live_daphne, contexts):
    page = contexts(PHONE)
    page.goto(f"{live_daphne.url}/")
    toggle = page.get_by_test_id("sound-toggle")
    expect(toggle).to_have_text("Sound: off")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_text("Sound: on")
    assert sounds(page) == ["your-turn"]  # a sample, so one hears what one chose
    assert page.evaluate("() => localStorage.getItem('azulsite.sound')") == "on"
    page.get_by_test_id("nav-learn").click()
    expect(page.get_by_test_id("sound-toggle")).to_have_attribute("aria-pressed", "true")
    page.get_by_test_id("language-fr").click()
    expect(page.get_by_test_id("sound-toggle")).to_have_text("Son : activé")
    page.get_by_test_id("sound-toggle").click()
    expect(page.get_by_test_id("sound-toggle")).to_have_text("Son : coupé")


def test_a_players_setting_is_stored_and_a_game_sounds(live_daphne, contexts):
    base = live_daphne.url
    page = contexts({"width": 1366, "height": 768})
    sign_up(page, base, "listener38")
    toggle = page.get_by_test_id("sound-toggle")
    expect(toggle).to_have_text("Sound: off")
    toggle.click()
    expect(toggle).to_have_text("Sound: on")
    user = get_user_model().objects.get(username="listener38")
    wait_until(lambda: settings_of(user).turn_sound, timeout=10, what="the setting stored")

    # The opponent is a person moved through the services once our move has reached our badge:
    # a bot's instant reply could come before the your-turn list is read after our move, and
    # the badge, which sounds when its count goes up, would see it stay at one.
    users = get_user_model()
    opponent = users.objects.create_user(username="speaker38", password=None)
    game = off_the_browser_thread(we_move_first, user, opponent)
    page.goto(f"{base}/tables/{game.table_id}/")
    expect(page.get_by_test_id("sound-toggle")).to_have_attribute("aria-pressed", "true")
    rng = random.Random(38)
    assert wait_for_my_turn(page)
    expect(page.locator("[data-your-turn-badge] .your-turn-badge__count")).to_have_text("1")
    page.evaluate("() => { document.body.dataset.sounds = ''; }")
    play_one_move(page, rng)
    expect(page.locator("[data-your-turn-badge] .your-turn-badge__count")).to_have_text("0")
    off_the_browser_thread(play_one, game)
    # Our move, the opponent's, and our turn again (the badge's sound).
    wait_until(lambda: "move" in sounds(page) and "your-turn" in sounds(page),
               timeout=20, what="the move and your-turn sounds")
    assert int(page.get_attribute("[data-game]", "data-version")) >= 2
    served = page.request.get(f"{base}/static/sounds/move.wav")
    assert served.ok
    assert served.body()[:4] == b"RIFF"
    assert len(served.body()) < 20_000


def test_a_reply_committed_with_our_move_still_sounds_our_turn(live_daphne, contexts):
    """As against a bot that answers at once: our move and the reply reach the feed together, so
    the badge never counts down to zero; the turn is a new one (the game at a later version) and
    sounds. Both moves are made in one transaction, so every list the feed sends holds the game."""
    base = live_daphne.url
    page = contexts(PHONE)
    sign_up(page, base, "quick38")
    user = get_user_model().objects.get(username="quick38")
    off_the_browser_thread(update_settings, user, {"turn_sound": True})
    opponent = get_user_model().objects.create_user(username="quicker38", password=None)
    game = off_the_browser_thread(we_move_first, user, opponent)
    page.goto(f"{base}/lobby/")
    badge = page.locator("[data-your-turn-badge]")
    expect(badge).to_have_attribute("data-feed", "open")
    expect(badge.locator(".your-turn-badge__count")).to_have_text("1")
    page.evaluate("() => { document.body.dataset.sounds = ''; }")

    off_the_browser_thread(our_move_and_the_reply_at_once, game)
    wait_until(lambda: "your-turn" in sounds(page), timeout=20, what="the your-turn sound")
    expect(badge.locator(".your-turn-badge__count")).to_have_text("1")


def our_move_and_the_reply_at_once(game):
    with transaction.atomic():
        play_one(game)
        play_one(game)
