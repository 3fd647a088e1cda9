"""What the table tests of issue #38 share: sizes, boxes, the language switch, set-up games."""

import random
from pathlib import Path

from playwright.sync_api import expect

from games.models import Game
from tests.support.browser import screenshot

PHONE = {"width": 390, "height": 844}


ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def boxes_of(page, selector):
    return page.locator(selector).evaluate_all(
        "elements => elements.map(e => e.getBoundingClientRect().toJSON())")


def to_french(page):
    if not page.get_by_test_id("language-fr").is_visible():
        page.get_by_test_id("nav-menu").click()
    page.get_by_test_id("language-fr").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")


def largest_group(page):
    """The (source, colour, count) of the largest group the player may pick."""
    groups = page.locator("[data-pick]").evaluate_all(
        "els => els.map(e => [e.dataset.source, e.dataset.colour, parseInt(e.getAttribute('aria-label'))])")
    return max(groups, key=lambda group: group[2])


def services_create_duel(me, other, order=(0, 1)):
    """A Duel game of two accounts: `me` in seat 0, playing `order`'s way (player 1 opens)."""
    from games import services

    table = services.create_table(me, players=2, ruleset="duel")
    services.join_table(table.pk, other)
    return services.start_table(table.pk, me, player_order=list(order))


def duel_position_paying_chips():
    """A Duel position reached by legal moves (random, chips taken when offered) where a player
    must decide how to pay a line with chips, with 4 to 10 ways to pay."""
    from azul.engine import new_game

    for seed in range(500):
        rng = random.Random(seed)
        state = new_game(2, seed=seed, ruleset="duel")
        while not state.is_over:
            moves = state.legal_moves()
            if 4 <= sum(move.type == "pay_chips" for move in moves) <= 10:
                return state
            chips = [move for move in moves if move.type == "chip"]
            state = state.apply(rng.choice(chips) if chips and rng.random() < 0.8 else rng.choice(moves))
    raise AssertionError("no position pays with chips")


def duel_game_paying_chips(me, other):
    """A Duel game of `me` and `other` where it is me to decide on a payment with chips."""
    state = duel_position_paying_chips()
    game = services_create_duel(me, other, (0, 1) if state.pending["player"] == 0 else (1, 0))
    Game.objects.filter(pk=game.pk).update(state=state.to_dict())
    return Game.objects.get(pk=game.pk)


def shoot(page, folder, name):
    """Full-page screenshots of the page as it is at a phone's and a laptop's size, in
    test-artifacts/<folder>/<name>-phone.png and -laptop.png, for people to look at."""
    shots = ARTIFACTS / folder
    shots.mkdir(parents=True, exist_ok=True)
    for size, viewport in (("phone", PHONE), ("laptop", {"width": 1366, "height": 768})):
        page.set_viewport_size(viewport)
        screenshot(page, path=str(shots / f"{name}-{size}.png"), full_page=True)
    page.set_viewport_size({"width": 1024, "height": 768})
