"""The web client through a server restart: the game pages reconnect on their own and play on.

The daphne process serving both players is frozen while a move is on its way to it, then killed
(SIGKILL: the move is never read) and started again on the same port, as a deploy or a crash and
restart would do. Both pages come back with the jittered backoff of static/js/shared/backoff.js,
resync from the state sent on connect (the lost move is not in it, so its player may move again),
and play on; every move is applied once.
"""

import os
import random
import re
import signal

import pytest
from playwright.sync_api import expect

from games.models import Game, MoveRecord
from tests.support.processes import start_daphne

from .play_by_clicking import (
    GAME,
    join_and_start,
    open_table,
    play_one_move,
    sign_up,
    version_of,
    wait_for_turn_or_end,
)

pytestmark = [pytest.mark.requires("browser", "redis"), pytest.mark.timeout(240),
              pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}
BACK_WITHIN_MS = 60_000  # the backoff ceiling is 15 s; a loaded machine restarts daphne slowly


def connection_status(page):
    return page.locator(".status__conn")


@pytest.mark.long  # starts first: tests/conftest.py
def test_game_pages_reconnect_after_their_server_is_killed_and_play_on(subprocess_env, contexts):
    env = {**subprocess_env, "CELERY_EAGER": "true", "EMBEDDED_BEAT": "false"}
    server = start_daphne(env)
    port = int(server.url.rsplit(":", 1)[1])
    restarted = None
    try:
        ann, ben = contexts(DESKTOP, 15_000), contexts(DESKTOP, 15_000)
        sign_up(ann, server.url, "ann17")
        sign_up(ben, server.url, "ben17")
        # Through the pages: this process must not broadcast (see conftest).
        table_id = open_table(ann, server.url, players=2)
        join_and_start(ann, ben, server.url, table_id, "ben17")
        for page in (ann, ben):
            expect(page.locator(GAME)).to_be_visible()
        game = Game.objects.get(table_id=table_id)
        rng = random.Random(17)
        for _ in range(2):
            mover = wait_for_turn_or_end([ann, ben])
            before = version_of(mover)
            play_one_move(mover, rng)
            for page in (ann, ben):
                expect(page.locator(GAME)).not_to_have_attribute("data-version", str(before))

        # A move sent to a frozen server sits unread in its socket buffer; the kill loses it.
        mover = wait_for_turn_or_end([ann, ben])
        lost_at = version_of(mover)
        os.kill(server.process.pid, signal.SIGSTOP)
        play_one_move(mover, rng)
        server.kill()
        for page in (ann, ben):
            expect(connection_status(page)).to_have_class(
                re.compile(r"is-(closed|connecting)"), timeout=BACK_WITHIN_MS)

        restarted = start_daphne(env, port=port)
        for page in (ann, ben):
            expect(connection_status(page)).to_have_class(
                re.compile(r"is-open"), timeout=BACK_WITHIN_MS)
            expect(page.locator(GAME)).to_have_attribute("data-version", str(lost_at))
        assert Game.objects.get(pk=game.pk).version == lost_at  # the lost move was never applied

        # The same player moves again (the lost move no longer counts as pending), and play goes on.
        for _ in range(3):
            again = wait_for_turn_or_end([ann, ben], timeout=BACK_WITHIN_MS / 1000)
            before = version_of(again)
            play_one_move(again, rng)
            for page in (ann, ben):
                expect(page.locator(GAME)).not_to_have_attribute("data-version", str(before))
        game = Game.objects.get(pk=game.pk)
        assert game.version == lost_at + 3
        numbers = list(MoveRecord.objects.filter(game=game).order_by("number")
                       .values_list("number", flat=True))
        assert numbers == list(range(1, game.version + 1))
    finally:
        if server.process.poll() is None:
            os.kill(server.process.pid, signal.SIGKILL)
        server.stop()
        if restarted is not None:
            restarted.stop()
