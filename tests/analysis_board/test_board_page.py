"""The analysis board in a browser, on a phone: opened from a finished game's replay, a line with a
move for each seat played on the game page's board, a comment, the shareable link opened in a fresh
browser (same line, same comment), the judge's evaluation, and the comment shown in the replay.
In English and in French."""

import json
import os

import pytest
from django.conf import settings
from playwright.sync_api import expect

from tests.analysis.factories import played_game
from tests.e2e.page_checks import problems_on, untranslated, watch
from tests.e2e.play_by_clicking import sign_up
from tests.support.threads import off_the_browser_thread

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(240)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}
SHOTS = os.environ.get("BOARD_SCREENSHOTS")  # a folder: screenshots to look at, when set
COMMENTS = {"en": "A quiet line: both floors stay empty.", "fr": "Une ligne calme : les planchers restent vides."}


def shoot(page, name):
    if SHOTS:
        page.evaluate("window.scrollTo(0, 0)")  # the sticky status bar in its place at the top
        for size_name, size in (("phone", PHONE), ("desktop", DESKTOP)):
            page.set_viewport_size(size)
            page.screenshot(path=os.path.join(SHOTS, f"{name}-{size_name}.png"), full_page=True)
        page.set_viewport_size(PHONE)


def in_language(page, base, language):
    page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base}])


def finished_game(username):
    from django.contrib.auth import get_user_model

    users = get_user_model().objects
    rival = users.create_user(username=f"rival_{username}", password=None)
    return played_game([users.get(username=username), rival], seed=12)


def play_on_the_board(page):
    """One move for the player to move, by clicking as on the game page: a lit group, a lit target."""
    nodes = page.get_by_test_id("board-node").count()
    page.locator(".market [data-pick]").first.click()
    # The engine's previews, as on the game page: what each lit target would score.
    expect(page.locator("[data-player] [data-preview]").first).to_be_visible()
    page.locator("[data-player] [data-target]").first.click()
    expect(page.get_by_test_id("board-node")).to_have_count(nodes + 1)


def line_texts(page):
    return page.locator(".log__entry .log__what").all_inner_texts()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_explore_comment_and_share_a_line_from_a_replay_on_a_phone(live_daphne, contexts, language):
    base = live_daphne.url
    page = watch(contexts(PHONE))  # axe and the content-security policy: problems_on below
    in_language(page, base, language)
    username = f"analyst_{language}"
    sign_up(page, base, username)
    game = off_the_browser_thread(finished_game, username)

    page.goto(f"{base}/games/{game.pk}/replay#move=4")
    page.get_by_test_id("replay-open-board").click()
    page.wait_for_url(f"{base}/boards/**")
    expect(page.locator(".game [data-pick]").first).to_be_visible()
    first_mover = page.locator(".pboard--current").get_attribute("data-player")
    play_on_the_board(page)
    # The other seat moves now: its board is the one lit.
    expect(page.locator(".pboard--current")).not_to_have_attribute("data-player", first_mover)
    play_on_the_board(page)
    expect(page.locator(".log__entry")).to_have_count(2)
    page.get_by_test_id("board-comment").fill(COMMENTS[language])
    page.get_by_test_id("board-comment-save").click()
    expect(page.get_by_test_id("board-node-comment")).to_have_text(COMMENTS[language])
    expect(page.get_by_test_id("board-saved")).to_have_attribute("data-state", "saved")
    page.get_by_test_id("board-evaluate").click()
    expect(page.get_by_test_id("board-expected").locator("li")).to_have_count(2, timeout=30_000)
    expect(page.get_by_test_id("board-line").locator("li").first).to_be_visible()
    line = line_texts(page)
    link = page.get_by_test_id("board-link").input_value()
    assert "#node=2" in link
    assert problems_on(page) == []
    if language == "fr":
        assert untranslated(page) == []
    shoot(page, f"board-{language}")

    # Whoever has the link: a fresh browser, signed out, sees the same line and comment.
    stranger = watch(contexts(PHONE))
    in_language(stranger, base, language)
    stranger.goto(link)
    expect(stranger.locator(".log__entry")).to_have_count(2)
    assert line_texts(stranger) == line
    expect(stranger.get_by_test_id("board-comment-text")).to_have_text(COMMENTS[language])
    expect(stranger.locator("[data-testid=board-node][aria-current=true]")).to_have_attribute("data-depth", "2")
    expect(stranger.get_by_test_id("board-not-mine")).to_be_visible()
    assert problems_on(stranger) == []

    # The game's own moves, commented: the replay shows that comment at its move.
    page.get_by_test_id("board-root").click()
    for _ in range(2):
        page.get_by_test_id("board-game-move").click()
        expect(page.locator(".log__entry")).to_have_count(_ + 1)
    page.get_by_test_id("board-comment").fill(f"{COMMENTS[language]} (2)")
    page.get_by_test_id("board-comment-save").click()
    expect(page.get_by_test_id("board-node-comment")).to_have_count(2)
    expect(page.get_by_test_id("board-saved")).to_have_attribute("data-state", "saved")
    page.goto(f"{base}/games/{game.pk}/replay#move=6")
    expect(page.get_by_test_id("replay-comment")).to_have_text(f"{COMMENTS[language]} (2)")
    page.get_by_test_id("replay-back").click()
    expect(page.get_by_test_id("replay-position")).to_have_attribute("data-step", "5")
    expect(page.get_by_test_id("replay-open-board")).to_be_visible()
    expect(page.get_by_test_id("replay-comment")).to_have_count(0)


def test_a_pasted_record_opens_on_a_new_board(live_daphne, contexts):
    from games import replays, selectors

    base = live_daphne.url
    page = watch(contexts(DESKTOP))
    sign_up(page, base, "paster")
    game = off_the_browser_thread(finished_game, "paster")
    record = off_the_browser_thread(lambda: replays.export_record(selectors.get_game(game.pk)))
    page.goto(f"{base}/boards/")
    page.get_by_test_id("board-record").fill("{not json")
    page.get_by_role("button", name="Open on the board").click()
    expect(page.get_by_test_id("board-paste-error")).to_be_visible()
    page.get_by_test_id("board-record").fill(json.dumps(record))
    page.get_by_test_id("board-at").fill("9")
    page.get_by_role("button", name="Open on the board").click()
    page.wait_for_url(f"{base}/boards/*/")
    expect(page.get_by_test_id("board-game-move")).to_be_visible()
    expect(page.locator(".status [data-version]")).to_have_attribute("data-version", "9")
    assert problems_on(page) == []
