"""The end screen of a rated game: each player's rating change as whole numbers, the same as the
rating records, and a round-by-round breakdown equal to the engine's scoring (score_history).

A person plays a rated game against a bot to the end of a round, then resigns; the rating task
runs eagerly in the daphne process once the game ends, and the page asks for the changes until
they are there. The round is set two turns of theirs before its end (whole games by clicking are
test_live_play's and test_duel's); its last moves are clicked.
"""

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games import score_history
from games.models import Game, Seat
from ratings.models import RatingChange
from tests.support.browser import screenshot
from tests.support.games import near_a_round_end, put_game_at

from .play_by_clicking import GAME, sign_up, version_of
from .test_board_play import open_bot_game, wait_for_my_turn

ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(180)]


def signed(value: int) -> str:
    return "0" if not value else (f"+{value}" if value > 0 else f"−{-value}")


def test_a_rated_game_ends_with_whole_rating_changes_and_the_rounds(live_daphne, page):
    base = live_daphne.url
    sign_up(page, base, "ratedone")
    game = open_bot_game(page, base, rated=True)
    rng = random.Random(2)
    assert wait_for_my_turn(page)  # no bot's move on its way: the game is set under nobody
    me = Seat.objects.get(table_id=game.table_id, user__username="ratedone").player_index
    put_game_at(game, *near_a_round_end(game, me))
    page.reload()
    # Play the first round's end by clicking (rated games send at once, no Confirm).
    while wait_for_my_turn(page) and page.get_attribute(GAME, "data-round") == "1":
        version = version_of(page)
        picks = page.locator("[data-pick]")
        picks.nth(rng.randrange(picks.count())).click()
        page.locator(".pboard--me [data-target]").first.click()
        expect(page.locator(GAME)).not_to_have_attribute("data-version", str(version))
    assert page.get_attribute(GAME, "data-round") == "2"
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Resign").click()
    expect(page.locator("[data-endscreen]")).to_be_visible()

    changes = page.locator("[data-rating-changes] [data-rating-for]")
    expect(changes).to_have_count(2, timeout=20000)
    recorded = {c.player_index: c for c in RatingChange.objects.filter(game__table_id=game.table_id)}
    assert len(recorded) == 2
    for k in range(2):
        element = changes.nth(k)
        player = int(element.get_attribute("data-rating-for"))
        change = recorded[player]
        delta = round(change.rating_after) - round(change.rating_before)
        text = element.inner_text()
        # Whole numbers, thousands grouped: "+0 (1,700)" for the frozen bot, "−95 (1,405? ± 463)"
        # for the newcomer (provisional: "?", and the new deviation).
        assert re.search(r"[+−]?\d+ \(\d{1,3}(,\d{3})*\??( ± \d+)?\)", text), text
        assert element.locator("b").inner_text() == signed(delta)
        assert f"({round(change.rating_after):,}" in text
        if not change.frozen:
            assert f"? ± {round(change.deviation_after)})" in text
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    screenshot(page.locator("[data-endscreen]"), path=str(ARTIFACTS_DIR / "rated-end-screen.png"))
    winner, loser = sorted(recorded.values(), key=lambda c: c.rank)
    # The bot's rating never moves.
    assert winner.frozen
    assert winner.delta == 0 > loser.delta

    # The round-by-round breakdown: round 1, as the engine scored it.
    rounds = score_history.round_breakdown(score_history.explain(Game.objects.get(pk=game.pk)))
    first = next(r for r in rounds if r["round"] == 1)
    row = page.locator("[data-endscreen] [data-round-row='1']")
    expect(row).to_be_visible()
    for player, cell in enumerate(first["players"]):
        shown = row.locator(f"[data-breakdown-for='{player}']").inner_text()
        assert shown.startswith(signed(cell["total"])), (shown, cell)
        assert shown.endswith(f"→ {cell['score']}"), (shown, cell)
