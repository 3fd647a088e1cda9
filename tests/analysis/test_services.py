"""Requesting and running analyses through the services, on the real database (eager Celery)."""

import pytest

from games.analysis import selectors, services
from games.analysis.errors import AnalysisQuota, GameNotFinished
from games.analysis.models import GameAnalysis, MoveAnalysis
from games.errors import NotAuthenticated, NotFound
from games.models import Game

from .factories import played_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def small_budget(settings):
    settings.ANALYSIS_NODES = 150  # quick; the judge itself is tested at real budgets


def rows(analysis):
    return list(MoveAnalysis.objects.filter(analysis=analysis).order_by("ply").values(
        "ply", "player", "played", "best", "played_margin", "best_margin", "loss", "grade"))


@pytest.mark.parametrize("ruleset", ["classic", "duel"])
def test_a_finished_game_is_analysed_move_by_move_and_a_rerun_adds_nothing(alice, bob, ruleset):
    game = played_game([alice, bob], ruleset=ruleset)
    analysis, created = services.request_analysis(game.pk, alice)
    assert created
    assert analysis.status == "queued"
    assert analysis.total == game.version
    assert analysis.nodes == 150
    assert analysis.bot_version == "master-7"
    assert services.run_analysis(analysis.pk) == "done"
    judged = rows(analysis)
    assert [r["ply"] for r in judged] == list(range(1, game.version + 1))
    assert {r["grade"] for r in judged} <= {"good", "inaccuracy", "mistake", "blunder"}
    assert all(r["loss"] == max(0, round(r["best_margin"] - r["played_margin"], 2)) for r in judged)
    # Idempotent: running again, or re-marked as running, stores nothing twice.
    GameAnalysis.objects.filter(pk=analysis.pk).update(status="running")
    assert services.run_analysis(analysis.pk) == "done"
    assert rows(analysis) == judged
    analysis.refresh_from_db()
    assert analysis.status == "done"
    assert analysis.progress == game.version
    payload = selectors.analysis_payload(game, analysis)
    assert payload["status"] == "done"
    assert len(payload["moves"]) == game.version
    assert [s["moves"] for s in payload["summary"]] == [
        sum(1 for r in judged if r["player"] == p) for p in (0, 1)]
    for entry in payload["summary"]:
        losses = [b["loss"] for b in entry["biggest"]]
        assert losses == sorted(losses, reverse=True)
        assert len(losses) <= 3


def test_a_resumed_analysis_ends_with_the_rows_of_an_unbroken_one(alice, bob):
    game = played_game([alice, bob], seed=3)
    analysis, _ = services.request_analysis(game.pk, alice)
    services.run_analysis(analysis.pk)
    whole = rows(analysis)
    # As if a worker died after judging a third of the moves.
    MoveAnalysis.objects.filter(analysis=analysis, ply__gt=game.version // 3).delete()
    GameAnalysis.objects.filter(pk=analysis.pk).update(status="running", progress=game.version // 3)
    assert services.run_analysis(analysis.pk) == "done"
    assert rows(analysis) == whole


def test_everyone_shares_one_analysis_per_game(alice, bob):
    game = played_game([alice, bob])
    first, created = services.request_analysis(game.pk, alice)
    again, created_again = services.request_analysis(game.pk, bob)
    assert created
    assert not created_again
    assert again.pk == first.pk
    assert GameAnalysis.objects.filter(game=game).count() == 1
    assert again.requested_by == alice


def test_a_running_game_is_never_analysed_not_even_partly(alice, bob):
    game = played_game([alice, bob], stop_after=12)
    assert game.status == Game.Status.PLAYING
    with pytest.raises(GameNotFinished) as refused:
        services.request_analysis(game.pk, alice)
    assert refused.value.code == "game_not_finished"
    assert refused.value.status == 409
    assert not GameAnalysis.objects.exists()
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABORTED)
    with pytest.raises(GameNotFinished):
        services.request_analysis(game.pk, alice)


def test_unknown_or_huge_ids_and_anonymous_users_are_refused(alice):
    for bad in (10**6, 2**70, "x", -1):
        with pytest.raises(NotFound):
            services.request_analysis(bad, alice)
    with pytest.raises(NotAuthenticated):
        services.request_analysis(1, None)


def test_a_flood_of_requests_meets_the_quota(alice, bob, settings):
    settings.ANALYSES_IN_FLIGHT_PER_USER = 2
    settings.ANALYSES_PER_DAY = 2
    games = [played_game([alice, bob]) for _ in range(4)]  # four games, the same moves
    services.request_analysis(games[0].pk, alice)
    services.request_analysis(games[1].pk, alice)
    with pytest.raises(AnalysisQuota, match="at once") as refused:
        services.request_analysis(games[2].pk, alice)
    assert refused.value.code == "analysis_quota"
    assert refused.value.status == 429
    services.request_analysis(games[2].pk, bob)  # someone else's quota is their own
    services.request_analysis(games[2].pk, alice)  # already queued: costs nothing, no error
    GameAnalysis.objects.update(status="done")
    with pytest.raises(AnalysisQuota, match="a day"):
        services.request_analysis(games[3].pk, alice)
    assert GameAnalysis.objects.count() == 3


def test_a_failed_analysis_may_be_requested_again(alice, bob):
    game = played_game([alice, bob])
    analysis, _ = services.request_analysis(game.pk, alice)
    GameAnalysis.objects.filter(pk=analysis.pk).update(status="failed", error="boom")
    again, created = services.request_analysis(game.pk, bob)
    assert created
    assert again.pk == analysis.pk
    assert again.status == "queued"
    assert not again.error
