"""Playing a tutorial in the browser like a person: click what is lit, in the order a turn asks."""

from playwright.sync_api import expect

# What to click first when several things are lit: a turn's last click before its first.
CLASSIC_ORDER = ("[data-target=column]", "[data-target=line]", "[data-target=floor]", "[data-pick]")
DUEL_ORDER = (
    "[data-choice=order]",
    "[data-choice=slot]",
    "[data-choice=line]",
    "[data-choice=cell]",
    "[data-choice=sun]",
    "[data-choice=moon]",
    "[data-choice=plate]",
    "[data-choice=chip]",
)


def click_next(page, ruleset):
    board = page.get_by_test_id("tutorial-board")
    for selector in DUEL_ORDER if ruleset == "duel" else CLASSIC_ORDER:
        lit = board.locator(f"{selector}:not(.is-selected)")
        if lit.count():
            lit.first.click()
            return selector
    raise AssertionError("nothing is lit on the tutorial board")


def play_step(page, ruleset, max_clicks=6):
    """Click lit things until the coach moves to the next step; returns the clicks made."""
    coach = page.get_by_test_id("coach")
    step = coach.get_attribute("data-step") or "0"
    clicks = []
    for _ in range(max_clicks):
        clicks.append(click_next(page, ruleset))
        try:
            expect(coach).not_to_have_attribute("data-step", step, timeout=1500)
            return clicks
        except AssertionError:
            continue
    raise AssertionError(f"step {step} did not advance after {clicks}")
