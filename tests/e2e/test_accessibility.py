"""One crawl of every page of the site in Chromium, with two checks at each place it stops:
axe-core (axe-playwright-python) finds no serious or critical violation, and the page breaks
no rule of its Content-Security-Policy (Chromium's securitypolicyviolation events and console
messages; the policy itself: tests/api/test_content_security_policy.py). One visit, both
checks: the two crawls that checked them apart visited every page twice.

Every page a person can reach is visited as a signed-in player (and the public ones anonymously
too): home, lobby, account pages, profile, settings, leaderboards, leagues (index, new, detail,
standings, fixtures), a waiting room, a classic game mid-move with a group selected (lit lines,
previews), a move waiting for Confirm, a Duel game, both end screens and a replay (with its analysis); then the
account pages after a reset link, the logout confirmation and the API docs. Contrast is checked in
the hovered and focused states of the buttons (on the boards at your move, on the end screens),
and, measured here since axe leaves them out, of disabled and pressed controls.

Then the signed-in pages again, and both end screens, at 390×844 and 1366×768 in English and
French (page_checks.every_size_and_language): no horizontal overflow, no text outside its card,
no visible string the catalogue translates left in English, every player's rounds on the end
screen.

New pages join by themselves: every named URL without parameters that no step visited is
fetched, and crawled if it answers with a page (`sweep`). A new URL with parameters fails the
crawl (`test_every_page...`) until a step visits it or a table of page_checks.py says why not.
"""

import time

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games.models import Game
from notifications import inbox
from tests.support.threads import off_the_browser_thread

from .page_checks import (
    ACTIONS,
    CHECKED,
    ELSEWHERE,
    VISITED,
    check,
    every_size_and_language,
    named_routes,
    sweep,
    watch,
)
from .play_by_clicking import GAME, sign_up
from .test_board_play import open_bot_game, wait_for_my_turn

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(300)]


CONTRAST = ("color-contrast",)


def hover_every_button(page: Page, failures: dict, name: str) -> None:
    """Buttons keep 4.5:1 when hovered and focused (axe reads the state the page is in; only its
    contrast rule: the whole page was checked as it was before, and a hover changes colours)."""
    buttons = page.locator("main .button:visible")
    for k in range(min(buttons.count(), 12)):
        button = buttons.nth(k)
        button.hover()
        check(page, None, failures, f"{name}, hovering button {k}", rules=CONTRAST)
        button.focus()
        check(page, None, failures, f"{name}, focus on button {k}", rules=CONTRAST)


# The contrast of each matching element's text with what is behind it, composited the way the page
# draws it (backgrounds with alpha, the element's opacity): axe leaves disabled controls out.
CONTRASTS = """(elements) => {
  const parse = (c) => {
    const m = c.match(/[\\d.]+/g).map(Number);
    return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1];
  };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
  const behind = (element) => {
    const layers = [];
    for (let e = element; e; e = e.parentElement) layers.push(parse(getComputedStyle(e).backgroundColor));
    return layers.reverse().reduce((under, top) => over(top, under), [255, 255, 255, 1]);
  };
  const lum = (c) => {
    const linear = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    const [r, g, b] = c.slice(0, 3).map(linear);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  return elements.filter((e) => e.offsetParent !== null && e.textContent.trim()).map((e) => {
    let bg = behind(e);
    let fg = over(parse(getComputedStyle(e).color), bg);
    const opacity = Number(getComputedStyle(e).opacity);
    if (opacity < 1 && e.parentElement) {
      const back = behind(e.parentElement);
      bg = over([...bg.slice(0, 3), opacity], back);
      fg = over([...fg.slice(0, 3), opacity], back);
    }
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    return [e.outerHTML.slice(0, 80), (a + 0.05) / (b + 0.05)];
  });
}"""


def check_contrast(page: Page, selector: str, failures: dict, name: str) -> int:
    """4.5:1 for every matching control in the state it is in now; the number checked."""
    measured = page.eval_on_selector_all(selector, CONTRASTS)
    low = [f"{html} at {ratio:.2f}:1" for html, ratio in measured if ratio < 4.5]
    if low:
        failures[name] = low
    return len(measured)


def resign(page: Page) -> None:
    """End the game from the page (the end screen is what is checked next)."""
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Resign").click()
    expect(page.locator("[data-endscreen]")).to_be_visible()


def check_tournament_pages(page: Page, base: str, organiser, failures: dict) -> None:
    """The list with a tournament of each state, the creation form with a refusal on a field,
    and a tournament's page before its start, running (standings, pairings, the organiser's
    panel and log) and finished; the organiser does not play, so no game opens under the crawl.
    Its one game ends before the pages are seen again at every size and language (a live game
    would be featured on the home page)."""
    from games import services as game_services
    from tests.support.tournaments import game_of, new_tournament, playing, seated_users
    from tournaments import services as tournaments

    users = get_user_model().objects
    players = [users.create_user(name, password=None) for name in ("axe-ann", "axe-bob", "axe-cy")]
    upcoming = off_the_browser_thread(new_tournament, organiser, name="Axe arena", format="arena",
                                      password="sesame")
    running = off_the_browser_thread(new_tournament, organiser, name="Axe swiss", rounds=1)
    for player in players:
        off_the_browser_thread(tournaments.join, running.pk, player)
    check(page, f"{base}/tournaments/{running.pk}/", failures, "tournament before its start")
    off_the_browser_thread(tournaments.start_tournament, running.pk, by_user=organiser)
    check(page, f"{base}/tournaments/{running.pk}/", failures)
    pairing = playing(running)[0]
    off_the_browser_thread(game_services.resign, game_of(pairing).pk, seated_users(pairing)[0])
    check(page, f"{base}/tournaments/{running.pk}/", failures, "tournament finished")
    check(page, f"{base}/tournaments/{upcoming.pk}/", failures)
    check(page, f"{base}/tournaments/", failures)
    page.goto(f"{base}/tournaments/new/")
    page.fill("#id_name", "Axe knockout")
    page.select_option("#id_format", "knockout")
    page.fill("#id_starts_at", "2001-01-01T10:00")  # refused by the service, on its field
    page.locator("[data-testid=tournament-form] [data-testid=create]").click()
    expect(page.get_by_test_id("error-starts_at")).to_be_visible()
    check(page, None, failures, "tournament form with a refusal")


@pytest.mark.timeout(480)  # the crawl, then its pages at two sizes in two languages (about 65 s)
@pytest.mark.long  # starts first: tests/conftest.py
def test_every_page_has_no_serious_or_critical_violation(live_daphne, page, browser):
    from leagues import services as leagues

    base = live_daphne.url
    failures: dict = {}
    anonymous = watch(browser.new_context().new_page())
    for path in ("/", "/lobby/", "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/",
                 "/leaderboard/", "/leagues/", "/api/docs/", "/no-such-page/"):
        check(anonymous, f"{base}{path}", failures)
    anonymous.context.close()

    sign_up(watch(page), base, "checker")

    me = get_user_model().objects.get(username="checker")
    league = leagues.create_league(me, name="Axe league")
    off_the_browser_thread(inbox.notify, me.pk, "league_invitation",  # an unread inbox line
                           {"by": "someone", "league": "Axe league"}, "/leagues/invitations/")
    for path in ("/", "/lobby/", "/u/checker/", "/accounts/settings/", "/accounts/password/change/",
                 "/leaderboard/", "/leaderboard/classic-2p/", "/leagues/", "/leagues/new/",
                 f"/leagues/{league.pk}/", f"/leagues/{league.pk}/seasons/1/",
                 f"/leagues/{league.pk}/seasons/1/fixtures/", "/your-turn/",
                 "/notifications/settings/", "/notifications/", "/offline/en/", "/offline/fr/",
                 "/no-such-page/"):
        check(page, f"{base}{path}", failures)
    from notifications.services import unsubscribe_token

    check(page, f"{base}/notifications/unsubscribe/{unsubscribe_token(me.pk, 'your_turn')}/",
          failures, "unsubscribe")
    check(page, f"{base}/notifications/unsubscribe/forged/", failures, "unsubscribe, bad token")
    check_tournament_pages(page, base, me, failures)
    check(page, f"{base}/accounts/email/confirm/forged/", failures, "e-mail confirmation, bad link")
    hover_every_button(page, failures, "lobby")

    # A classic game: the board, a selection with its previews, a move waiting for Confirm.
    game = open_bot_game(page, base)
    assert wait_for_my_turn(page)
    check(page, None, failures, "classic board")
    hover_every_button(page, failures, "classic board, your move")
    page.locator("[data-pick]").first.click()
    check(page, None, failures, "classic board, group selected")
    assert check_contrast(page, "[aria-pressed=true] .tile__letter, [aria-pressed=true]", failures, "pressed") >= 1
    page.locator(".pboard--me [data-target]").first.click()
    expect(page.locator("[data-proposal]")).to_be_visible()
    check(page, None, failures, "classic board, move waiting for Confirm")
    hover_every_button(page, failures, "classic board")
    page.keyboard.press("Escape")
    resign(page)
    expect(page.get_by_test_id("rematch-offer")).to_be_visible()
    check(page, None, failures, "classic end screen")
    hover_every_button(page, failures, "classic end screen")
    check(page, f"{base}/games/{game.pk}/replay", failures)
    # At the start of a replay its first two controls are disabled (axe skips disabled controls).
    assert check_contrast(page, "button:disabled", failures, "replay at the start, disabled controls") >= 2
    page.keyboard.press("End")
    check(page, None, failures, "replay at the end")
    expect(page.locator("[data-spectating]")).to_have_count(0)  # a replay is nobody's live view
    # The replay's analysis: requested, finished, shown with its graph, verdict and summary.
    page.get_by_test_id("request-analysis").click()
    expect(page.locator("[data-analysis=done]")).to_be_visible(timeout=60_000)
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    check(page, None, failures, "replay with its analysis")
    if page.get_by_test_id("show-best").count():
        page.get_by_test_id("show-best").click()
        check(page, None, failures, "replay with the best move shown")

    # An Azul Duel game and its end screen.
    page.goto(f"{base}/lobby/")
    page.check("input[name=ruleset][value='duel']")
    page.select_option("select[name=seat_1]", "random")
    page.click("[data-action=create]")
    page.wait_for_url("**/tables/*/")
    check(page, None, failures, "waiting room")
    table_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    page.click("[data-action=start]")
    expect(page.locator(f"{GAME}[data-ruleset=duel]")).to_be_visible()
    check(page, None, failures, "duel board")
    hover_every_button(page, failures, "duel board")
    duel = Game.objects.get(table_id=table_id)
    resign(page)
    check(page, None, failures, "duel end screen")
    hover_every_button(page, failures, "duel end screen")
    # The Duel end screen's fairness block names the commitment, the seed and the salt; white is W.
    for part in ("commitment", "seed", "salt"):
        expect(page.locator(f"[data-endscreen] [data-fairness={part}]")).to_have_count(1)
    assert "T" not in page.locator(".tile--white .tile__letter").all_inner_texts()
    check(page, f"{base}/games/{duel.pk}/replay", failures)

    # Every other page without parameters, new ones included; then: no page left out.
    sweep(page, base, failures)
    unlisted = {name for name, (_route, parameters) in named_routes().items() if parameters}
    unlisted -= VISITED | ELSEWHERE.keys() | ACTIONS
    assert not unlisted, (
        f"pages with parameters no step visits (visit, or list in ELSEWHERE or ACTIONS): {sorted(unlisted)}"
    )

    # The signed-in pages again, at a phone's and a laptop's size, in English and in French; the
    # two finished tables show their end screens.
    def set_language(code):
        off_the_browser_thread(lambda: get_user_model().objects.filter(pk=me.pk).update(language=code))

    # Not the unknown page: under the test servers' DEBUG it is Django's technical page, never a
    # visitor's (the site's own is measured in production mode, tests/site/test_serving.py).
    urls = list(dict.fromkeys([*(url for url in CHECKED[page] if not url.endswith("/no-such-page/")),
                               f"{base}/tables/{game.table_id}/", f"{base}/tables/{table_id}/"]))
    started = time.monotonic()
    every_size_and_language(page, urls, set_language, failures)
    print(f"{len(urls)} pages at 2 sizes in 2 languages: {time.monotonic() - started:.0f} s")
    assert not failures, "\n".join(f"{where}: {problems}" for where, problems in failures.items())


def test_account_pages_and_the_api_docs_have_no_serious_or_critical_violation(live_daphne, page):
    """The password reset's later steps (sent, the link's new-password form, complete), the change's
    done page, the logout confirmation and the API docs (Swagger UI, vendored by the sidecar)."""
    from django.contrib.auth.tokens import default_token_generator
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    base = live_daphne.url
    failures: dict = {}
    sign_up(watch(page), base, "resetter")
    user = get_user_model().objects.get(username="resetter")
    for path in ("/accounts/logout/", "/accounts/password/change/done/", "/api/docs/"):
        check(page, f"{base}{path}", failures)
    expect(page.locator(".swagger-ui .info")).to_be_visible()
    check(page, None, failures, "/api/docs/ drawn")
    page.locator(".opblock-summary").first.click()
    check(page, None, failures, "/api/docs/ with an operation open")
    hover_every_button(page, failures, "logout")

    anonymous = watch(page.context.browser.new_context().new_page())
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    # The link's page redirects to the form under a session token (Django's own step).
    anonymous.goto(f"{base}/accounts/password/reset/{uid}/{token}/")
    expect(anonymous.locator("input[type=password]").first).to_be_visible()
    check(anonymous, None, failures, "password reset: new password form")
    for path in ("/accounts/password/reset/sent/", "/accounts/password/reset/complete/",
                 "/accounts/password/reset/MQ/not-a-token/", "/accounts/logout/"):
        check(anonymous, f"{base}{path}", failures)
    anonymous.context.close()

    assert not failures, "\n".join(f"{where}: {problems}" for where, problems in failures.items())


def test_the_social_parts_have_no_serious_or_critical_violation(live_daphne, page):
    """The chat panel with messages and their Mute/Report buttons (live, read-only, replay), the
    invite panel of a waiting room, the lobby's invitations, a profile's Follow button and the
    muted players in the settings (#15)."""

    from games import services as game_services
    from social import services as social
    from social.services import friends
    from tests.support.threads import off_the_browser_thread

    base = live_daphne.url
    failures: dict = {}
    sign_up(watch(page), base, "social-checker")
    users = get_user_model().objects
    me = users.get(username="social-checker")
    other = users.create_user(username="other-player", password=None)
    third = users.create_user(username="third-player", password=None)
    table = off_the_browser_thread(game_services.create_table, me, players=2)
    off_the_browser_thread(game_services.join_table, table.pk, other)
    game = off_the_browser_thread(game_services.start_table, table.pk, me)
    off_the_browser_thread(social.post_message, game.pk, other, "<b>hello</b> https://example.com")
    off_the_browser_thread(social.post_message, game.pk, me, "hi " + "long " * 50)
    off_the_browser_thread(social.post_message, game.pk, third, "from the rail")

    page.goto(f"{base}/tables/{table.pk}/")
    expect(page.locator("[data-testid=chat-text]")).to_have_count(2)
    check(page, None, failures, "game with chat")
    page.get_by_test_id("chat-input").focus()
    check(page, None, failures, "game with chat, input focused")
    page.locator("[data-report]").first.focus()
    check(page, None, failures, "game with chat, report focused")
    page.locator("[data-report]").first.click()
    expect(page.locator(".chat-actions").first).to_contain_text("Reported")
    check(page, None, failures, "game with chat, reported")
    page.locator("[data-mute]").first.click()
    expect(page.get_by_test_id("chat-notice")).to_contain_text("muted")
    check(page, None, failures, "game with chat, muted")
    check(page, f"{base}/accounts/settings/", failures, "settings with a muted player")
    check(page, f"{base}/u/third-player/", failures, "profile with Follow")
    page.get_by_test_id("follow").click()
    expect(page.get_by_test_id("unfollow")).to_be_visible()
    check(page, None, failures, "profile with Unfollow")

    off_the_browser_thread(game_services.resign, game.pk, other)
    check(page, f"{base}/games/{game.pk}/replay", failures, "replay with chat")
    expect(page.locator("[data-testid=chat-text]")).to_have_count(2)  # the muted one left out

    open_table = off_the_browser_thread(game_services.create_table, me, players=3)
    page.goto(f"{base}/tables/{open_table.pk}/")
    expect(page.locator("[data-friend=third-player]")).to_be_visible()
    check(page, None, failures, "waiting room with the invite panel")
    theirs = off_the_browser_thread(game_services.create_table, third, players=2)
    friends.follow(third, me.username)
    off_the_browser_thread(friends.invite, third, theirs.pk, me.username)
    page.goto(f"{base}/lobby/")
    expect(page.locator("[data-testid=invitations] [data-invitation]")).to_have_count(1)
    check(page, None, failures, "lobby with an invitation")
    for k, button in enumerate(page.locator("[data-invitation] .button").all()):
        button.hover()
        check(page, None, failures, f"lobby, hovering invitation button {k}")
        button.focus()
        check(page, None, failures, f"lobby, focus on invitation button {k}")

    assert not failures, "\n".join(f"{where}: {problems}" for where, problems in failures.items())


def test_the_crawl_sees_what_the_policy_blocks(live_daphne, page):
    """The crawl's policy check reports a blocked inline script, and axe's findings alongside."""
    failures: dict = {}
    check(page, f"{live_daphne.url}/accounts/login/", failures)
    assert failures == {}
    page.evaluate("""() => {
      const script = document.createElement("script");
      script.textContent = "document.title = 'injected'";
      document.body.append(script);
    }""")
    check(page, None, failures, "an inline script")
    assert page.title() != "injected"
    assert any(problem.startswith("CSP: script-src") for problem in failures["an inline script"])
