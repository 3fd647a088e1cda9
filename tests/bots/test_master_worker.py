"""The master bot on the site: a real Celery worker plays its turns; broken weights stop startup."""

import os

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from games import tasks
from games.bot_accounts import bot_account
from tests.support.bots import abort_and_purge, fresh, game_in_order, only_move_by
from tests.support.processes import start_celery_worker, start_daphne
from tests.support.services import require_service
from tests.support.waiting import wait_until


@pytest.mark.django_db(transaction=True)
def test_a_real_worker_plays_a_master_turn(subprocess_env, real_celery, alice):
    require_service("celery")
    queue = f"bots-master-{os.getpid()}"
    env = {**subprocess_env, "CELERY_EAGER": "false", "CELERY_QUEUE": queue,
           "BOT_THINK_SECONDS": "0.5"}
    worker = start_celery_worker(env, real_celery)
    game = game_in_order(alice, [bot_account("master"), alice])
    try:
        tasks.play_bot_turn.apply_async((game.pk, 0), queue=queue)
        wait_until(lambda: fresh(game).version >= 1, 60, "the master bot's move")
        only_move_by(game, "bot-master")  # and it is alice's turn
    finally:
        worker.stop()
        abort_and_purge(game, real_celery, queue)


def test_a_worker_with_corrupt_weights_refuses_to_start(subprocess_env, real_celery, tmp_path):
    require_service("celery")
    (tmp_path / "classic-2p.npz").write_bytes(b"not weights")
    env = {**subprocess_env, "CELERY_EAGER": "false", "CELERY_QUEUE": f"bots-broken-{os.getpid()}",
           "BOT_WEIGHTS_DIR": str(tmp_path)}
    with pytest.raises(RuntimeError, match="celery exited") as failure:
        start_celery_worker(env, real_celery, timeout=60)
    assert "worker not started: master bot weights unreadable" in str(failure.value)


def test_daphne_with_corrupt_weights_refuses_to_start(subprocess_env, tmp_path):
    (tmp_path / "classic-2p.npz").write_bytes(b"not weights")
    env = {**subprocess_env, "BOT_WEIGHTS_DIR": str(tmp_path)}
    with pytest.raises(RuntimeError, match="daphne exited") as failure:
        start_daphne(env, timeout=60)
    assert "master bot weights unreadable" in str(failure.value)


def test_the_system_check_reports_missing_weights(settings, tmp_path):
    from azul.bots.master import weights

    settings.BOT_WEIGHTS_DIR = str(tmp_path)  # an empty folder: no weights at all
    try:
        with pytest.raises(SystemCheckError, match="azulsite.E001.*weights missing"):
            call_command("check")
    finally:
        weights.use_directory(None)
    settings.BOT_WEIGHTS_DIR = None
    call_command("check")  # the packaged weights pass
