"""The site crawl's checks of a page in Chromium (tests/e2e/test_accessibility.py is the crawl):
axe-core's serious and critical findings, and what the page's Content-Security-Policy blocked
(securitypolicyviolation events and console messages), both at one visit; and the named URLs
the crawl must cover."""

from urllib.parse import urlsplit

from axe_playwright_python.sync_playwright import Axe
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, resolve
from playwright.sync_api import Page

AXE = Axe()
SEVERE = {"serious", "critical"}

# Chromium reports violations as events on the document; this runs before any page script.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
});
"""
# The violations recorded so far, once every task queued before this one has run (an event is
# dispatched in a task of its own): each is reported once.
TAKE_VIOLATIONS = """() => new Promise((done) => setTimeout(
  () => done(window.__cspViolations ? window.__cspViolations.splice(0) : ["(not recorded)"]), 0))"""

_CONSOLE: dict = {}  # page -> its console messages not yet read
VISITED: set[str] = set()  # the URL names of the pages checked in this process

# Named URLs that no step of this crawl visits, and why (the sweep leaves them too). A new one
# with parameters fails the crawl until it is visited or listed here.
ELSEWHERE = {
    "accounts:password_reset_confirm": "the crawl's account pages test (a real reset link)",
    "learn:index": "tests/learn/test_learn_browser.py (phone and laptop sizes)",
    "learn:rules": "tests/learn/test_learn_browser.py (every ruleset, phone and laptop sizes)",
    "learn:tutorial": "tests/learn/test_learn_browser.py (both tutorials, mid-move and finished)",
    "games:game": "redirects to its table or replay, both crawled",
    "leagues:invite": "an invite link: redirects to the league's page, crawled",
}
ACTIONS = {  # POST only: forms' targets, not pages
    "leagues:accept-invitation", "leagues:decline-invitation", "leagues:join", "leagues:leave",
    "leagues:invite-player", "leagues:revoke-invitation", "leagues:reset-invite-link",
    "leagues:revoke-invite-link", "leagues:remove-player", "leagues:make-organiser",
    "leagues:season-dates", "leagues:start-season", "leagues:close-season", "leagues:withdraw",
    "leagues:override", "leagues:extend", "social:unmute", "social:follow", "social:unfollow",
    "notifications:inbox-read", "notifications:inbox-open",
}
NOT_CRAWLED = ("api/", "admin/")  # JSON (the API docs page is crawled), Django's staff admin


def named_routes() -> dict[str, tuple[str, bool]]:
    """{URL name: (route, has parameters)} of every named URL outside NOT_CRAWLED."""
    found = {}

    def walk(patterns, prefix, namespace, parameters):
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            params = parameters or bool(pattern.pattern.regex.groups)
            if isinstance(pattern, URLResolver):
                inner = ":".join(filter(None, (namespace, pattern.namespace)))
                walk(pattern.url_patterns, route, inner, params)
            elif isinstance(pattern, URLPattern) and pattern.name:
                name = f"{namespace}:{pattern.name}" if namespace else pattern.name
                if not route.startswith(NOT_CRAWLED):
                    found.setdefault(name, (route, params))

    walk(get_resolver().url_patterns, "", "", False)
    return found


def watch(page: Page) -> Page:
    """`page` records what the policy blocks, from now on (once per page). Call it before the
    page's first navigation: a document loaded before records only what comes after."""
    if page not in _CONSOLE:
        _CONSOLE[page] = []
        page.add_init_script(RECORD_VIOLATIONS)
        page.on("console", lambda message: _CONSOLE[page].append(message.text))
        if page.url != "about:blank":
            page.evaluate(f"() => {{ {RECORD_VIOLATIONS} }}")
    return page


def csp_violations(page: Page) -> list[str]:
    recorded = page.evaluate(TAKE_VIOLATIONS)
    console = [text for text in _CONSOLE[page] if "Content Security Policy" in text]
    _CONSOLE[page].clear()
    return recorded + console


def severe_violations(page: Page) -> list[str]:
    results = AXE.run(page)
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in SEVERE:
            targets = [node["target"] for node in violation["nodes"]][:12]
            found.append(f"{violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
    return found


def problems_on(page: Page) -> list[str]:
    """Both checks of the page as it is now: what its policy blocked since the last look, then
    axe's serious and critical findings (after: axe's own script is not the page's)."""
    watch(page)
    return [f"CSP: {violation}" for violation in csp_violations(page)] + severe_violations(page)


def check(page: Page, url: str | None, failures: dict, name: str | None = None) -> None:
    """Go to `url` (None: the page as it is) and record its problems under `name` or `url`."""
    watch(page)
    if url is not None:
        response = page.goto(url)
        page.wait_for_load_state("networkidle")
        if response.status not in (404, 500):  # under DEBUG, Django's own pages go without
            assert "script-src 'self'" in response.headers["content-security-policy"], url
        assert page.title(), f"{url} did not render"
    try:
        VISITED.add(resolve(urlsplit(page.url).path).view_name)
    except Resolver404:
        pass  # the 404 page
    problems = problems_on(page)
    if problems:
        failures[name or url or page.url] = problems


def sweep(page: Page, base: str, failures: dict) -> None:
    """Every named URL without parameters that no step visited: crawled if it answers with a
    page; a redirect, a POST-only target or a download is not one; anything else fails."""
    for name, (route, parameters) in named_routes().items():
        if parameters or name in VISITED or name in ELSEWHERE:
            continue
        response = page.request.get(f"{base}/{route}", max_redirects=0)
        kind = response.headers.get("content-type", "")
        if response.status == 200 and kind.startswith("text/html"):
            check(page, f"{base}/{route}", failures, f"/{route} (found by its name, {name})")
        elif response.status in (204, 301, 302, 303, 405) or response.ok:
            VISITED.add(name)  # not a page: nothing to look at
        else:
            failures[f"/{route} ({name})"] = [f"GET answered {response.status}"]
