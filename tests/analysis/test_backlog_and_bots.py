"""A backlog of rated games' analyses never holds up a bot's move: real Celery workers over Redis,
one per queue as in production (the Procfile's worker_analysis and worker_bots)."""

import os

import pytest

from azul.bots import analysis as judge
from games import tasks
from games.analysis import services
from games.analysis.models import GameAnalysis
from games.analysis.tasks import analyse_game
from games.bot_accounts import bot_account
from games.models import MoveRecord
from tests.support.bots import abort_and_purge, fresh, game_in_order
from tests.support.processes import start_celery_worker
from tests.support.services import require_service
from tests.support.waiting import wait_until

from .factories import played_game


@pytest.mark.long  # two workers started: about 50 s here
@pytest.mark.django_db(transaction=True)
def test_a_bot_moves_while_the_analysis_worker_is_busy_with_a_backlog(
    subprocess_env, real_celery, alice, bob, carol, settings
):
    require_service("celery")
    # Private queues, kept apart by kind: no other worker of this run takes these tasks.
    prefix = f"backlog-{os.getpid()}-"
    env = {**subprocess_env, "CELERY_EAGER": "false", "CELERY_QUEUE_PREFIX": prefix,
           "CELERY_VISIBILITY_TIMEOUT": "3600"}
    analysis_queue, bots_queue = f"{prefix}analysis", f"{prefix}bots"
    analyser = start_celery_worker(env, real_celery, queues=[analysis_queue])
    player = None
    game = None
    try:
        player = start_celery_worker(env, real_celery, queues=[bots_queue, f"{prefix}celery"])
        # Four rated games' analyses as services.analyse_rated_game makes them (no requester,
        # the game's budget at the default 20,000 positions a move: minutes of work for one
        # worker), sent as services.dispatch sends them, but to this test's analysis queue.
        settings.ANALYSIS_NODES = None
        backlog = []
        for _ in range(4):  # four games of the same moves (the factory plays it once)
            finished = played_game([alice, bob])
            backlog.append(GameAnalysis.objects.create(
                game=finished, total=finished.version, requested_by=None,
                nodes=services.automatic_node_budget(finished.version),
                engine_version=judge.ENGINE_VERSION, bot_version=judge.BOT_VERSION))
        for analysis in backlog:
            analyse_game.apply_async((analysis.pk,), queue=analysis_queue,
                                     priority=services.AUTOMATIC_PRIORITY)
        wait_until(lambda: GameAnalysis.objects.filter(pk=backlog[0].pk, progress__gte=1).exists(),
                   120, "the analysis worker judging the first game of the backlog")

        # Two bots move first, then it is carol's turn. The first turn is sent here; the second
        # one the bots' worker sends itself, routed by the settings (the subject of this test).
        game = game_in_order(carol, [bot_account("greedy"), bot_account("random"), carol])
        tasks.play_bot_turn.apply_async((game.pk, 0), queue=bots_queue)
        wait_until(lambda: fresh(game).version >= 2, 120, "the two bots' moves")
        assert [(m.number, m.user.username) for m in MoveRecord.objects.filter(game=game)] == [
            (1, "bot-greedy"), (2, "bot-random")]
        assert fresh(game).state["current_player"] == 2
        # Both bots moved while the analysis worker was still on the backlog's first game (a
        # second turn routed behind it would have waited for its end), the rest still queued.
        assert GameAnalysis.objects.get(pk=backlog[0].pk).status == "running"
        assert [a.status for a in GameAnalysis.objects.filter(pk__in=[a.pk for a in backlog[1:]])
                ] == ["queued"] * 3
    finally:
        analyser.kill()  # mid-analysis: nothing it did can land after this
        if player is not None:
            player.stop()
        if game is not None:
            abort_and_purge(game, real_celery, bots_queue)
        with real_celery.connection_for_write() as connection:
            connection.default_channel.queue_purge(analysis_queue)
