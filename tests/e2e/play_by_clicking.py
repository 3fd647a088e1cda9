"""Drive the live-play pages like a person: sign up, open tables, click tiles and targets.

The helpers read only what the page shows (data attributes on the drawn board), never the API,
so a test built on them fails when the page stops offering a legal move. (Except
`finish_through_the_services`, which ends a game server-side once a test's clicking is done.)
"""

import random
import time

from django.conf import settings
from django.test import Client
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.support.threads import off_the_browser_thread

PASSWORD = "correct-horse-battery-9"
GAME = "[data-game]"


def sign_up(page: Page, base_url: str, username: str, display_name: str = "", *, through_the_form=False) -> None:
    """A new account, signed in on `page`, which then shows the lobby, as the sign-up form leaves it.

    Registered through the accounts service and signed in with a session cookie: the form costs
    two page loads a person, and 111 people sign up in the browser tests. `through_the_form`: by
    the form, as a person does (its own tests: test_account_journey.py, test_two_factor.py; and
    the embedded-default run of .ci/run, which counts sign-ups against a live server's budget).
    """
    if through_the_form:
        page.goto(f"{base_url}/accounts/signup/")
        page.fill("#id_username", username)
        if display_name:
            page.fill("#id_display_name", display_name)
        page.fill("#id_password1", PASSWORD)
        page.fill("#id_password2", PASSWORD)
        page.click("form button[type=submit]")
    else:
        chosen = {c["name"]: c["value"] for c in page.context.cookies(base_url)}.get(settings.LANGUAGE_COOKIE_NAME)
        session = off_the_browser_thread(_registered_session, username, display_name, chosen)
        page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": base_url}])
        page.goto(f"{base_url}/lobby/")
    expect(page.get_by_test_id("nav-profile")).to_be_visible()


def _registered_session(username: str, display_name: str, language: str | None) -> str:
    """What the sign-up form does (accounts.views.signup), less the page: the account, its
    language if one was chosen before, and the key of a signed-in session."""
    from accounts import services

    user = services.register_user(username, PASSWORD, display_name=display_name)
    if language in dict(settings.LANGUAGES):
        services.set_language(user, language)
    client = Client()
    client.force_login(user, backend="accounts.backends.HumanOnlyBackend")
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def open_table(page: Page, base_url: str, *, players=2, variant="standard", clock="none", rated=False, bots=None):
    """Fill the lobby's form; returns the new table's id once its page is shown."""
    page.goto(f"{base_url}/lobby/")
    page.check(f"input[name=players][value='{players}']")
    page.check(f"input[name=variant][value='{variant}']")
    page.check(f"input[name=clock_kind][value='{clock}']")
    if rated:
        page.check("input[name=rated]")
    for seat, level in (bots or {}).items():
        page.select_option(f"select[name=seat_{seat}]", level)
    page.click("[data-action=create]")
    page.wait_for_url("**/tables/*/")
    expect(page.locator("[data-waiting-room]")).to_be_visible()
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def join_and_start(host: Page, guest: Page, base_url: str, table_id: int, guest_name: str) -> None:
    """The guest joins the host's table for two from its page (a shared link) rather than from the
    lobby; the host starts the game once the guest's name shows in the second seat."""
    guest.goto(f"{base_url}/tables/{table_id}/")
    guest.click("[data-seat='1'] [data-action=join]")
    expect(host.locator("[data-seat='1'] .seat__name")).to_have_text(guest_name)
    host.click("[data-action=start]")


# Every match's box, found and measured in one synchronous script. A redraw (a log arriving, a
# bot's move) may replace the elements between two steps, and eval_on_selector_all is two steps
# (it resolves the elements, then evaluates): it measured a detached element as 0×0 at (0, 0).
BOXES = "(selector) => Array.from(document.querySelectorAll(selector), (e) => e.getBoundingClientRect().toJSON())"


def boxes(page: Page, *selectors: str) -> list[dict] | list[list[dict]]:
    """The boxes of a selector's matches; for several selectors, one list each, read together."""
    if len(selectors) == 1:
        return page.evaluate(BOXES, selectors[0])
    return page.evaluate(f"(selectors) => selectors.map({BOXES})", list(selectors))


def version_of(page: Page) -> int:
    value = page.get_attribute(GAME, "data-version")
    return int(value) if value is not None else -1


def is_over(page: Page) -> bool:
    return page.locator("[data-endscreen]").count() > 0


def my_turn(page: Page) -> bool:
    return page.get_attribute(GAME, "data-my-turn") == "true"


def wait_for_my_turn_or_end(page: Page, timeout: float = 20.0, *, after_scoring=False) -> bool:
    """True when it is this page's player's turn (``after_scoring``: and no round-end scoring is
    being shown), False once the game is over. Waited for inside the page: polling from here
    costs two driver round trips every few milliseconds, which a loaded machine feels."""
    mine = f"{GAME}[data-my-turn=true]"
    if after_scoring:
        mine += ":not(:has([data-scoring-sequence]))"
    try:
        page.wait_for_selector(f"{mine}, [data-endscreen]", state="attached", timeout=timeout * 1000)
    except PlaywrightTimeoutError:
        raise AssertionError(f"no turn within {timeout}s at version {version_of(page)}") from None
    return not is_over(page)


def play_one_move(page: Page, rng: random.Random) -> None:
    """Click a legal move: a tile group then a lit target, or a lit wall column (gray wall tiling).

    Prefers pattern lines over the floor so that games end in a reasonable number of moves.
    """
    columns = page.locator("[data-target=column]")
    if columns.count():
        columns.nth(rng.randrange(columns.count())).click()
        confirm_if_asked(page)
        return
    picks = page.locator("[data-pick]")
    targets = page.locator("[data-target=line], [data-target=floor]")
    # The pick lights its targets. On a loaded machine the redraw may come a moment after the click
    # returns, or an event's redraw may land between reading the picks and clicking one: wait for
    # the targets, and pick again if none came (as a person clicks again).
    for _attempt in range(3):
        picks.nth(rng.randrange(picks.count())).click()
        try:
            targets.first.wait_for(state="visible", timeout=4000)
            break
        except PlaywrightTimeoutError:
            continue
    lines = page.locator("[data-target=line]")
    if lines.count():
        lines.nth(rng.randrange(lines.count())).click()
    else:
        page.locator("[data-target=floor]").click()
    confirm_if_asked(page)


def confirm_if_asked(page: Page) -> None:
    """New accounts confirm their moves in casual games: the move waits for Confirm."""
    confirm = page.locator("[data-confirm]")
    if confirm.count():
        confirm.click()


def wait_for_turn_or_end(pages: list[Page], timeout: float = 15.0) -> Page | None:
    """The page whose player must move now, or None once every page shows the end screen."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(is_over(page) for page in pages):
            return None
        for page in pages:
            if my_turn(page):
                return page
        time.sleep(0.03)
    raise AssertionError(f"nobody could move within {timeout}s; versions {[version_of(p) for p in pages]}")


def finish_through_the_services(game, rng: random.Random, timeout: float = 60.0) -> None:
    """Play a game (either ruleset) to its end through the services, each move a random legal
    one as the seat's controller (a bot's own turn may come first: the move is then stale, and
    the game is read again). For tests whose clicking part is done: whole games by clicking are
    other tests'. On a thread of its own, since the services broadcast with async_to_sync,
    which refuses to run in the test's thread, where Playwright's event loop runs."""
    from games import services
    from games.models import Game
    from kernel.errors import DomainError
    from tests.support.games import controller_to_move, fresh, moves_of

    def play():
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            current = fresh(game)
            if current.status != Game.Status.PLAYING:
                return
            # The moves of this very read: legal_moves(game) reads the game again, and a bot's
            # move in between could end it (an empty list; seen once in .ci/run).
            try:
                services.play_move(current.pk, controller_to_move(current),
                                   rng.choice(moves_of(current)), current.version)
            except DomainError:
                time.sleep(0.02)
        raise AssertionError(f"the game did not end within {timeout}s")

    off_the_browser_thread(play)


# Clicks a round's scoring sequence's Skip as soon as it is drawn, in every document the page loads
# from now on (an init script: a reload keeps it). For tests that wait through a round's end and
# are not about its sequence (test_board_play's first test is). A script's click, not the mouse's:
# the focus stays where the page puts it, and the sequence ends by the same path as when it has
# played to its end.
SKIP_SCORING = """new MutationObserver(() => document.querySelector("[data-skip]")?.click())
  .observe(document, { childList: true, subtree: true })"""


def skip_scoring_sequences(page: Page) -> None:
    page.add_init_script(SKIP_SCORING)
