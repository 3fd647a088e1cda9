"""Playing a tutorial in the browser like a person: click what is lit, in the order a turn asks."""

# What to click first when several things are lit: a turn's last click before its first.
CLASSIC_ORDER = ("[data-target=column]", "[data-target=line]", "[data-target=floor]", "[data-pick]")
DUEL_ORDER = (
    "[data-choice=order]",
    "[data-choice=slot]",
    "[data-choice=line]",
    "[data-choice=cell]",
    "[data-choice=pay_chips]",
    "[data-choice=sun]",
    "[data-choice=moon]",
    "[data-choice=plate]",
    "[data-choice=chip]",
)

# After a click: the coach moved on (once the bot's replies have been shown one by one), or the
# same move asks for its next click.
SETTLED = """([step, lit]) => document.querySelector("[data-testid=coach]").dataset.step !== step
  || document.querySelector(`[data-testid=tutorial-board] :is(${lit})`) !== null"""


def lit_selectors(ruleset):
    return [f"{selector}:not(.is-selected)" for selector in (DUEL_ORDER if ruleset == "duel" else CLASSIC_ORDER)]


def click_next(page, ruleset):
    board = page.get_by_test_id("tutorial-board")
    for selector in lit_selectors(ruleset):
        lit = board.locator(selector)
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
        page.wait_for_function(SETTLED, arg=[step, ", ".join(lit_selectors(ruleset))])
        if coach.get_attribute("data-step") != step:
            return clicks
    raise AssertionError(f"step {step} did not advance after {clicks}")
