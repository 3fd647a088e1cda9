"""Issue #38's Duel defects at the table (chip payments as pictures, the plate's turn control),
in Chromium: each test failed before its fix."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import MoveRecord
from tests.support.browser import screenshot
from tests.support.threads import off_the_browser_thread

from .play_by_clicking import GAME, confirm_if_asked, sign_up, version_of
from .table_checks import ARTIFACTS, PHONE, boxes_of, duel_game_paying_chips, services_create_duel, to_french

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(180)]


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1366, "height": 768}], ids=["phone", "laptop"])
def test_10_duel_chip_payments_are_pictures_with_what_is_kept(live_daphne, contexts, viewport):
    """Each D18 payment is a button of chip pictures with the chips kept after it (the engine's
    preview, not the page's arithmetic); no "Pay red + red" text wall."""
    from games import game_rules

    page = contexts(viewport)
    name = f"payer{viewport['width']}"
    sign_up(page, live_daphne.url, name)
    users = get_user_model().objects
    me, other = users.get(username=name), users.create_user(username=f"{name}b", password=None)
    game = off_the_browser_thread(duel_game_paying_chips, me, other)
    state = game_rules.load_state(game.state)
    moves = [m for m in game_rules.legal_moves(state) if m["type"] == "pay_chips"]
    previews = dict(zip((str(m) for m in game_rules.legal_moves(state)), game_rules.move_previews(state), strict=True))
    for language in ("en", "fr"):
        if language == "fr":
            to_french(page)
        page.goto(f"{live_daphne.url}/tables/{game.table_id}/")
        options = page.locator(".ddecision .dpay [data-choice=pay_chips]")
        expect(options).to_have_count(len(moves))
        buttons = page.locator(".ddecision button").all_inner_texts()
        assert not [text for text in buttons if re.match(r"^(Pay|Payer) ", text)]
        shown = options.evaluate_all("""els => els.map(e => ({
            paid: [...e.querySelectorAll('.dpay__paid .chip')].map(c => c.getAttribute('aria-label')),
            kept: e.querySelector('.dpay__kept').dataset.kept, label: e.getAttribute('aria-label')}))""")
        for move, option in zip(moves, shown, strict=True):
            assert len(option["paid"]) == len(move["chips"]), option
            assert option["kept"] == " ".join(previews[str(move)]["chips_left"]), (move, option)
        for box in boxes_of(page, ".ddecision .dpay [data-choice=pay_chips]"):
            assert box["height"] >= 40, box
            assert box["x"] >= 0, box
            assert box["x"] + box["width"] <= viewport["width"], box
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.locator(".ddecision").scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        screenshot(page, path=str(ARTIFACTS / f"duel-payment-{viewport['width']}-{language}.png"))
    version = version_of(page)
    paying = len(moves) - 1
    options.nth(paying).click()
    confirm_if_asked(page)
    expect(page.locator(GAME)).not_to_have_attribute("data-version", str(version))
    game.refresh_from_db()
    chips = game.state["boards"][state.pending["player"]]["chips"]
    assert sorted(chips) == sorted(previews[str(moves[paying])]["chips_left"])


def test_10_a_duel_plate_turns_by_a_control_on_the_plate(live_daphne, page):
    """The selected plate carries a ↻ that turns it to the next legal rotation; the dome's lit
    slots show it turned; the plate is placed in the rotation shown."""
    sign_up(page, live_daphne.url, "turner")
    users = get_user_model().objects
    me, other = users.get(username="turner"), users.create_user(username="turnerb", password=None)
    game = off_the_browser_thread(services_create_duel, me, other, (1, 0))
    page.goto(f"{live_daphne.url}/tables/{game.table_id}/")
    expect(page.locator(GAME)).to_be_visible()
    page.locator("[data-choice=plate]").first.click()
    holder = page.locator(".dplates .dplate-holder")
    expect(holder).to_have_attribute("data-rotation-shown", "0")
    assert page.locator(".ddecision [data-rotation]").count() == 0  # no strip of rotated copies
    slot_cells = page.locator(".pboard--me [data-choice=slot]").first.locator(".dcell")
    before = slot_cells.evaluate_all("cells => cells.map(c => c.className)")
    turned = holder.locator(".dplate__rotate").get_attribute("data-rotation")
    assert turned != "0"
    holder.locator(".dplate__rotate").click()
    expect(holder).to_have_attribute("data-rotation-shown", turned)
    after = slot_cells.evaluate_all("cells => cells.map(c => c.className)")
    assert before != after
    ARTIFACTS.mkdir(exist_ok=True)
    screenshot(page, path=str(ARTIFACTS / "duel-plate-rotation.png"))
    version = version_of(page)
    page.locator(".pboard--me [data-choice=slot]").first.click()
    confirm_if_asked(page)
    expect(page.locator(GAME)).not_to_have_attribute("data-version", str(version))
    record = MoveRecord.objects.filter(game=game).order_by("pk").first()
    assert record.move["rotation"] == int(turned), record.move
