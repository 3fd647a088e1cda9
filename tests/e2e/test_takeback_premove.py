"""Takebacks and premoves played by clicking (issue 38; docs/live-play.md, "Takebacks",
"Premoves"): a takeback asked on one page and accepted on the other, one against a bot taken
at once; a premove picked while the other player thinks, played on the turn when still legal,
dropped with a word when not. Each player has their own browser context (own socket)."""

import random

import pytest
from playwright.sync_api import expect

from games.models import Game, MoveRecord

from .play_by_clicking import (
    GAME,
    join_and_start,
    open_table,
    play_one_move,
    sign_up,
    version_of,
    wait_for_my_turn_or_end,
)

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(240)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def at_version(page, version):
    expect(page.locator(f"{GAME}[data-version='{version}']")).to_be_attached()


def who_moves(pages):
    """(the page whose turn it is, the other)."""
    for page in pages:
        page.wait_for_selector(f"{GAME}[data-version]", state="attached")
    first = pages[0] if pages[0].get_attribute(GAME, "data-my-turn") == "true" else None
    if first is None:
        assert wait_for_my_turn_or_end(pages[1])
        return pages[1], pages[0]
    return first, pages[1]


def premove(page, source, line):
    """Pick the first group of `source` (a factory number or "center"), then `line`, while the
    other player is to move."""
    page.locator(f"[data-pick][data-source='{source}']").first.click()
    page.locator(f"[data-player] [data-target='{line}']").first.click()
    expect(page.locator("[data-premove]")).to_be_visible()


def take_from(page, source):
    """This page's player takes a group from `source`, to the floor (always legal)."""
    page.locator(f"[data-pick][data-source='{source}']").first.click()
    page.locator("[data-player] [data-target=floor]").first.click()
    confirm = page.locator("[data-confirm]")
    if confirm.count():
        confirm.click()


def test_a_takeback_asked_and_accepted_then_premoves_played_and_dropped(live_daphne, contexts):
    base = live_daphne.url
    ada, ben = contexts(LAPTOP, 15_000), contexts(PHONE, 15_000)
    for page, name in ((ada, "ada38t"), (ben, "ben38t")):
        sign_up(page, base, name)
    table_id = open_table(ada, base, players=2)
    join_and_start(ada, ben, base, table_id, "ben38t")
    mover, other = who_moves([ada, ben])
    game = Game.objects.get(table_id=table_id)

    # The mover plays, then asks to take it back; the other page shows the request and accepts.
    play_one_move(mover, random.Random(1))
    at_version(other, 1)
    expect(mover.locator("[data-takeback]")).to_be_visible()
    mover.locator("[data-takeback]").click()
    expect(mover.locator("[data-takeback-waiting]")).to_be_visible()
    expect(other.locator("[data-takeback-offer]")).to_be_visible()
    other.locator("[data-takeback-accept]").click()
    for page in (ada, ben):
        at_version(page, 0)
        expect(page.locator("[data-takeback-offer], [data-takeback-waiting]")).to_have_count(0)
    assert wait_for_my_turn_or_end(mover)
    assert not MoveRecord.objects.filter(game=game).exists()

    # While the mover thinks, the other picks a premove (factory 1 to the floor); the mover takes
    # from another factory, and the premove is played at once on the other page's turn.
    premove(other, 0, "floor")
    take_from(mover, 4)
    at_version(mover, 2)
    last = MoveRecord.objects.get(game=game, number=2)
    assert last.move["source"] == 0
    assert last.move["line"] == "floor"
    expect(other.locator("[data-premove]")).to_have_count(0)

    # Again, but the mover takes the very group: the premove is dropped with a word.
    assert wait_for_my_turn_or_end(mover)
    premove(other, 1, "floor")
    take_from(mover, 1)
    at_version(other, 3)
    expect(other.locator("[data-premove-note]")).to_be_visible()
    assert wait_for_my_turn_or_end(other)
    assert version_of(other) == 3
    assert MoveRecord.objects.filter(game=game).count() == 3


def test_against_a_bot_a_takeback_is_taken_at_once(live_daphne, contexts):
    base = live_daphne.url
    page = contexts(LAPTOP, 15_000)
    sign_up(page, base, "cleo38t")
    table_id = open_table(page, base, bots={1: "random"})
    page.click("[data-action=start]")
    expect(page.locator(GAME)).to_be_visible()
    rng = random.Random(2)
    assert wait_for_my_turn_or_end(page)
    play_one_move(page, rng)
    assert wait_for_my_turn_or_end(page)  # the bot answered
    before = version_of(page)
    page.locator("[data-takeback]").click()
    game = Game.objects.get(table_id=table_id)
    expect(page.locator(f"{GAME}[data-version='{before - 2}']")).to_be_attached()
    assert wait_for_my_turn_or_end(page)
    assert MoveRecord.objects.filter(game=game).count() == before - 2
    expect(page.locator("[data-takeback-waiting]")).to_have_count(0)
