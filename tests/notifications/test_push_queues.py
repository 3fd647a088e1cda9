"""Pushes wait on other servers, so they run apart from bot turns: on the notifications queue's
own worker, or embedded on a pool of their own. A push service that never answers delays no
other player's bot reply, and no move's caller."""

from pathlib import Path

import pytest
from django.conf import settings as django_settings

from games import events
from games.bot_accounts import bot_account
from kernel import dispatch
from notifications.models import PushSubscription
from tests.support.bots import fresh, game_in_order
from tests.support.games import start_game
from tests.support.push import SilentListener, browser_keys, vapid_keys
from tests.support.waiting import wait_until

CORRESPONDENCE = {"clock": {"kind": "correspondence", "days_per_move": 3}}
ROOT = Path(__file__).resolve().parents[2]


def hanging_subscriptions(user, listener, count):
    for n in range(count):
        PushSubscription.objects.create(user=user, endpoint=listener.url(f"/hang/{n}"),
                                        **browser_keys())


@pytest.mark.requires("redis", "celery")
def test_a_bot_reply_arrives_while_another_users_pushes_hang(
        celery_worker_process, settings, alice, bob, carol):
    for key, value in celery_worker_process.extra["vapid"].items():
        setattr(settings, key, value)  # so that this process's receiver sends pushes too
    silent = SilentListener()
    try:
        hanging_subscriptions(alice, silent, 3)
        for _ in range(3):  # game starts and turns: pushes to alice's silent push service
            start_game(alice, carol, **CORRESPONDENCE)
        assert silent.connected.wait(30), celery_worker_process.extra["notifications"].log_tail()

        game = game_in_order(bob, [bot_account("greedy"), bob])
        assert events.schedule_bot_turn_if_needed(fresh(game))
        wait_until(lambda: fresh(game).version >= 1, 60, "the bot's reply to bob")
        assert silent.open_connections() >= 1  # alice's pushes were hanging all along
    finally:
        silent.close()


@pytest.mark.django_db(transaction=True)  # the signal and the pool follow the commits
def test_embedded_a_push_runs_on_its_own_pool_never_in_the_thread_that_moved(
        settings, alice, carol):
    settings.PUSH_TEST_NETWORKS = ["127.0.0.1/32"]
    settings.PUSH_CONNECT_TIMEOUT_SECONDS = settings.PUSH_READ_TIMEOUT_SECONDS = 60
    for key, value in vapid_keys().items():
        setattr(settings, key, value)
    silent = SilentListener()
    try:
        hanging_subscriptions(alice, silent, 1)
        start_game(alice, carol, **CORRESPONDENCE)  # returned: the push did not hold it
        assert silent.connected.wait(30)
        assert silent.open_connections() >= 1  # still hanging, elsewhere
    finally:
        silent.close()
    assert dispatch.NOTIFICATIONS.wait_idle(30)


def test_each_kind_of_task_goes_to_its_own_queue_and_the_procfile_runs_a_worker_for_each():
    from azulsite.celery import app

    route = {name: app.amqp.router.route({}, name)["queue"].name for name in (
        "games.tasks.play_bot_turn", "analysis.analyse_game", "notifications.send_push",
        "notifications.send_game_email", "games.tasks.enforce_clocks",
        "tournaments.tasks.record_game_result", "tournaments.tasks.advance")}
    assert route == {"games.tasks.play_bot_turn": "bots", "analysis.analyse_game": "analysis",
                     "notifications.send_push": "notifications",
                     "notifications.send_game_email": "notifications",
                     "games.tasks.enforce_clocks": "celery",
                     "tournaments.tasks.record_game_result": "tournaments",
                     "tournaments.tasks.advance": "tournaments"}
    # What a worker started without -Q consumes: every queue.
    assert set(django_settings.CELERY_TASK_QUEUES) == {"celery", "bots", "analysis",
                                                       "notifications", "tournaments"}
    procfile = (ROOT / "Procfile").read_text()
    for queue in ("celery", "bots", "analysis", "notifications", "tournaments"):
        assert f" -Q {queue} " in procfile, queue
    assert django_settings.CELERY_TASK_DEFAULT_QUEUE == "celery"
