"""The analysis in a browser: on the replay page, request it, watch it finish, read the graph and
each player's accuracy, jump; a rated game's accuracy on its end screen and on the profile."""

import os

import pytest
from playwright.sync_api import expect

from azul.bots.analysis.accuracy import JudgedMove, player_accuracies
from games.analysis import services
from games.analysis.models import MoveAnalysis, PlayerAccuracy
from games.models import Table
from tests.e2e.play_by_clicking import sign_up
from tests.support.threads import off_the_browser_thread

from .factories import played_game

pytestmark = [pytest.mark.requires("browser"), pytest.mark.timeout(180)]

POSITION = "[data-testid=replay-position]"
SHOTS = os.environ.get("ANALYSIS_SCREENSHOTS")  # a folder: screenshots to look at, when set


def shoot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)
        page.locator(".replay-analysis").screenshot(path=os.path.join(SHOTS, f"{name}-panel.png"))
        page.locator(".replay-board .game").first.screenshot(path=os.path.join(SHOTS, f"{name}-board.png"))


@pytest.mark.parametrize("ruleset", ["classic", "duel"])
def test_request_the_analysis_see_the_graph_and_jump_to_the_biggest_mistake(live_daphne, page, ruleset):
    from django.contrib.auth import get_user_model

    base = live_daphne.url
    sign_up(page, base, "analyst")
    me = get_user_model().objects.get(username="analyst")
    other = get_user_model().objects.create_user(username="rival", password=None)
    game = played_game([me, other], ruleset=ruleset, seed=12)

    page.goto(f"{base}/games/{game.pk}/replay")
    expect(page.locator("[data-analysis=none]")).to_be_visible()
    page.get_by_test_id("request-analysis").click()
    # Queued, then running with a progress bar fed by the socket, then done.
    expect(page.locator("[data-analysis=done]")).to_be_visible(timeout=120_000)
    rows = list(MoveAnalysis.objects.filter(analysis__game=game).order_by("ply"))
    assert [row.ply for row in rows] == list(range(1, game.version + 1))

    graph = page.locator("[data-eval-graph]")
    expect(graph).to_be_visible()
    expect(graph.locator("polyline")).to_have_count(2)
    marked = [row for row in rows if row.grade in ("mistake", "blunder")]
    expect(graph.locator("circle[data-ply]")).to_have_count(len(marked))
    # Every move of the log carries its grade.
    expect(page.locator(".log__entry[data-grade]")).to_have_count(game.version)
    for row in rows[:5]:
        expect(page.locator(f".log__entry[value='{row.ply}']")).to_have_attribute("data-grade", row.grade)
    # Each player's accuracy and grade counts, as azul.bots.analysis.accuracy computes them.
    for summary in player_accuracies(
            [JudgedMove(row.player, row.loss, row.grade, row.forced) for row in rows], 2):
        line = page.locator(f"[data-summary-player='{summary.player}']")
        expect(line.locator("[data-accuracy]")).to_have_text(f"{summary.accuracy:.1f}%")
        expect(line.locator("[data-grade-counts]")).to_have_text(
            f"{summary.inaccuracies} · {summary.mistakes} · {summary.blunders}")
    for name, size in (("desktop", {"width": 1366, "height": 768}), ("phone", {"width": 390, "height": 844})):
        page.set_viewport_size(size)
        shoot(page, f"{ruleset}-{name}")
    page.set_viewport_size({"width": 1366, "height": 768})

    # The summary's first link for player 0 is that player's biggest loss: it jumps there.
    mine = [row for row in rows if row.player == 0 and row.loss > 0]
    worst = min(mine, key=lambda row: (-row.loss, row.ply))
    link = page.get_by_test_id("mistake-0-0")
    expect(link).to_contain_text(f"move {worst.ply}")
    link.click()
    expect(page.locator(POSITION)).to_have_attribute("data-step", str(worst.ply))
    expect(page.locator("[data-verdict]")).to_have_attribute("data-verdict", str(worst.ply))
    expect(page.locator("[data-verdict-grade]")).to_have_attribute("data-verdict-grade", worst.grade)
    assert page.evaluate("window.location.hash") == f"#move={worst.ply}"

    # The best move beside the played one: the board goes back to the position before the move.
    if worst.best != worst.played:
        page.get_by_test_id("show-best").click()
        expect(page.get_by_test_id("show-best")).to_have_attribute("aria-pressed", "true")
        if ruleset == "duel":
            expect(page.locator("[data-hint-text]")).to_contain_text("Best: ")
        elif "source" in worst.best:
            expect(page.locator(".is-hinted").first).to_be_visible()
        took_tiles = "source" in worst.played or "factory" in worst.played
        expect(page.locator(".is-last-source")).to_have_count(1 if took_tiles else 0)
        shoot(page, f"{ruleset}-best-move")
        page.get_by_test_id("show-best").click()
        expect(page.get_by_test_id("show-best")).to_have_attribute("aria-pressed", "false")


def test_a_running_game_s_replay_offers_no_analysis(live_daphne, page):
    from django.contrib.auth import get_user_model

    base = live_daphne.url
    sign_up(page, base, "watcher")
    me = get_user_model().objects.get(username="watcher")
    other = get_user_model().objects.create_user(username="rival", password=None)
    game = played_game([me, other], stop_after=6)
    page.goto(f"{base}/games/{game.pk}/replay")
    expect(page.locator("[data-testid=running-note]")).to_be_visible()
    expect(page.locator("[data-analysis]")).to_have_count(0)
    expect(page.get_by_test_id("request-analysis")).to_have_count(0)


def decimal(value, language):
    """One decimal, as the page's language writes it."""
    return f"{value:.1f}" if language == "en" else f"{value:.1f}".replace(".", ",")


def percent(value, language):
    """The accuracy as the page's Intl.NumberFormat writes it."""
    return f"{decimal(value, language)}%" if language == "en" else f"{decimal(value, language)}\u202f%"


@pytest.mark.long  # three games analysed, then six pages at two sizes: minutes on a loaded machine
@pytest.mark.timeout(420)
def test_a_rated_game_s_accuracy_on_its_end_screen_its_replay_and_the_profile(live_daphne, page, settings):
    from django.contrib.auth import get_user_model

    from ratings import services as ratings
    from ratings.models import RatingChange

    base = live_daphne.url
    users = get_user_model().objects
    amber, basil = (users.create_user(username=name, password=None) for name in ("amber", "basil"))
    settings.ANALYSE_RATED_GAMES, settings.ANALYSIS_NODES = True, 100
    games = []
    for seed in (12, 13, 14):  # three rated games: the profile draws the trend of their accuracy
        game = played_game([amber, basil], seed=seed)
        Table.objects.filter(pk=game.table_id).update(rated=True)
        # What the end of a rated game does: analysed without a request, then rated. From a
        # thread of its own: this one runs the browser's event loop, and the services broadcast
        # after commit.
        _analysis, created = off_the_browser_thread(services.analyse_rated_game, game.pk)
        assert created
        assert services.wait_for_embedded_analyses(120)
        # Rated here, or already by the server's rating sweep (its embedded beat).
        off_the_browser_thread(ratings.rate_game, game.pk)
        assert RatingChange.objects.filter(game=game).count() == 2
        games.append(game)
    trend = [PlayerAccuracy.objects.get(analysis__game=g, player=0).accuracy for g in games]
    stored = {row.player: row for row in PlayerAccuracy.objects.filter(analysis__game=game)}
    assert set(stored) == {0, 1}

    for language in ("en", "fr"):
        page.context.add_cookies([{"name": "django_language", "value": language, "url": base}])
        page.goto(f"{base}/tables/{game.table_id}/")
        panel = page.get_by_test_id("end-analysis")
        expect(panel.locator("[data-end-accuracy]")).to_be_visible()
        for player, row in stored.items():
            line = panel.locator(f"[data-accuracy-for='{player}']")
            expect(line.locator("[data-accuracy]")).to_have_text(percent(row.accuracy, language))
            expect(line.locator("[data-grade-counts]")).to_have_text(
                f"{row.inaccuracies} · {row.mistakes} · {row.blunders}")
        expect(panel.locator("[data-analysis-replay-link]")).to_have_attribute(
            "href", f"/games/{game.pk}/replay")
        shots(page, f"end-screen-{language}", panel)

        page.goto(f"{base}/games/{game.pk}/replay")
        line = page.locator("[data-summary-player='0']")
        expect(line.locator("[data-accuracy]")).to_have_text(percent(stored[0].accuracy, language))
        shots(page, f"replay-{language}", page.locator(".replay-analysis"))

        page.goto(f"{base}/u/amber/")
        expect(page.get_by_test_id("accuracy-trend-classic-2p")).to_be_visible()
        expect(page.get_by_test_id("accuracy-mean-classic-2p")).to_contain_text(
            decimal(round(sum(trend) / len(trend), 1), language))
        expect(page.get_by_test_id("accuracy-values-classic-2p")).to_contain_text(
            " · ".join(decimal(value, language) for value in trend))
        shots(page, f"profile-{language}", page.get_by_test_id("accuracy-trend-classic-2p"))


def shots(page, name, part):
    """At a desktop's and a phone's sizes, the page and the part changed (when SHOTS is set)."""
    for size_name, size in (("1366x768", {"width": 1366, "height": 768}),
                            ("390x844", {"width": 390, "height": 844})):
        page.set_viewport_size(size)
        if SHOTS:
            part.scroll_into_view_if_needed()
            page.screenshot(path=os.path.join(SHOTS, f"{name}-{size_name}.png"))
            part.screenshot(path=os.path.join(SHOTS, f"{name}-{size_name}-part.png"))
    page.set_viewport_size({"width": 1366, "height": 768})
