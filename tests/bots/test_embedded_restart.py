"""The embedded server (eager Celery: no worker, no beat) killed mid bot turn, then started again."""

import json
import time
import urllib.request

import pytest

from accounts.services import api_token_for
from azul import engine
from games.bot_accounts import bot_account
from games.models import Game, MoveRecord
from tests.support.bots import fresh, game_in_order
from tests.support.processes import start_daphne
from tests.support.waiting import wait_until


@pytest.mark.django_db(transaction=True)
def test_a_restarted_embedded_server_plays_the_bot_turn_its_predecessor_died_in(
    subprocess_env, alice
):
    env = {**subprocess_env, "CELERY_EAGER": "true", "BOT_THINK_SECONDS": "3"}
    # alice moves, then the bot, then alice again: the bot has exactly one move to make.
    game = game_in_order(alice, [alice, bot_account("strong")])
    first = start_daphne(env)
    second = None
    try:
        move = engine.ClassicState.from_dict(game.state).legal_moves()[0].to_dict()
        request = urllib.request.Request(
            f"{first.url}/api/v1/games/{game.pk}/moves",
            data=json.dumps({"move": move, "version": 0}).encode(),
            headers={"Authorization": f"Token {api_token_for(alice)}",
                     "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.status in (200, 201)
        # Answered after the commit that handed the bot's turn to the server's pool: the bot is
        # thinking (3 s) now.
        first.kill()
        assert fresh(game).version == 1  # the bot's turn died with the server

        started = time.monotonic()
        second = start_daphne(env)
        wait_until(lambda: fresh(game).version >= 2, 30 - (time.monotonic() - started),
                   "the bot's move, within 30 s of starting the server again")
        # It is alice's turn now: no bot may move again, so there is nothing later to wait for.
        game = fresh(game)
        assert game.version == 2
        assert game.state["current_player"] == 0  # alice's turn
        movers = list(MoveRecord.objects.filter(game=game).order_by("number")
                      .values_list("number", "user__username"))
        assert movers == [(1, "alice"), (2, "bot-strong")]
    finally:
        first.stop()
        if second is not None:
            second.stop()
        Game.objects.filter(pk=game.pk).update(status=Game.Status.ABORTED)
