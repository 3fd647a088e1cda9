"""Keyboard only, beyond the classic game of test_board_play.py: the gray wall's column choices and a
whole game of Azul Duel, with Enter, arrows and Escape; focus waits at each next decision, and the
live region announces every move (and the round's scoring) for screen readers.
"""

import random

import pytest
from playwright.sync_api import Page, expect

from games.models import Game, MoveRecord, Seat
from tests.support.games import duel_cell_decision_for, near_a_round_end, near_the_game_end, put_game_at

from .play_by_clicking import (
    GAME,
    finish_through_the_services,
    is_over,
    sign_up,
    skip_scoring_sequences,
    version_of,
    wait_for_my_turn_or_end,
)
from .test_board_play import open_bot_game, wait_for_my_turn
from .test_duel import open_duel_table

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(300)]

FOCUSED_ON = "(selector) => Boolean(document.activeElement && document.activeElement.matches(selector))"


FOLLOWED = """(version) => {
  const game = document.querySelector("[data-game]");
  if (!game || game.dataset.version !== String(version) || document.querySelector("[data-endscreen]")) return true;
  const active = document.activeElement;
  return Boolean(active && active.matches("[data-choice], [data-confirm], [data-rotation]"));
}"""


def focused_on(page: Page, selector: str) -> bool:
    return page.evaluate(FOCUSED_ON, selector)


def live_text(page: Page) -> str:
    return page.locator("[data-live]").text_content() or ""


def my_moves(game: Game, username: str) -> list[dict]:
    return [record.move for record in MoveRecord.objects.filter(game=game, user__username=username)]


def decide_by_keyboard(page: Page, rng: random.Random, version: int) -> None:
    """One decision by keyboard from the focused choice: a few arrows, then Enter until the move
    is sent (a start, its slot/line/order, Confirm)."""
    for _ in range(rng.randrange(3)):
        page.keyboard.press("ArrowRight")
    pressed = None
    for _ in range(6):  # Enter until the move is sent: a start, its slot/line/order, Confirm
        if version_of(page) != version or is_over(page):
            break
        assert focused_on(page, "[data-choice], [data-confirm], [data-rotation]"), (
            pressed, page.locator("[data-status]").text_content()
        )
        pressed = page.evaluate("document.activeElement.outerHTML.slice(0, 200)")
        page.keyboard.press("Enter")
        # Either the move is answered or the focus is on the choice that follows (a loaded
        # machine may take a while to answer).
        page.wait_for_function(FOLLOWED, arg=version, timeout=10000)
    expect(page.locator(GAME)).not_to_have_attribute("data-version", str(version))


def two_full_lines_of(player: int):
    """Tiles are being taken, and ``player``'s board has two full pattern lines or more."""
    def ready(state) -> bool:
        lines = state.to_dict()["boards"][player]["lines"]
        return state.phase == "offer" and sum(line["count"] == row + 1 for row, line in enumerate(lines)) >= 2
    return ready


def test_gray_wall_columns_are_chosen_by_keyboard(live_daphne, page):
    """The game is set three turns of the player's before the first round's end, two of their
    lines full already; the round is played to its end by keyboard, every column of the tiling
    chosen so, and one move of the next round."""
    base = live_daphne.url
    sign_up(page, base, "graykeys")
    game = open_bot_game(page, base, variant="gray")
    expect(page.locator(".wall--gray").first).to_be_visible()
    assert wait_for_my_turn(page)  # no bot's move on its way: the game is set under nobody
    me = Seat.objects.get(table_id=game.table_id, user__username="graykeys").player_index
    put_game_at(game, *near_a_round_end(game, me, turns=3, ready=two_full_lines_of(me)))
    set_at = Game.objects.get(pk=game.pk).version
    skip_scoring_sequences(page)  # the round's end: its announcement is what this test reads
    page.reload()
    expect(page.locator(".wall--gray").first).to_be_visible()
    rng = random.Random(3)
    columns_chosen = 0
    announcements = set()
    rounds = []
    while wait_for_my_turn(page, timeout=30) and "2" not in rounds:
        rounds.append(page.get_attribute(GAME, "data-round"))
        version = version_of(page)
        if page.locator("[data-target=column]").count():
            # The tiling: focus is already on a lit column of the line being tiled.
            assert focused_on(page, ".pboard--me [data-target=column]"), page.evaluate(
                "document.activeElement.outerHTML.slice(0, 300)"
            )
            for _ in range(rng.randrange(3)):
                page.keyboard.press("ArrowRight")
            assert focused_on(page, ".pboard--me [data-target=column]")
            page.keyboard.press("Enter")
            columns_chosen += 1
        else:
            if not focused_on(page, "[data-pick], [data-target]"):
                for _ in range(40):
                    page.keyboard.press("Tab")
                    if focused_on(page, "[data-pick]"):
                        break
            assert focused_on(page, "[data-pick]"), "focus is not on a group"
            for _ in range(rng.randrange(4)):
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
            assert focused_on(page, ".pboard--me [data-target]")
            for _ in range(rng.randrange(3)):
                page.keyboard.press("ArrowDown")
            page.keyboard.press("Enter")
        if page.locator("[data-confirm]").count():
            expect(page.locator("[data-confirm]")).to_be_focused()
            page.keyboard.press("Enter")
        expect(page.locator(GAME)).not_to_have_attribute("data-version", str(version))
        announcements.add(live_text(page))
    assert columns_chosen >= 1
    # Only the moves made by keyboard: the log put_game_at wrote holds random moves too.
    placed = [record.move for record in MoveRecord.objects.filter(
        game=game, user__username="graykeys", number__gt=set_at)
        if "column" in record.move and "source" not in record.move]
    assert len(placed) == columns_chosen
    # Every move was announced; a tiling's announcement carries the points and the scores.
    assert len(announcements) >= 5
    assert any("Scores:" in text for text in announcements), announcements


def test_two_duel_rounds_by_keyboard_only_then_the_end_screen(live_daphne, page):
    """A round is every kind of Duel decision (opening plate, suns and moons, lines, the
    placing of tiles in the dome, Confirm); two rounds by keyboard, the rest of the game through
    the services (from a few turns before its end), then its end screen."""
    base = live_daphne.url
    sign_up(page, base, "duelkeys")
    table_id = open_duel_table(page, base, "random")
    page.click("[data-action=start]")
    expect(page.locator(f"{GAME}[data-ruleset=duel]")).to_be_visible()
    rng = random.Random(5)
    decisions = 0
    escaped = False
    announcements = set()
    while wait_for_my_turn_or_end(page, timeout=30) and page.get_attribute(GAME, "data-round") in ("1", "2"):
        version = version_of(page)
        # Focus waits on the next decision (a plate, a sun or moon tile, a cell, a button).
        assert focused_on(page, "[data-choice], [data-confirm]"), (
            decisions, page.locator("[data-status]").text_content()
        )
        if not escaped and focused_on(page, "[data-choice=sun], [data-choice=moon]"):
            page.keyboard.press("Enter")
            assert focused_on(page, ".pboard--me [data-choice=line]")
            page.keyboard.press("Escape")  # back to the market, nothing selected
            expect(page.locator(".is-selected")).to_have_count(0)
            assert focused_on(page, "[data-choice]")
            escaped = True
        decide_by_keyboard(page, rng, version)
        decisions += 1
        announcements.add(live_text(page))
    game = Game.objects.get(table_id=table_id)
    assert page.get_attribute(GAME, "data-round") == "3", "two rounds were played by keyboard"
    types = {move["type"] for move in my_moves(game, "duelkeys")}  # all by keyboard
    if "place_tile" not in types:
        # Two rounds of random play may bring no choice among dome cells (a tiled line with one
        # fitting cell is placed without asking): the game is set to such a choice, the page
        # loaded again as a reconnecting client would, and the cell chosen by keyboard.
        seat = Seat.objects.get(table_id=table_id, user__username="duelkeys")
        put_game_at(game, *duel_cell_decision_for(seat.player_index))
        page.reload()
        assert wait_for_my_turn_or_end(page)
        assert focused_on(page, "[data-choice=cell]")
        version = version_of(page)
        decide_by_keyboard(page, rng, version)
        # Only the move made by keyboard: the log put_game_at wrote holds random moves too.
        record = MoveRecord.objects.select_related("user").get(game=game, number=version + 1)
        assert record.user.username == "duelkeys"
        types.add(record.move["type"])
    # The rest of the game through the services, from a few turns before its end (set when the
    # player is to move: no bot's move on its way), then its end screen.
    assert wait_for_my_turn_or_end(page)
    me = Seat.objects.get(table_id=table_id, user__username="duelkeys").player_index
    put_game_at(game, *near_the_game_end(game, me))
    finish_through_the_services(game, rng)
    page.reload()
    expect(page.locator("[data-endscreen]")).to_be_visible()
    assert "opening_plate" in types, types
    assert types & {"sun", "moon"}, types
    assert "place_tile" in types, types
    assert decisions >= 15
    assert escaped
    assert len(announcements) >= 10
    assert any("Scores:" in text for text in announcements), announcements
