"""Every page is served with a Content-Security-Policy that allows no inline script or style,
and every page passes it: Chromium reports no violation (securitypolicyviolation events and
console messages) on any page, logged out or logged in, games and API docs included."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.test import Client

from games import services as games
from leagues import services as leagues


@pytest.mark.django_db
def test_pages_carry_a_policy_without_inline_script_or_style(client):
    policy = client.get("/")["Content-Security-Policy"]

    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


# Chromium reports violations as events on the document; this runs before any page script.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
});
"""


def _session_cookie(user, base_url):
    client = Client()
    client.force_login(user)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base_url}


def _world(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    open_table = games.create_table(alice, players=2)
    table = games.create_table(alice, players=2)
    games.join_table(table.pk, bob)
    game = games.start_table(table.pk, alice)
    finished = games.create_table(alice, players=2)
    games.join_table(finished.pk, bob)
    done = games.start_table(finished.pk, alice)
    games.resign(done.pk, bob)
    league = leagues.create_league(alice, name="Spring league")
    return alice, {
        "home": "/",
        "lobby": "/lobby/",
        "open table": f"/tables/{open_table.pk}/",
        "table in play": f"/tables/{game.table_id}/",
        "replay": f"/games/{done.pk}/replay",
        "profile": "/u/alice/",
        "leaderboards": "/leaderboard/",
        "leaderboard": "/leaderboard/classic-2p/",
        "leagues": "/leagues/",
        "league": f"/leagues/{league.pk}/",
        "standings": f"/leagues/{league.pk}/seasons/1/",
        "new league": "/leagues/new/",
        "settings": "/accounts/settings/",
        "API docs": "/api/docs/",
    }


def _world_in_thread(make_user):
    try:
        return _world(make_user)
    finally:
        connection.close()


def _violations_on(page, url):
    console = []
    page.on("console", lambda message: console.append(message.text))
    response = page.goto(url, wait_until="networkidle")
    assert "script-src 'self'" in response.headers["content-security-policy"], url
    page.wait_for_timeout(200)  # events fired by late scripts and styles
    recorded = page.evaluate("window.__cspViolations")
    return recorded + [text for text in console if "Content Security Policy" in text]


@pytest.mark.requires("browser")
def test_no_page_violates_the_policy(browser, live_daphne, make_user):
    # Off Playwright's thread: the services' broadcasts after commit use async_to_sync.
    with ThreadPoolExecutor(1) as pool:
        alice, pages = pool.submit(_world_in_thread, make_user).result()
    anonymous = {"login": "/accounts/login/", "signup": "/accounts/signup/",
                 "password reset": "/accounts/password/reset/", "home": "/",
                 "lobby": "/lobby/", "API docs": "/api/docs/"}  # fmt: skip
    found = {}
    for logged_in, visits in ((False, anonymous), (True, pages)):
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        context.set_default_timeout(15_000)
        context.add_init_script(RECORD_VIOLATIONS)
        if logged_in:
            context.add_cookies([_session_cookie(alice, live_daphne.url)])
        try:
            for name, path in visits.items():
                page = context.new_page()
                violations = _violations_on(page, f"{live_daphne.url}{path}")
                assert page.title(), f"{name} did not render"
                if violations:
                    found[f"{name} ({'logged in' if logged_in else 'anonymous'})"] = violations
                page.close()
        finally:
            context.close()

    assert found == {}
