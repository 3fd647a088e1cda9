"""The puzzle page in a browser, on a phone, in French: a signed-in player solves one puzzle on the
game page's board by clicking (verdict, the judge's explanation in points, the rating's change),
goes on to the next by the keyboard and fails it (the solution then marked on the board); no
English left, no accessibility or content-policy finding."""

import os

import pytest
from django.conf import settings
from playwright.sync_api import expect

from tests.e2e.page_checks import problems_on, untranslated, watch
from tests.e2e.play_by_clicking import sign_up
from tests.puzzles.conftest import stored_puzzle
from tests.support.threads import off_the_browser_thread

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(120)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}
SHOTS = os.environ.get("PUZZLE_SCREENSHOTS")  # a folder: screenshots to look at, when set


def shoot(page, name):
    if SHOTS:
        for size_name, size in (("phone", PHONE), ("desktop", DESKTOP)):
            page.set_viewport_size(size)
            page.screenshot(path=os.path.join(SHOTS, f"{name}-{size_name}.png"), full_page=True)
        page.set_viewport_size(PHONE)


def two_puzzles():
    from puzzles.models import Puzzle

    Puzzle.objects.all().delete()
    first = stored_puzzle()
    return first.pk, stored_puzzle(key_suffix="second00").pk


def take(page, source, colour, target):
    """A move by clicking, as on the game page: the group in the market, then the lit target."""
    page.locator(f".market [data-pick][data-source='{source}'][data-colour='{colour}']").click()
    page.locator(f".pboard[data-player='0'] {target}").click()


def test_solve_one_puzzle_and_fail_the_next_on_a_phone_in_french(live_daphne, contexts):
    base = live_daphne.url
    page = watch(contexts(PHONE))
    page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": "fr", "url": base}])
    sign_up(page, base, "solveur")
    first, second = off_the_browser_thread(two_puzzles)

    page.goto(f"{base}/puzzles/{first}/")
    expect(page.get_by_test_id("puzzle-task")).to_contain_text("meilleur")
    shoot(page, "puzzle-fr")
    take(page, 0, "black", "[data-target=line][data-line='4']")
    verdict = page.get_by_test_id("puzzle-verdict")
    expect(verdict).to_have_attribute("data-solved", "true")
    expect(page.get_by_test_id("puzzle-explanation")).to_contain_text("−6")  # the alternative's floor
    expect(page.get_by_test_id("puzzle-rating-change")).to_contain_text("+")
    assert problems_on(page) == []
    assert untranslated(page) == []
    shoot(page, "puzzle-solved-fr")

    # By the keyboard: N opens the next puzzle (the focus is on its button), Enter picks.
    expect(page.get_by_test_id("puzzle-next")).to_be_focused()
    page.keyboard.press("n")
    expect(page.get_by_test_id("puzzle-verdict")).to_have_count(0)
    expect(page.locator(".puzzle-panel")).to_contain_text(str(second))
    page.locator(".market [data-pick][data-source='1'][data-colour='red']").focus()
    page.keyboard.press("Enter")
    page.locator(".pboard[data-player='0'] [data-target=floor]").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("puzzle-verdict")).to_have_attribute("data-solved", "false")
    expect(page.get_by_test_id("puzzle-rating-change")).to_contain_text("−")
    # The solution is marked on the board, as the replay marks the best move: the black group (N, noir).
    expect(page.locator(".market .is-hinted").first).to_have_text("N")
    assert problems_on(page) == []
    assert untranslated(page) == []
    shoot(page, "puzzle-failed-fr")
