"""In the browser: a learner starts a game against bots from the lobby, asks for a hint, and plays
it to the end, the bots answering on the embedded thread pool of the daphne process. (The game is
set a few turns before its end, sure to end with the round: whole games by clicking are
test_live_play's and test_duel's.)"""

import random

import pytest
from playwright.sync_api import expect

from games.models import Game, MoveRecord, Seat
from tests.e2e.play_by_clicking import (
    GAME,
    confirm_if_asked,
    open_table,
    play_one_move,
    sign_up,
    skip_scoring_sequences,
    version_of,
    wait_for_turn_or_end,
)
from tests.support.games import near_the_game_end, put_game_at

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(240)]


def test_a_learner_plays_two_bots_to_the_end_with_a_hint(live_daphne, page):
    base = live_daphne.url
    sign_up(page, base, "learner")
    table_id = open_table(page, base, players=3, bots={1: "random", 2: "greedy"})
    page.click("[data-action=start]")
    expect(page.locator(GAME)).to_be_visible()

    assert wait_for_turn_or_end([page], timeout=20) is page  # no bot thinking: set under nobody
    game = Game.objects.get(table_id=table_id)
    me = Seat.objects.get(table_id=table_id, user__username="learner").player_index
    put_game_at(game, *near_the_game_end(game, me, turns=3))
    set_at = Game.objects.get(pk=game.pk).version
    skip_scoring_sequences(page)  # the last round's: the end screen shows once it is over
    page.reload()
    assert wait_for_turn_or_end([page], timeout=20) is page
    page.click("[data-hint]")
    expect(page.locator("[data-hint-text]")).to_contain_text("Hint: take")
    # The suggested tiles are selected: the page lights where they may go.
    expect(page.locator("[data-target=line], [data-target=floor]").first).to_be_visible()

    rng = random.Random(5)
    moves = 0
    while wait_for_turn_or_end([page], timeout=20) is not None:
        before = version_of(page)
        if page.locator("[data-hint-text]").count() and not page.locator("[data-target=column]").count():
            # Follow the hint once: click a lit line (the hint named the tiles already).
            page.locator("[data-target=line], [data-target=floor]").first.click()
            confirm_if_asked(page)  # new accounts confirm their casual moves
        else:
            play_one_move(page, rng)
        moves += 1
        expect(page.locator(GAME)).not_to_have_attribute("data-version", str(before))
    # The end screen, waited for: the last round's scoring (skipped) ends before it stays (a
    # snapshot read once caught the page between two redraws on a loaded machine).
    expect(page.locator("[data-endscreen]")).to_be_visible()
    expect(page.locator("[data-endscreen] [data-final-for]")).to_have_count(3)
    # Every click was a move of the learner's, and both bots answered on the embedded pool
    # between them, to the game's end.
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    movers = list(MoveRecord.objects.filter(game=game, number__gt=set_at).values_list("user__username", flat=True))
    assert movers.count("learner") == moves >= 1, movers
    assert len(set(movers) - {"learner"}) == 2, movers
