"""The learn pages in chromium: the tutorials played to their end by clicking what is lit, and the
rules pages with every picture drawn by the boards' components."""

import re

import pytest
from django.utils import translation
from playwright.sync_api import expect

from learn.tutorials import TUTORIALS
from tests.learn.tutorial_clicks import play_step
from tests.support.browser import screenshot, settled

pytestmark = pytest.mark.requires("browser")

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def watch_errors(page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    return errors


def play_tutorial(page, base_url, key, language="en", at_lesson=None):
    """Click through the tutorial `key`, checking each lesson's words (in `language`);
    `at_lesson(step, lesson)` looks at each lesson's position before its move is made."""
    ruleset = TUTORIALS[key].ruleset
    with translation.override(language):
        words = [(str(lesson.say), str(lesson.why), str(lesson.done)) for lesson in TUTORIALS[key].lessons]
        finale = str(TUTORIALS[key].finale)
    page.goto(f"{base_url}/learn/tutorial/{key}/")
    coach = page.get_by_test_id("coach")
    expect(page.get_by_test_id("tutorial-board").locator("[data-game]")).to_be_visible()
    said = []
    for step, (lesson, (say, why, done)) in enumerate(zip(TUTORIALS[key].lessons, words, strict=True)):
        expect(coach).to_have_attribute("data-step", str(step))
        expect(page.get_by_test_id("lesson-say")).to_have_text(say)
        expect(page.get_by_test_id("lesson-why")).to_have_text(why)
        if at_lesson:
            at_lesson(step, lesson)
        play_step(page, ruleset)
        said.append(page.get_by_test_id("happened").inner_text())
        assert done in said[-1]
    expect(coach).to_have_attribute("data-finished", "true")
    expect(page.get_by_test_id("lesson-say")).to_have_text(finale)
    expect(page.get_by_test_id("tutorial-next").get_by_role("link").first).to_be_visible()
    return said


# The coach and the market: their boxes apart, and neither covered where it starts once scrolled
# to (by something sticky or positioned over it).
APART = """() => {
  const coach = document.querySelector("[data-testid=coach]");
  const market = document.querySelector("[data-testid=tutorial-board] .dmarket");
  const [a, b] = [coach.getBoundingClientRect(), market.getBoundingClientRect()];
  const problems = [];
  if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
    problems.push(`the coach (${a.top}-${a.bottom}) overlaps the market (${b.top}-${b.bottom})`);
  }
  for (const [element, other] of [[coach, market], [market, coach]]) {
    window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 4);
    const box = element.getBoundingClientRect();
    for (const x of [0.1, 0.5, 0.9]) {
      const found = document.elementFromPoint(box.left + box.width * x, box.top + 12);
      if (found && !element.contains(found))
        problems.push(`${found.outerHTML.slice(0, 80)} covers ${element.className}`);
    }
  }
  return problems;
}"""


def test_the_classic_tutorial_is_played_to_its_end_with_the_engines_scoring(page, live_daphne):
    from tests.e2e.page_checks import problems_on, watch

    errors = watch_errors(watch(page))
    page.set_viewport_size(LAPTOP)

    said = play_tutorial(page, live_daphne.url, "classic")

    # The round ended on the bot's last move: each tile and the floor, as the engine scored them.
    lines = page.get_by_test_id("scoring-lines").locator(".tutorial__scoring-text")
    texts = lines.all_inner_texts()
    assert "You: yellow to row 1, +1 (no neighbour)" in texts
    assert "You: blue to row 2, +2 (2 down)" in texts
    assert "You: white to row 3, +3 (3 down)" in texts
    assert "You: black to row 4, +4 (4 down)" in texts
    assert any(re.match(r"You: 2 items on the floor, −2", text) for text in texts)
    expect(page.locator("[data-score-for='0']")).to_have_text("8")
    assert "round ends" in said[-1]
    screenshot(page, path="test-artifacts/tutorial-classic-end.png", full_page=True)
    assert errors == []
    assert problems_on(page) == []  # the finished tutorial: axe and the CSP, as every page


# The Duel lessons photographed at both sizes (the round's end), by move type: the picture's name
# and the one thing lit for the move.
SHOTS = {"place_tile": ("tiling", "[data-choice=cell]"), "pay_chips": ("payment", "[data-choice=pay_chips]")}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_duel_tutorial_is_played_to_its_end_on_a_phone(browser, live_daphne, language):
    from tests.e2e.page_checks import problems_on, size_and_language_problems, watch

    context = browser.new_context(viewport=PHONE, locale=language)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors = watch_errors(watch(page))
    board = page.get_by_test_id("tutorial-board")
    problems = {}
    closing = len(TUTORIALS["duel"].lessons) - 1

    def at_lesson(step, lesson):
        where = f"lesson {step + 1}"
        if found := page.evaluate(APART):
            problems[where] = found
        shot, lit = SHOTS.get(lesson.move["type"], (None, None))
        if lit:
            expect(board.locator(lit)).to_have_count(1)
        if step == closing:  # the objectives it speaks of are outlined
            shot = "objectives"
            expect(board.locator(".dobjectives.is-spotlit")).to_be_visible()
        if shot:
            for size in (PHONE, LAPTOP):
                page.set_viewport_size(size)
                if found := size_and_language_problems(page) + page.evaluate(APART):
                    problems[f"{where} at {size['width']}"] = found
                screenshot(page, path=f"test-artifacts/tutorial-duel-{shot}-{size['width']}-{language}.png",
                                full_page=True)
            page.set_viewport_size(PHONE)

    play_tutorial(page, live_daphne.url, "duel", language, at_lesson)

    assert page.evaluate("document.documentElement.lang") == language
    expect(board.locator("[data-player='0'] .dboard__chips .chip")).to_have_count(0)  # both paid
    expect(board.locator("[data-game]")).to_have_attribute("data-round", "2")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    if language == "fr":  # the payment's log line names the chips in French (it said "red, yellow+red")
        expect(page.locator(".log__entry", has_text="a payé")).to_contain_text("rouge, jaune/rouge")
    screenshot(page, path=f"test-artifacts/tutorial-duel-end-phone-{language}.png", full_page=True)
    if found := problems_on(page):
        problems["the finished tutorial: axe and the CSP"] = found
    context.close()
    assert not problems, problems
    assert errors == []


def test_only_the_awaited_move_lights_up_and_nothing_else_can_be_clicked(page, live_daphne):
    page.goto(f"{live_daphne.url}/learn/tutorial/classic/")
    board = page.get_by_test_id("tutorial-board")

    picks = board.locator("[data-pick]")
    expect(picks).to_have_count(1)
    assert picks.get_attribute("data-source") == "2"
    assert picks.get_attribute("data-colour") == "white"
    board.locator("[data-factory='0'] .tile").first.click()  # not lit: nothing happens
    expect(board.locator("[data-target]")).to_have_count(0)
    picks.click()
    expect(board.locator("[data-target]")).to_have_count(1)
    expect(board.locator("[data-target=line]")).to_have_attribute("data-line", "2")


def test_the_duel_board_shows_a_legend_of_every_symbol(page, live_daphne):
    page.goto(f"{live_daphne.url}/learn/tutorial/duel/")
    legend = page.get_by_test_id("tutorial-board").get_by_test_id("duel-legend")

    expect(legend).to_be_visible()
    for key in ("sun", "moon", "large-moon", "first-player", "chip-down", "chip", "plate",
                "colour-cell", "wild", "special", "broken", "chip-paid"):
        item = legend.locator(f"[data-legend='{key}']")
        expect(item).to_be_visible()
        expect(item.locator(".dlegend__words")).not_to_be_empty()
    expect(legend.locator("[data-objective]")).to_have_count(3)  # this game's objectives


@pytest.mark.parametrize("ruleset", ["classic", "gray", "duel"])
def test_rules_pages_draw_every_picture_at_phone_and_laptop_sizes(page, live_daphne, ruleset):
    errors = watch_errors(page)
    for size in (PHONE, LAPTOP):
        page.set_viewport_size(size)
        page.goto(f"{live_daphne.url}/learn/rules/{ruleset}/")
        figures = page.locator("[data-picture]")
        assert figures.count() >= 2
        for index in range(figures.count()):
            figure = figures.nth(index)
            expect(figure).to_have_attribute("data-drawn", "true")
            # Drawn by the components: tiles and boards as HTML, not images.
            assert figure.locator(".tile, .dcell, .slot").count() > 0
            assert figure.locator("img").count() == 0
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        screenshot(page, path=f"test-artifacts/rules-{ruleset}-{size['width']}.png", full_page=True)
    assert errors == []


def test_the_worked_scoring_example_points_at_the_engines_points(page, live_daphne):
    page.goto(f"{live_daphne.url}/learn/rules/classic/")
    after = page.get_by_test_id("picture-scoring-after")

    expect(after.locator("[data-mark]")).to_have_text("+5")
    expect(after.locator("[data-row='2'][data-column='2']")).to_contain_text("+5")
    expect(page.get_by_test_id("picture-floor").locator("[data-mark]")).to_have_text("−4")
    page.goto(f"{live_daphne.url}/learn/rules/gray/")
    lit = page.get_by_test_id("picture-gray-after").locator(".wall .is-legal")
    assert [int(cell.get_attribute("data-column")) + 1 for cell in lit.all()] == [2, 4, 5]


def test_rules_and_tutorial_are_linked_from_header_lobby_and_boards(page, live_daphne):
    page.goto(f"{live_daphne.url}/lobby/")
    expect(page.get_by_test_id("lobby-learn").get_by_role("link", name="Play the tutorial")).to_be_visible()
    page.get_by_test_id("nav-learn").click()
    expect(page.get_by_test_id("learn-index")).to_be_visible()
    page.get_by_role("link", name="Start the tutorial").first.click()
    expect(page.get_by_test_id("tutorial")).to_be_visible()


def test_every_board_has_a_question_mark_leading_to_its_rules(page, live_daphne):
    from tests.ratings.factories import finished_game, make_users

    for key, rules in (("classic", "classic"), ("duel", "duel")):
        page.goto(f"{live_daphne.url}/learn/tutorial/{key}/")
        link = page.get_by_test_id("tutorial-board").locator("[data-rules-link]")
        expect(link).to_have_attribute("href", f"/learn/rules/{rules}/")
        expect(link).to_have_accessible_name("Rules of this game")

    gray = finished_game(make_users("ann", "ben"), variant="gray")
    page.goto(f"{live_daphne.url}/games/{gray.pk}/replay")
    expect(page.locator("[data-rules-link]")).to_have_attribute("href", "/learn/rules/gray/")


def test_learn_pages_have_no_serious_or_critical_accessibility_violation(page, live_daphne):
    """And no violation of the Content-Security-Policy: the site crawl's two checks
    (tests/e2e/page_checks.py), whose crawl leaves these pages to this test."""
    from tests.e2e.page_checks import problems_on, watch

    base = live_daphne.url
    watch(page)
    failures = {}
    for path in ("/learn/", "/learn/rules/classic/", "/learn/rules/gray/", "/learn/rules/duel/",
                 "/learn/tutorial/classic/", "/learn/tutorial/duel/"):
        for size in (PHONE, LAPTOP):
            page.set_viewport_size(size)
            page.goto(f"{base}{path}")
            settled(page)
            problems = problems_on(page)
            if problems:
                failures[f"{path} at {size['width']}"] = problems
    # A tutorial mid-move (a group selected, lines lit) and at its end.
    page.set_viewport_size(LAPTOP)
    page.goto(f"{base}/learn/tutorial/classic/")
    page.get_by_test_id("tutorial-board").locator("[data-pick]").click()
    if problems := problems_on(page):
        failures["classic tutorial, a group selected"] = problems
    # The finished tutorials are checked by the tests that play them to their end, above.
    assert not failures, failures
