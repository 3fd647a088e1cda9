"""An invitation shows rated or casual and the clock beside its Accept button, in the invitee's
language."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games import services as game_services
from social.services import friends
from tests.support.threads import off_the_browser_thread

from .play_by_clicking import sign_up

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(240)]

FIVE_SECONDS = {"kind": "realtime", "base_seconds": 5, "increment_seconds": 0}
TWO_DAYS = {"kind": "correspondence", "days_per_move": 2}
LAPTOP = {"width": 1366, "height": 768}


def invite_to_new_table(host, guest, **options):
    User = get_user_model()
    inviter = User.objects.get(username=host)
    table = game_services.create_table(inviter, **options)
    friends.follow(inviter, guest)
    return friends.invite(inviter, table.pk, guest)


def set_language(username, language):
    get_user_model().objects.filter(username=username).update(language=language)


@pytest.mark.parametrize(
    ("language", "options", "rated", "clock"),
    [
        ("fr", {"players": 2, "rated": True, "clock": FIVE_SECONDS}, "classée", "5 s + 0 s"),
        ("en", {"players": 3, "clock": TWO_DAYS}, "casual", "2 days per move"),
    ],
)
def test_the_invitation_shows_rated_and_the_clock(live_daphne, contexts, language, options, rated, clock):
    base = live_daphne.url
    host, guest = contexts(LAPTOP), contexts(LAPTOP)
    sign_up(host, base, "host17")
    sign_up(guest, base, "guest17")
    off_the_browser_thread(set_language, "guest17", language)
    off_the_browser_thread(invite_to_new_table, "host17", "guest17", **options)

    # Listed when the lobby opens (GET /table-invitations); the live event carries the same
    # payload (tests/social/test_invitation_terms.py).
    guest.goto(f"{base}/lobby/")
    row = guest.locator("[data-testid=invitations] [data-invitation]")
    expect(row.get_by_test_id("invitation-rated")).to_have_text(rated)
    expect(row.get_by_test_id("invitation-clock")).to_have_text(clock)
