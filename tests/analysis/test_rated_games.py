"""Every rated game is analysed when it ends, without anyone asking (embedded pool, eager Celery):
no requester, no quota, once per game, each player's accuracy stored at the end."""

import threading

import pytest
from django.db import connection, transaction

from azul.bots import analysis as judge
from games.analysis import selectors, services
from games.analysis.models import GameAnalysis, MoveAnalysis, PlayerAccuracy
from games.models import Game
from games.signals import game_finished
from tests.support.games import play_out_from_the_last_round, start_game
from tests.support.row_locks import wait_for_lock_waiters

from .factories import played_game

pytestmark = pytest.mark.django_db(transaction=True)  # the analysis runs on a pool thread


@pytest.fixture(autouse=True)
def rated_games_analysed(settings):
    settings.ANALYSE_RATED_GAMES = True
    settings.ANALYSIS_NODES = 150  # quick; the judge itself is tested at real budgets
    yield
    assert services.wait_for_embedded_analyses(120), "the embedded analyses did not finish"


def test_a_rated_game_is_analysed_when_it_ends_without_a_request(alice, bob):
    game = play_out_from_the_last_round(start_game(alice, bob, rated=True), seed=4)
    assert services.wait_for_embedded_analyses(120)
    analysis = GameAnalysis.objects.get(game=game)
    assert analysis.requested_by is None
    assert analysis.status == "done"
    assert analysis.nodes == 150  # the per-move budget: the game's share is larger
    assert MoveAnalysis.objects.filter(analysis=analysis).count() == game.version
    stored = list(PlayerAccuracy.objects.filter(analysis=analysis).values(
        "player", "accuracy", "inaccuracies", "mistakes", "blunders"))
    assert [row["player"] for row in stored] == [0, 1]
    assert all(0 <= row["accuracy"] <= 100 for row in stored)
    # The API's summary and the stored rows are the same figures.
    summary = selectors.analysis_payload(game, analysis)["summary"]
    assert stored == [{key: entry[key] for key in stored[0]} for entry in summary]
    # Nobody's quota was spent: both may still ask for as many analyses as before.
    assert not GameAnalysis.objects.filter(requested_by__in=[alice, bob]).exists()


def test_the_finish_signal_twice_makes_one_analysis(alice, bob):
    game = play_out_from_the_last_round(start_game(alice, bob, rated=True), seed=6)
    first = GameAnalysis.objects.get(game=game)
    game_finished.send(sender=Game, game_id=game.pk, table_id=game.table_id, rated=True)
    assert services.analyse_rated_game(game.pk) == (first, False)
    assert services.wait_for_embedded_analyses(120)
    assert GameAnalysis.objects.filter(game=game).count() == 1
    # Asked again, a person gets the same analysis, at no cost.
    assert services.request_analysis(game.pk, alice) == (GameAnalysis.objects.get(game=game), False)


def test_a_casual_game_waits_for_a_request(alice, bob):
    game = play_out_from_the_last_round(start_game(alice, bob), seed=4)
    assert services.wait_for_embedded_analyses(120)
    assert not GameAnalysis.objects.filter(game=game).exists()
    assert services.analyse_rated_game(game.pk) is None


def test_a_long_game_s_budget_per_move_is_its_share_of_the_game_s(settings):
    settings.ANALYSIS_NODES = None  # the judge's default, 20,000 a move
    settings.ANALYSIS_GAME_NODES, settings.ANALYSIS_MIN_NODES = 1_500_000, 2_000
    assert services.automatic_node_budget(60) == 20_000
    assert services.automatic_node_budget(100) == 15_000
    assert services.automatic_node_budget(1_000) == 2_000  # never below the floor


@pytest.mark.long  # three whole games analysed one after the other: a minute on a loaded machine
def test_a_request_passes_the_rated_games_waiting_for_the_analysis_thread(alice, bob):
    def analysis(requester):  # as analyse_rated_game or request_analysis makes it
        game = played_game([alice, bob])  # the same moves each time (the factory plays it once)
        return GameAnalysis.objects.create(
            game=game, total=game.version, nodes=10, requested_by=requester,  # order, not verdicts
            engine_version=judge.ENGINE_VERSION, bot_version=judge.BOT_VERSION)

    first, second = analysis(None), analysis(None)
    requested = analysis(alice)
    # The one analysis thread is held on the first rated game (its row locked elsewhere) ...
    locked, release = threading.Event(), threading.Event()

    def holder():
        try:
            with transaction.atomic():
                GameAnalysis.objects.select_for_update().get(pk=first.pk)
                locked.set()
                release.wait(60)
        finally:
            connection.close()

    holding = threading.Thread(target=holder)
    holding.start()
    try:
        assert locked.wait(10)
        services.dispatch(first.pk, priority=services.AUTOMATIC_PRIORITY)
        wait_for_lock_waiters(1)
        # ... while every waiting analysis is sent again, each at its own priority (a starting
        # worker's re-dispatch), in the order they were made: the request comes last.
        assert services.redispatch_analyses() == [first.pk, second.pk, requested.pk]
    finally:
        release.set()
        holding.join()
    assert services.wait_for_embedded_analyses(120)
    started = {a.pk: a.started_at for a in GameAnalysis.objects.all()}
    assert started[first.pk] < started[requested.pk] < started[second.pk]
