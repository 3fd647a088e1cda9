"""Bot turns on real Celery workers over Redis: a whole game watched live, and a killed worker."""

import json
import os
import time

import pytest

from games import events, tasks
from games.bot_accounts import bot_account
from games.models import Game, MoveRecord
from tests.support.bots import abort_and_purge, bots_only_game, fresh, game_in_order, only_move_by
from tests.support.processes import start_celery_worker, wait_for_queue_to_drain
from tests.support.services import require_service
from tests.support.waiting import wait_until

SPECTATE = """url => new Promise((resolve, reject) => {
    window.seen = [];
    const socket = new WebSocket(url);
    socket.onmessage = event => window.seen.push(JSON.parse(event.data));
    socket.onopen = () => resolve(true);
    socket.onerror = () => reject(new Error("websocket error"));
})"""


def test_bots_play_a_whole_game_on_a_worker_streamed_to_a_spectator(
    celery_worker_process, live_daphne, page, alice
):
    game = bots_only_game(alice, ["greedy", "random"])
    page.goto(f"{live_daphne.url}/")
    page.evaluate(SPECTATE, f"{live_daphne.ws_url}/ws/games/{game.pk}/")
    wait_until(lambda: page.evaluate("window.seen.length") >= 1, 10, "the first state")

    assert events.schedule_bot_turn_if_needed(fresh(game))  # as services do after commit
    wait_until(lambda: fresh(game).status != Game.Status.PLAYING, 90, "the end of the game")

    game = fresh(game)
    assert game.result["ended_by"] == "normal"
    moves = MoveRecord.objects.filter(game=game).count()
    assert moves == game.version > 20
    wait_until(
        lambda: any(m.get("status") == "finished" for m in page.evaluate("window.seen")),
        10, "the final state on the spectator's socket",
    )
    versions = [m["version"] for m in page.evaluate("window.seen") if m.get("type") == "state"]
    assert versions == sorted(versions)
    assert set(range(1, game.version + 1)) <= set(versions)  # every move was streamed


def quick_thinker(env):
    """The worker that takes the killed one's turn over thinks a tenth of a second: the turn
    must be played, how long its bot thinks is not the subject (3 s more per test)."""
    return {**env, "BOT_THINK_SECONDS": "0.1"}


def kill_mid_think(worker, game, queue):
    """Send the game's first bot turn to `worker`, and kill the worker while the bot thinks."""
    tasks.play_bot_turn.apply_async((game.pk, 0), queue=queue)
    # A solo pool runs a task as it logs it received: the bot is thinking (3 s) from here on.
    wait_until(lambda: "play_bot_turn" in worker.log_path.read_text(), 30, "the first worker")
    worker.kill()
    assert fresh(game).version == 0  # the turn died with the worker


@pytest.mark.django_db(transaction=True)
def test_a_bot_turn_survives_its_worker_being_killed_mid_think(
    subprocess_env, real_celery, alice
):
    require_service("celery")
    # Own queue, so no other worker of this test run takes the turn; a short visibility
    # timeout, so Redis hands the unacknowledged turn to the next worker quickly.
    queue = f"bots-killed-{os.getpid()}"
    env = {
        **subprocess_env,
        "CELERY_EAGER": "false",
        "CELERY_QUEUE": queue,
        "CELERY_VISIBILITY_TIMEOUT": "2",
        "CELERY_UNACKED_RESTORE_INTERVAL": "1",
        "CELERY_UNACKED_RESTORE_THROTTLE": "1",
        "BOT_THINK_SECONDS": "3",
    }
    first = start_celery_worker(env, real_celery)  # start-up tasks done: before the game exists
    second = None
    game = bots_only_game(alice, ["strong", "strong"])
    try:
        kill_mid_think(first, game, queue)

        second = start_celery_worker(quick_thinker(env), real_celery)
        wait_until(lambda: fresh(game).version >= 1, 40, "the turn redelivered to a new worker")
        record = MoveRecord.objects.get(game=game, number=1)
        assert record.user.username == "bot-strong"
        assert json.dumps(record.move)
    finally:
        first.stop()
        if second is not None:
            second.stop()
        abort_and_purge(game, real_celery, queue)


@pytest.mark.django_db(transaction=True)
def test_a_new_worker_replays_a_killed_workers_bot_turn_at_once_without_beat(
    subprocess_env, real_celery, alice
):
    """The broker would hand the dead worker's turn on only after its visibility timeout (an
    hour here, as in production); the starting worker re-dispatches waiting turns instead."""
    require_service("celery")
    queue = f"bots-restarted-{os.getpid()}"
    env = {**subprocess_env, "CELERY_EAGER": "false", "CELERY_QUEUE": queue,
           "CELERY_VISIBILITY_TIMEOUT": "3600", "BOT_THINK_SECONDS": "3"}
    first = start_celery_worker(env, real_celery)  # start-up tasks done: before the game exists
    second = None
    # The bot moves first, then it is alice's turn: the bot has exactly one move to make.
    game = game_in_order(alice, [bot_account("strong"), alice])
    try:
        kill_mid_think(first, game, queue)

        started = time.monotonic()
        second = start_celery_worker(quick_thinker(env), real_celery)
        wait_until(lambda: fresh(game).version >= 1, 30 - (time.monotonic() - started),
                   "the bot's move, within 30 s of starting a new worker")
        # Anything else queued for this turn (its start-up re-dispatch) has run by now.
        wait_for_queue_to_drain(second, real_celery, queue)
        only_move_by(game, "bot-strong")  # and it is alice's turn
    finally:
        first.stop()
        if second is not None:
            second.stop()
        abort_and_purge(game, real_celery, queue)
