"""Analyses on real Celery workers over Redis: progress seen on the game's socket, a killed worker."""

import os

import pytest

from games.analysis import services
from games.analysis.models import GameAnalysis, MoveAnalysis
from games.analysis.tasks import analyse_game
from tests.bots.test_bot_worker import SPECTATE
from tests.support.processes import start_celery_worker
from tests.support.services import require_service
from tests.support.threads import off_the_browser_thread
from tests.support.waiting import wait_until

from .factories import played_game


def rows(analysis):
    return list(MoveAnalysis.objects.filter(analysis=analysis).order_by("ply").values(
        "ply", "player", "played", "best", "played_margin", "best_margin", "loss", "grade",
        "depth"))


def test_a_worker_analyses_a_finished_game_to_the_end_streaming_progress_to_the_socket(
    celery_worker_process, live_daphne, page, alice, bob, settings
):
    settings.ANALYSIS_NODES = 300  # stored with the analysis: the worker searches this much
    game = played_game([alice, bob])
    page.goto(f"{live_daphne.url}/")
    page.evaluate(SPECTATE, f"{live_daphne.ws_url}/ws/games/{game.pk}/")
    wait_until(lambda: page.evaluate("window.seen.length") >= 1, 10, "the first state")

    # Requested from a thread of its own: this one runs the browser's event loop, and the
    # request's queued event is sent after commit with a blocking call.
    analysis, created = off_the_browser_thread(services.request_analysis, game.pk, alice)
    assert created

    def analysis_messages():
        return [m for m in page.evaluate("window.seen") if m.get("type") == "analysis"]

    wait_until(lambda: any(m["status"] == "done" for m in analysis_messages()), 120,
               "the analysis' end on the socket")
    seen = analysis_messages()
    assert seen[0]["status"] == "queued"
    assert seen[0]["total"] == game.version
    progress = [m["progress"] for m in seen if m["status"] == "running"]
    assert progress == sorted(progress)
    assert len(progress) >= game.version // 2
    assert seen[-1] == {"type": "analysis", "game": game.pk, "status": "done",
                        "progress": game.version, "total": game.version}
    analysis.refresh_from_db()
    assert analysis.status == "done"
    assert [r["ply"] for r in rows(analysis)] == list(range(1, game.version + 1))


@pytest.mark.django_db(transaction=True)
def test_a_killed_worker_s_analysis_is_resumed_by_a_new_worker_to_the_same_result(
    subprocess_env, real_celery, alice, bob, settings, django_capture_on_commit_callbacks  # noqa: F811
):
    require_service("celery")
    queue = f"analysis-killed-{os.getpid()}"
    env = {**subprocess_env, "CELERY_EAGER": "false", "CELERY_QUEUE": queue,
           "CELERY_VISIBILITY_TIMEOUT": "3600"}  # the new worker's start-up re-dispatch resumes it
    # Slow enough a move to kill the worker mid-game (it is killed 3 moves in, and must be at
    # least 10 from the end: 140 moves, seconds even on a quiet machine), quick enough a
    # game to be analysed twice in the suite's budget (2,000 took 100 s at a load of 16).
    settings.ANALYSIS_NODES = 600
    game = played_game([alice, bob])
    first = start_celery_worker(env, real_celery)  # start-up tasks done: before the analysis
    second = None
    try:
        with django_capture_on_commit_callbacks(execute=False):  # sent to this test's queue below
            analysis, _ = services.request_analysis(game.pk, alice)
        analyse_game.apply_async((analysis.pk,), queue=queue)
        wait_until(lambda: MoveAnalysis.objects.filter(analysis=analysis).count() >= 3, 60,
                   "the first worker judging moves")
        first.kill()  # back once the process is dead: nothing it did can land after this
        analysis.refresh_from_db()
        killed_at = analysis.progress
        assert analysis.status == "running"
        assert 3 <= killed_at < game.version - 10

        # A solo worker answers pings only between tasks: it is "ready" once its start-up
        # re-dispatch of the killed analysis has run to the end.
        second = start_celery_worker(env, real_celery, timeout=240)
        wait_until(lambda: GameAnalysis.objects.get(pk=analysis.pk).status == "done", 180,
                   "the analysis resumed by the new worker")
        resumed = rows(analysis)
        assert [r["ply"] for r in resumed] == list(range(1, game.version + 1))  # no duplicate
        assert "analysis.analyse_game[" in second.log_path.read_text()
    finally:
        first.stop()
        if second is not None:
            second.stop()
        with real_celery.connection_for_write() as connection:
            connection.default_channel.queue_purge(queue)
    # The same rows as an analysis never interrupted (run here, from scratch).
    MoveAnalysis.objects.filter(analysis=analysis).delete()
    GameAnalysis.objects.filter(pk=analysis.pk).update(status="queued", progress=0)
    assert services.run_analysis(analysis.pk) == "done"
    assert rows(analysis) == resumed
