"""Seeing every point at the table, in chromium against a live daphne, with a random bot opponent.

- the engine's previews on the lit lines while a group is selected;
- confirm and undo (on for new accounts in casual games): nothing is sent before Confirm;
- the round's end: each tiled tile shows its points in turn, exactly the engine's events, the move
  log gets one line per scoring event, and the log reads the same after a reload;
- a whole game played with the keyboard only, focus always on the next decision.
"""

import random
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from games import game_rules, score_history
from games.models import Game, Seat
from tests.support.browser import screenshot
from tests.support.games import near_a_round_end, near_the_game_end, put_game_at

from .play_by_clicking import (
    GAME,
    PASSWORD,
    boxes,
    confirm_if_asked,
    finish_through_the_services,
    sign_up,
    version_of,
    wait_for_my_turn_or_end,
)

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(300)]

ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"


def open_bot_game(page: Page, base_url: str, *, players=2, rated=False, levels=("random",), variant="standard") -> Game:
    """A table against bots opened from the lobby and started; its game, once the board shows."""
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(f"{base_url}/lobby/")
    page.check(f"input[name=players][value='{players}']")
    page.check(f"input[name=variant][value='{variant}']")
    page.check("input[name=clock_kind][value='none']")
    if rated:
        page.check("input[name=rated]")
    for seat in range(1, players):
        page.select_option(f"select[name=seat_{seat}]", levels[(seat - 1) % len(levels)])
    page.click("[data-action=create]")
    page.wait_for_url("**/tables/*/")
    table_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    page.click("[data-action=start]")
    try:
        expect(page.locator(GAME)).to_be_visible()
    finally:
        assert not errors, errors
    return Game.objects.get(table_id=table_id)


def wait_for_my_turn(page: Page, timeout=20.0) -> bool:
    return wait_for_my_turn_or_end(page, timeout, after_scoring=True)


def engine_previews(game: Game) -> dict:
    game.refresh_from_db()
    state = game_rules.load_state(game.state)
    moves = game_rules.legal_moves(state)
    return {
        (str(m["source"]), m["color"], str(m["line"])): p
        for m, p in zip(moves, game_rules.move_previews(state), strict=True)
        if "source" in m
    }


def check_previews(page: Page, game: Game) -> None:
    """Every lit target of the selected group shows the engine's preview of that move."""
    previews = engine_previews(game)
    picked = page.locator("[data-pick][aria-pressed=true]")
    source, colour = picked.get_attribute("data-source"), picked.get_attribute("data-colour")
    targets = page.locator(".pboard--me [data-target]")
    assert targets.count() >= 1
    for k in range(targets.count()):
        target = targets.nth(k)
        line = target.get_attribute("data-line") or "floor"
        expected = previews[(source, colour, line)]
        badge = target.locator("[data-preview]")
        if not expected["completes"] and not expected["to_floor"] and not expected["to_lid"]:
            assert badge.count() == 0
            continue
        assert badge.get_attribute("data-preview-to-floor") == str(expected["to_floor"])
        assert badge.get_attribute("data-preview-penalty") == str(expected["penalty"])
        assert badge.get_attribute("data-preview-completes") == ("true" if expected["completes"] else "false")
        points = expected["points"]
        assert badge.get_attribute("data-preview-points") == (f"{points[0]}..{points[1]}" if points else None)


# Resolves once every finite animation running in the page now has finished or been cancelled
# (the Web Animations API: CSS transitions and animations included).
ANIMATIONS_FINISHED = """() => Promise.all(document.getAnimations()
  .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
  .map((a) => a.finished.catch(() => null)))"""

# Records, in the page, the wall marks of the scoring sequence at every change of the board
# (it is redrawn at every step): window.__marks {"player,row,column": text} and
# window.__markCounts, the number shown at each change. Nothing is sampled from outside, so no
# step can pass unseen between two looks.
RECORD_MARKS = """() => {
  window.__marks = {};
  window.__markCounts = [];
  const look = () => {
    if (!document.querySelector("[data-scoring-sequence]")) return;
    const marks = [...document.querySelectorAll(".wall [data-mark]")];
    for (const mark of marks) {
      const cell = mark.parentElement;
      const player = cell.closest("[data-player]").dataset.player;
      window.__marks[[player, cell.dataset.row, cell.dataset.column]] = mark.textContent;
    }
    window.__markCounts.push(marks.length);
  };
  new MutationObserver(look).observe(document.body,
                                     { childList: true, subtree: true, characterData: true, attributes: true });
}"""


def log_texts(page: Page) -> list[str]:
    # textContent, not innerText: innerText depends on layout (read while the log is being drawn
    # it came without the line breaks between an entry's scoring lines, and the lists differed).
    return page.locator(".log__entry").all_text_contents()


def test_previews_confirm_undo_and_the_round_end_scoring(live_daphne, page):
    base = live_daphne.url
    sign_up(page, base, "scorer")
    game = open_bot_game(page, base)
    assert wait_for_my_turn(page)
    # The centre (and its last-move outline, drawn inside it) never covers a factory's number.
    # (Boxes read in one script: a redraw may replace the elements between two steps.)
    (centre,), labels = boxes(page, ".centre", ".factory__label")
    assert labels
    assert centre["width"] > 0
    for box in labels:
        apart = (box["x"] >= centre["x"] + centre["width"] or box["x"] + box["width"] <= centre["x"]
                 or box["y"] >= centre["y"] + centre["height"] or box["y"] + box["height"] <= centre["y"])
        assert apart, (box, centre)

    # Preview: the engine's figures on each lit line of the selected group.
    page.locator("[data-pick]").first.click()
    check_previews(page, game)

    # Confirm and undo: the move is shown and waits; Escape changes it; nothing is sent before Confirm.
    version = version_of(page)
    page.locator(".pboard--me [data-target]").first.click()
    expect(page.locator("[data-proposal]")).to_be_visible()
    expect(page.locator("[data-confirm]")).to_be_focused()
    time.sleep(0.5)
    game.refresh_from_db()
    assert game.version == version
    assert version_of(page) == version
    page.keyboard.press("Escape")
    expect(page.locator("[data-proposal]")).to_have_count(0)
    expect(page.locator("[data-pick][aria-pressed=true]")).to_have_count(1)  # still selected
    # A hint selects its group and marks its line (or the floor) on the player's board.
    page.keyboard.press("Escape")
    page.click("[data-hint]")
    expect(page.locator("[data-hint-text]")).to_be_visible()
    expect(page.locator(".pboard--me .is-hinted")).to_have_count(1)
    expect(page.locator("[data-pick][aria-pressed=true]")).to_have_count(1)
    page.locator(".pboard--me [data-target]").last.click()
    page.click("[data-confirm]")
    expect(page.locator(GAME)).not_to_have_attribute("data-version", str(version))

    # Play on until a round ends; watch the scoring appear, tile by tile.
    rng = random.Random(4)
    page.evaluate(RECORD_MARKS)
    while True:
        round_before = page.get_attribute(GAME, "data-round") or "1"
        if not wait_for_my_turn(page):
            break
        if page.locator("[data-scoring-sequence]").count():
            break
        picks = page.locator("[data-pick]")
        picks.nth(rng.randrange(picks.count())).click()
        lines = page.locator(".pboard--me [data-target=line]")
        (lines.nth(rng.randrange(lines.count())) if lines.count() else page.locator("[data-target=floor]")).click()
        confirm_if_asked(page)
        # Waited for inside the page: the scoring shows, or the turn comes back, or a round ends.
        page.wait_for_function(
            """([game, before]) => document.querySelector("[data-scoring-sequence]")
                 || document.querySelector(`${game}[data-my-turn=true]`)
                 || (document.querySelector(game)?.dataset.round || "1") !== before""",
            arg=[GAME, round_before], timeout=10_000)
        if page.locator("[data-scoring-sequence]").count():
            break
    expect(page.locator("[data-scoring-sequence]")).to_be_visible()
    explained = score_history.explain(Game.objects.get(pk=game.pk))  # the round is over there
    tiled = next(m for m in explained.moves if any(e["type"] == "wall" for e in m.account["scoring"]))
    walls = {(e["player"], e["row"], e["column"]): f"+{e['points']}"
             for e in tiled.account["scoring"] if e["type"] == "wall"}
    # A picture of the last step, once its tiles have landed (docs/img/round-end-scoring.png).
    page.wait_for_function("""(count) => document.querySelectorAll(".wall [data-mark]").length >= count
                              || !document.querySelector("[data-scoring-sequence]")""", arg=len(walls))
    page.evaluate(ANIMATIONS_FINISHED)
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    screenshot(page, path=str(ARTIFACTS_DIR / "round-end-scoring.png"))
    expect(page.locator("[data-scoring-sequence]")).to_have_count(0, timeout=30_000)
    seen = {tuple(int(n) for n in key.split(",")): text  # (player, row, column) -> mark text
            for key, text in page.evaluate("window.__marks").items()}
    counts = page.evaluate("window.__markCounts")
    assert seen == walls
    if len(walls) > 1:
        assert min(c for c in counts if c) < len(walls), "the tiles appear in turn, not all at once"

    # The log: one line per scoring event, the same after a reload ("took 3 yellow" both times).
    expect(page.locator("[data-log-score]")).to_have_count(len(tiled.account["scoring"]), timeout=5000)
    live = log_texts(page)[: tiled.record.number]
    assert any("took 1 " in text or "took 2 " in text or "took 3 " in text or "took 4 " in text for text in live)
    page.reload()
    expect(page.locator(".log__entry").nth(tiled.record.number - 1)).to_be_visible()
    assert log_texts(page)[: tiled.record.number] == live


def test_across_a_rounds_end_by_keyboard_only_then_the_end_screen(live_daphne, page):
    """Tab to the board, then Enter, arrows and Escape only; focus waits at each next decision,
    through a round's end into the next round. (A round is every kind of decision there is; the
    game is set two turns before the first round's end, and the rest of the game is played
    through the services from a few turns before its end, then the end screen is shown: whole games by clicking are
    test_live_play's and test_duel's.)"""
    base = live_daphne.url
    sign_up(page, base, "keyboarder")
    game = open_bot_game(page, base)
    assert wait_for_my_turn(page)  # no bot's move on its way: the game is set under nobody
    me = Seat.objects.get(table_id=game.table_id, user__username="keyboarder").player_index
    put_game_at(game, *near_a_round_end(game, me))
    page.reload()
    rng = random.Random(11)
    moves = 0
    escaped = False
    rounds = []
    while wait_for_my_turn(page, timeout=30) and rounds.count("2") < 1:
        rounds.append(page.get_attribute(GAME, "data-round"))
        focused = page.evaluate(
            "document.activeElement && document.activeElement.matches('[data-pick], [data-target]')"
        )
        if not focused:  # the first turn: Tab from the page to the board's first choice
            for _ in range(40):
                page.keyboard.press("Tab")
                if page.evaluate("document.activeElement.matches('[data-pick]')"):
                    break
        assert page.evaluate("document.activeElement.matches('[data-pick]')"), "focus is not on a choice"
        for _ in range(rng.randrange(4)):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")  # select the group: focus moves to the lit lines
        expect(page.locator("[data-pick][aria-pressed=true]")).to_have_count(1)
        assert page.evaluate("document.activeElement.matches('.pboard--me [data-target]')")
        if not escaped:  # Escape once: back to the groups, then choose again
            page.keyboard.press("Escape")
            expect(page.locator("[data-pick][aria-pressed=true]")).to_have_count(0)
            page.keyboard.press("Enter")
            escaped = True
        for _ in range(rng.randrange(3)):
            page.keyboard.press("ArrowDown")
        version = version_of(page)
        page.keyboard.press("Enter")  # the move waits for Confirm, which has the focus
        expect(page.locator("[data-confirm]")).to_be_focused()
        page.keyboard.press("Enter")
        expect(page.locator(GAME)).not_to_have_attribute("data-version", str(version))
        moves += 1
    assert rounds[0] == "1", rounds
    assert rounds[-1] == "2", f"no round's end was crossed by keyboard: {rounds}"
    # The rest from a few turns before the game's end, set when the player is to move (no bot's
    # move on its way).
    assert wait_for_my_turn(page)
    put_game_at(game, *near_the_game_end(game, me))
    finish_through_the_services(game, rng)
    page.reload()
    expect(page.locator("[data-endscreen]")).to_be_visible()
    expect(page.locator("[data-endscreen] [data-round-row]").first).to_be_visible()
    assert moves >= 3
    assert PASSWORD  # the account was made through the sign-up form
