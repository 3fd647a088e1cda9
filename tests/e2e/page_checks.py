"""The site crawl's checks of a page in Chromium (tests/e2e/test_accessibility.py is the crawl):
axe-core's serious and critical findings, and what the page's Content-Security-Policy blocked
(securitypolicyviolation events and console messages), both at one visit; and the named URLs
the crawl must cover.

Then every page the crawl visited, again at a phone's and a laptop's size in English and French
(`every_size_and_language`): no horizontal overflow, no text outside its card, no visible English
string that the catalogue translates, and an end screen that shows every player's rounds. What
another change fixes is listed in KNOWN, with its defect number (issue #38)."""

import contextlib
import os
import re
from pathlib import Path
from urllib.parse import urlsplit

import polib
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, resolve
from playwright.sync_api import Page

from tests.support.browser import NEXT_FRAME, count_fetches, settled

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
CHECKED: dict = {}  # page -> the URLs it checked, in order

# Named URLs that no step of this crawl visits, and why (the sweep leaves them too). A new one
# with parameters fails the crawl until it is visited or listed here.
ELSEWHERE = {
    "accounts:password_reset_confirm": "the crawl's account pages test (a real reset link)",
    "learn:index": "tests/learn/test_learn_browser.py (phone and laptop sizes)",
    "learn:rules": "tests/learn/test_learn_browser.py (every ruleset, phone and laptop sizes)",
    "learn:tutorial": "tests/learn/test_learn_browser.py (both tutorials, mid-move and finished)",
    "games:game": "redirects to its table or replay, both crawled",
    "leagues:invite": "an invite link: redirects to the league's page, crawled",
    "games:analysis-board": "tests/analysis_board/test_board_page.py (axe and the policy, both languages)",
    "puzzles:puzzle": "tests/puzzles/test_puzzle_page.py (axe and the policy, a phone, French)",
}
ACTIONS = {  # POST only: forms' targets, not pages
    "leagues:accept-invitation", "leagues:decline-invitation", "leagues:join", "leagues:leave",
    "leagues:invite-player", "leagues:revoke-invitation", "leagues:reset-invite-link",
    "leagues:revoke-invite-link", "leagues:remove-player", "leagues:make-organiser",
    "leagues:season-dates", "leagues:start-season", "leagues:close-season", "leagues:withdraw",
    "leagues:override", "leagues:extend", "social:unmute", "social:follow", "social:unfollow",
    "notifications:inbox-read", "notifications:inbox-open",
    "tournaments:join", "tournaments:leave", "tournaments:berserk", "tournaments:start", "tournaments:pause",
    "tournaments:resume", "tournaments:cancel", "tournaments:remove-player",
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
        count_fetches(page)
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


def severe_violations(page: Page, rules=None) -> list[str]:
    options = {"resultTypes": ["violations"]}
    if rules:
        options["runOnly"] = {"type": "rule", "values": list(rules)}
    results = AXE.run(page, options=options)
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in SEVERE:
            targets = [node["target"] for node in violation["nodes"]][:12]
            found.append(f"{violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
    return found


def problems_on(page: Page, rules=None) -> list[str]:
    """Both checks of the page as it is now: what its policy blocked since the last look, then
    axe's serious and critical findings (after: axe's own script is not the page's)."""
    watch(page)
    return [f"CSP: {violation}" for violation in csp_violations(page)] + severe_violations(page, rules)


def check(page: Page, url: str | None, failures: dict, name: str | None = None, rules=None) -> None:
    """Go to `url` (None: the page as it is) and record its problems under `name` or `url`
    (axe's `rules` only, when given)."""
    watch(page)
    if url is not None:
        CHECKED.setdefault(page, []).append(url)
        response = page.goto(url)
        settled(page)
        if response.status not in (404, 500):  # under DEBUG, Django's own pages go without
            assert "script-src 'self'" in response.headers["content-security-policy"], url
        assert page.title(), f"{url} did not render"
    with contextlib.suppress(Resolver404):  # the 404 page
        VISITED.add(resolve(urlsplit(page.url).path).view_name)
    problems = problems_on(page, rules)
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


# ---- the same pages at every size and in both languages ----

LOCALE = Path(settings.BASE_DIR) / "locale" / "fr" / "LC_MESSAGES"
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+\}")

# Visible text of the page in its language: text nodes and aria-labels, not in script/style,
# not hidden, not inside an element of another language.
VISIBLE_TEXTS = """() => {
  const pageLang = document.documentElement.lang;
  const shown = (element) => element && element.getClientRects().length > 0
    && getComputedStyle(element).visibility !== "hidden";
  const sameLanguage = (element) => {
    const marked = element.closest("[lang]");
    return !marked || marked.getAttribute("lang") === pageLang;
  };
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest("script, style, noscript, code")) continue;
    const text = node.textContent.replace(/\\s+/g, " ").trim();
    if (text && shown(parent) && sameLanguage(parent)) texts.push(text);
  }
  for (const option of document.querySelectorAll("select option")) {  // drawn only when opened
    if (shown(option.closest("select")) && sameLanguage(option)) texts.push(option.textContent.trim());
  }
  for (const element of document.querySelectorAll("[aria-label]")) {
    if (shown(element) && sameLanguage(element)) texts.push(element.getAttribute("aria-label").trim());
  }
  return texts;
}"""


def english_patterns():
    """Regexes of the English msgids whose French text differs (placeholders: any text)."""
    pairs = []
    for domain in ("django", "djangojs"):
        for entry in polib.pofile(str(LOCALE / f"{domain}.po")):
            pairs += ([(entry.msgid, entry.msgstr_plural[0]), (entry.msgid_plural, entry.msgstr_plural[1])]
                      if entry.msgid_plural else [(entry.msgid, entry.msgstr)])
    # A French translation that is spelt like an English msgid ("Organiser") is French here.
    french_texts = {" ".join(french.split()) for _english, french in pairs}
    patterns = set()
    for english, french in pairs:
        english = " ".join(english.split())
        if english == " ".join(french.split()) or "<" in english or english in french_texts:
            continue  # the same in both languages, markup split over several nodes, or French
        literal = PLACEHOLDER.sub("", english)
        if len(re.findall(r"[A-Za-z]", literal)) < 3:
            continue  # mostly placeholders: it would match any text
        patterns.add(".+?".join(re.escape(part) for part in PLACEHOLDER.split(english)))
    return [re.compile(f"(?:{pattern})", re.S) for pattern in sorted(patterns)]


_ENGLISH: list = []


def untranslated(page: Page) -> list[str]:
    """The page's visible texts (in its language) that are English msgids translated otherwise."""
    if not _ENGLISH:  # one alternation: fifteen times faster than a loop over 1,200 patterns
        _ENGLISH.append(re.compile("|".join(pattern.pattern for pattern in english_patterns()), re.S))
    texts = page.evaluate(VISIBLE_TEXTS)
    return sorted({text for text in texts if _ENGLISH[0].fullmatch(text)})


SHOTS = os.environ.get("PAGE_CHECK_SHOTS")  # a folder: a screenshot of each page with findings
SIZES = ({"width": 390, "height": 844}, {"width": 1366, "height": 768})

# The page wider than the window (and the deepest elements that stick out); text drawn outside
# the card (.card, .panel, a player's board) that holds it, unless a box between them clips or
# scrolls it on purpose; an end screen's round-by-round table without some player's column.
LAYOUT = """() => {
  const problems = [];
  const name = (e) => e.tagName.toLowerCase() + (e.dataset.testid ? `[${e.dataset.testid}]` : "")
    + (e.classList.length ? "." + [...e.classList].join(".") : "");
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1) {
    const out = [...document.body.querySelectorAll("*")].filter((e) => {
      const box = e.getBoundingClientRect();
      return box.width > 0 && box.right > width + 1
        && ![...e.children].some((c) => c.getBoundingClientRect().right > width + 1);
    });
    const wide = document.documentElement.scrollWidth;
    problems.push(`overflow: page ${wide} px wide at ${width}: ${out.slice(0, 4).map(name).join(", ")}`);
  }
  const clips = (e) => getComputedStyle(e).overflowX !== "visible" || getComputedStyle(e).overflowY !== "visible";
  for (const card of document.querySelectorAll(".card, .panel, .pboard")) {
    const box = card.getBoundingClientRect();
    if (!box.width) continue;
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const parent = node.parentElement;
      if (!text || !parent || !parent.getClientRects().length) continue;
      if (getComputedStyle(parent).visibility === "hidden") continue;
      // A closed <details> keeps its content laid out but never drawn (Chromium).
      if (parent.closest("details:not([open])") && !parent.closest("summary")) continue;
      let clipped = false;
      for (let e = parent; e && e !== card; e = e.parentElement) if (clips(e)) { clipped = true; break; }
      if (clipped) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const drawn = range.getBoundingClientRect();
      if (!drawn.width) continue;
      if (drawn.left < box.left - 1 || drawn.right > box.right + 1
          || drawn.top < box.top - 1 || drawn.bottom > box.bottom + 1) {
        problems.push(`outside its card: "${text.slice(0, 30)}" in ${name(parent)} out of ${name(card)}`);
      }
    }
  }
  for (const table of document.querySelectorAll("[data-endscreen] .breakdown__table")) {
    const players = table.querySelectorAll("thead th").length - 1;
    for (let index = 0; index < players; index++) {
      const cells = [...table.querySelectorAll(`[data-breakdown-for="${index}"]`)];
      const seen = cells.some((cell) => {
        const b = cell.getBoundingClientRect();
        return b.width > 0 && b.right <= width + 1 && b.left >= 0;
      });
      if (!seen) problems.push(`end screen: player ${index + 1}'s rounds not shown`);
    }
  }
  return problems;
}"""

# Resolves once the page has drawn the frame after a resize (scripts listening to it included).

# What these checks find that another change fixes (issue #38's defect numbers); a finding
# that contains the text is set aside. Remove a line once its defect's fix is merged.
KNOWN: dict[str, int] = {}


def _known(problem: str, where: str) -> bool:
    return any(text in problem or text in where for text in KNOWN)


def size_and_language_problems(page: Page) -> list[str]:
    """The layout checks of the page as it is, and in French its untranslated strings."""
    found = page.evaluate(LAYOUT)
    if page.evaluate("document.documentElement.lang") == "fr":
        found += [f"untranslated: {text!r}" for text in untranslated(page)]
    return found


def every_size_and_language(page: Page, urls, set_language, failures: dict) -> None:
    """Each of `urls` at both SIZES in English and French (`set_language(code)` switches the
    signed-in account's language); findings in `failures`, less the KNOWN ones."""
    for language in ("en", "fr"):
        set_language(language)
        for url in urls:
            page.set_viewport_size(SIZES[0])
            page.goto(url)
            settled(page)
            for size in SIZES:  # one load, both sizes: the page is laid out again at each
                page.set_viewport_size(size)
                page.evaluate(NEXT_FRAME)
                where = f"{urlsplit(url).path} at {size['width']} px, {language}"
                problems = [p for p in size_and_language_problems(page) if not _known(p, where)]
                if problems:
                    failures[where] = problems[:6] + [f"and {len(problems) - 6} more"] * (len(problems) > 6)
                    if SHOTS:
                        page.screenshot(path=str(Path(SHOTS) / f"{where.replace('/', '_')}.png"), full_page=True)
    page.set_viewport_size(SIZES[1])
