"""Steps the tournament browser tests share: a person's moves by clicking against an opponent
moved through the services, and the way back to the tournament's page in French."""

from playwright.sync_api import Page, expect

from games import services as game_services
from games.models import Game
from tests.support.games import controller_to_move, fresh, moves_of
from tests.support.threads import off_the_browser_thread

from .play_by_clicking import GAME, play_one_move, version_of, wait_for_my_turn_or_end


def play_the_other_side(game, me):
    """The opponent's move when it is theirs (they have no browser here)."""
    current = fresh(game)
    if current.status == Game.Status.PLAYING and controller_to_move(current) != me:
        game_services.play_move(current.pk, controller_to_move(current), moves_of(current)[0],
                                current.version)


def click_moves_against_the_services(page: Page, game, me, rng, moves=2) -> None:
    """`moves` of ours by clicking, each after the opponent's through the services."""
    for _ in range(moves):
        off_the_browser_thread(play_the_other_side, game, me)
        assert wait_for_my_turn_or_end(page, after_scoring=True)
        before = version_of(page)
        play_one_move(page, rng)
        # Our move is committed once its broadcast reaches us: only then may the other side read it.
        expect(page.locator(GAME)).not_to_have_attribute("data-version", str(before))


def back_to_the_tournament_in_french(page: Page) -> None:
    """From the game's page: French, then the header's link to the tournament, live again."""
    page.get_by_test_id("nav-menu").click()  # a phone's game page folds the header's links
    page.get_by_test_id("language-fr").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.get_by_test_id("tournament-link").click()
    expect(page.get_by_test_id("standings-title")).to_have_text("Classement")
    expect(page.locator("#tournament-live")).to_have_attribute("data-live", "open")
