"""An arena in a real browser, on a phone: a player finds a running arena in the list and joins
it late from its page; when a game ends elsewhere they are paired at once, and "your game is
ready" shows with its countdown; they dismiss it, go berserk (the button halves their clock:
the table shows it), open their game and make a move or two by clicking; in French, back on the
arena's page, they see the leaderboard move and the arena finish without a reload when the
arena's time is up and their game ends.

The other players' moves, the arena's end (the beat's sweep, at a `now` after its end) and the
games' ends are the services' (from this process, on threads of their own): their broadcasts
reach daphne's sockets through Redis, as a Celery worker's do in production."""

import random
import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Game, Seat
from tests.support.browser import ARTIFACTS_DIR, screenshot
from tests.support.threads import off_the_browser_thread
from tests.support.tournaments import new_tournament, playing, seated_users, win
from tournaments import services
from tournaments.models import Pairing, Tournament

from .play_by_clicking import (
    finish_through_the_services,
    sign_up,
)
from .test_tournaments import PHONE
from .tournament_steps import back_to_the_tournament_in_french, click_moves_against_the_services

pytestmark = [pytest.mark.requires("browser", "redis"), pytest.mark.timeout(180)]
FIVE_MINUTES = {"kind": "realtime", "base_seconds": 300, "increment_seconds": 0}


def points_of(page, username):
    return page.locator(f"[data-testid=standings] [data-entry={username}] [data-testid=points]")


def test_a_player_joins_an_arena_late_goes_berserk_plays_and_sees_the_leaderboard_move(
        live_daphne, contexts):
    base = live_daphne.url
    page = contexts(PHONE, 15_000)
    users = get_user_model().objects
    organiser, otto, olga = (users.create_user(name, password=None)
                             for name in ("org8", "otto8", "olga8"))
    arena = off_the_browser_thread(new_tournament, organiser, name="Phone arena",
                                   format="arena", duration_minutes=30, clock=FIVE_MINUTES)
    for player in (otto, olga):
        off_the_browser_thread(services.join, arena.pk, player)
    off_the_browser_thread(services.start_tournament, arena.pk, by_user=organiser)
    (first,) = playing(arena)

    sign_up(page, base, "pia8", display_name="Pia")
    page.get_by_test_id("nav-tournaments").click()
    page.locator(f"[data-tournament='{arena.pk}'] a").first.click()
    expect(page.get_by_test_id("status")).to_have_text("running")
    expect(page.get_by_test_id("countdown")).not_to_be_empty()  # the arena's end
    page.get_by_test_id("join").click()  # "Join late"
    expect(page.get_by_test_id("leave")).to_be_visible()
    expect(page.locator("[data-testid=standings] [data-entry=pia8]")).to_be_visible()
    expect(page.locator("#tournament-live")).to_have_attribute("data-live", "open")

    # otto beats olga: three are free, and Pia is paired at once (the two who met wait).
    off_the_browser_thread(win, first, otto)
    banner = page.get_by_test_id("game-ready")
    expect(banner).to_contain_text("Phone arena")
    expect(banner).to_contain_text("0:0")  # it would open the table in a few seconds
    page.locator(".game-ready__close").click()  # not yet: first, berserk
    expect(banner).to_have_count(0)
    expect(points_of(page, "otto8")).to_have_text("2")  # patched in, no reload
    berserk = page.get_by_test_id("berserk")
    expect(berserk).to_be_visible()
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    screenshot(page, path=str(ARTIFACTS_DIR / "arena-berserk-phone.png"))
    berserk.click()
    expect(page.get_by_test_id("berserk")).to_have_count(0)
    pairing = Pairing.objects.filter(tournament=arena).order_by("id").last()
    assert "pia8" in [user.username for user in seated_users(pairing)]
    game = Game.objects.get(table=pairing.table_id)
    me = users.get(username="pia8")
    mine = Seat.objects.get(table=pairing.table_id, user=me).player_index

    page.get_by_test_id("my-game").get_by_role("link").click()
    page.wait_for_url("**/tables/*/")
    expect(page.get_by_test_id("tournament-link")).to_have_text("Phone arena")
    expect(page.locator(f"[data-clock-for='{mine}']")).to_have_text(
        re.compile(r"^2:[0-5]\d$"))  # half of 5:00
    expect(page.locator(f"[data-clock-for='{1 - mine}']")).to_have_text(
        re.compile(r"^[45]:[0-5]\d$"))
    screenshot(page, path=str(ARTIFACTS_DIR / "arena-table-berserk-phone.png"))

    rng = random.Random(8)
    click_moves_against_the_services(page, game, me, rng)  # the opponent's through the services
    back_to_the_tournament_in_french(page)
    expect(points_of(page, "pia8")).to_have_text("0")
    page.evaluate("window.stillThisPage = true")

    # The arena's time is up (the beat's sweep): Pia's game goes on, and counts when it ends.
    arena.refresh_from_db()
    off_the_browser_thread(services.sweep, arena.ends_at + timedelta(seconds=1))
    finish_through_the_services(game, rng)
    arena.refresh_from_db()
    assert arena.status == Tournament.Status.FINISHED
    final = {row["username"]: row for row in arena.standings}
    expect(page.get_by_test_id("status")).to_have_text("terminé")
    expect(points_of(page, "pia8")).to_have_text(str(int(final["pia8"]["points"])))
    ranks = Game.objects.get(pk=game.pk).result["ranks"]
    winners = [seat.user.username for seat in Seat.objects.filter(table=pairing.table_id)
               .select_related("user") if ranks[seat.player_index] == 1]
    for name in winners:  # a win (or a draw, both first) moved them up
        expect(points_of(page, name)).not_to_have_text("0")
    expect(page.locator("[data-testid=standings] [data-testid=trophy]").first).to_be_visible()
    for name, row in final.items():  # two wins in a row: on fire
        expect(page.locator(f"[data-entry={name}] [data-testid=on-fire]")).to_have_count(
            int(row["arena"]["on_fire"]))
    screenshot(page, path=str(ARTIFACTS_DIR / "arena-finished-phone-fr.png"), full_page=True)
    assert page.evaluate("window.stillThisPage") is True  # patched in place, never reloaded
    assert not playing(arena)  # nobody was paired after the end
