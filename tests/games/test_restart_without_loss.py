"""Restart without loss: two daphne processes on one Redis channel layer and one database, players
on both, one process SIGKILLed mid-game. Every client reconnects to the survivor with jittered
backoff and resyncs from the state sent on connect; no move is lost or applied twice; the games
finish. (The small functional form of `bench/ws_load.py --scenario restart`.) The games start in
their last round, so that they finish soon after the kill.

The clients behave as docs/api.md asks of a reconnecting client: the state on the new socket is
the truth, and a move sent on the dropped socket that this state has not passed is sent again,
unchanged (the server recognises a repeat of an applied move, so sending it twice is safe).
"""

import asyncio
import json
import os
import random
import signal
import time
from dataclasses import dataclass, field

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from accounts.services import api_token_for
from games.models import Game, MoveRecord
from tests.support.games import fresh, near_the_game_end, put_game_at, start_game
from tests.support.processes import start_daphne

pytestmark = [pytest.mark.requires("postgres", "redis"), pytest.mark.django_db(transaction=True)]

# The games start in their last round (put_game_at): the scenario is the kill and what follows
# it, and whole games over the sockets took most of the test's time (31 s at a load of 8).
TURNS_LEFT = 4  # player 0's turns in that round: the games go on for 5 or more moves after
KILL_AFTER = 2  # moves every game has played (from its set position) when the process dies
QUIET_LIMIT = 20.0  # seconds without any message on a socket: ask for a sync (generous: loaded CI)
GIVE_UP_AFTER = 150.0  # the whole scenario (pytest's own timeout is 180 s)


@dataclass
class Player:
    username: str
    token: str
    game_id: int
    start_version: int  # the version of the position the game was set at
    urls: list  # the daphne processes, this player's own first (a proxy would spread them so)
    sent: list = field(default_factory=list)  # (version, move) of every move frame sent
    connections: int = 0
    resent: int = 0  # moves sent again after a reconnect (their first copy may have been applied)
    last_version: int = -1
    final: dict | None = None


def my_turn(message, username):
    current = message["clock"]["current"]
    return any(seat["username"] == username and seat["player_index"] == current
               for seat in message["seats"])


async def play(player: Player, rng: random.Random, deadline: float):
    """Move on every turn until the game ends, reconnecting through the URL list when dropped."""
    attempt = 0
    ceiling = 0.25
    pending = None  # (version, move) sent and not yet seen applied
    while time.monotonic() < deadline:
        url = player.urls[attempt % len(player.urls)]
        try:
            async with connect(f"{url}/ws/games/{player.game_id}/?token={player.token}",
                               open_timeout=15, ping_interval=None) as socket:
                player.connections += 1
                resynced = False
                while True:
                    try:
                        raw = await asyncio.wait_for(socket.recv(), QUIET_LIMIT)
                    except TimeoutError:
                        await socket.send(json.dumps({"type": "sync"}))
                        continue
                    ceiling = 0.25  # the server answered: the next drop starts from the bottom
                    message = json.loads(raw)
                    if message["type"] == "error" and message["code"] == "throttled":
                        # Duel's consecutive decisions come fast: the frame was not processed.
                        await asyncio.sleep(message["retry_after_ms"] / 1000 + 0.05)
                        frame = {"type": "sync"} if pending is None else \
                            {"type": "move", "move": pending[1], "version": pending[0]}
                        await socket.send(json.dumps(frame))
                        continue
                    if message["type"] == "error":
                        # A repeat that another move overtook, or a turn that moved on: resync.
                        assert message["code"] in ("stale_version", "not_your_turn"), message
                        pending = None
                        await socket.send(json.dumps({"type": "sync"}))
                        continue
                    if message["type"] != "state" or message["version"] < player.last_version:
                        continue
                    player.last_version = message["version"]
                    if pending is not None and message["version"] > pending[0]:
                        pending = None  # applied (this state is past it)
                    if message["status"] != "playing":
                        player.final = message
                        return
                    if not my_turn(message, player.username):
                        resynced = True
                        continue
                    if pending is not None and not resynced and pending[0] == message["version"]:
                        # The first state on a new socket, and our move is not in it: lost with the
                        # old socket, or still on its way. Sending it again is safe either way.
                        player.resent += 1
                        await socket.send(json.dumps(
                            {"type": "move", "move": pending[1], "version": pending[0]}))
                    elif pending is None:
                        pending = (message["version"], rng.choice(message["legal_moves"]))
                        player.sent.append(pending)
                        await socket.send(json.dumps(
                            {"type": "move", "move": pending[1], "version": pending[0]}))
                    resynced = True
        except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError):
            pass
        attempt += 1  # the next process in the list: the survivor, after a kill
        await asyncio.sleep(rng.uniform(0, ceiling))
        ceiling = min(ceiling * 2, 4.0)
    raise AssertionError(f"{player.username}: the game did not finish in time "
                         f"(at version {player.last_version})")


async def kill_mid_game(players, victim, deadline):
    while min(p.last_version - p.start_version for p in players) < KILL_AFTER:
        assert time.monotonic() < deadline, "the games never reached the kill point"
        await asyncio.sleep(0.05)
    os.kill(victim.process.pid, signal.SIGKILL)


async def scenario(players, victim, seed):
    deadline = time.monotonic() + GIVE_UP_AFTER
    rng = random.Random(seed)
    await asyncio.gather(kill_mid_game(players, victim, deadline),
                         *(play(p, random.Random(rng.random()), deadline) for p in players))


def test_a_daphne_killed_mid_game_loses_no_move_and_every_game_finishes(
    subprocess_env, make_user
):
    users = [make_user(name) for name in ("ann", "ben", "cat", "dan")]
    games = [start_game(users[0], users[1]),  # classic, two players
             start_game(users[2], users[3], ruleset="duel")]
    for game in games:
        put_game_at(game, *near_the_game_end(game, player=0, turns=TURNS_LEFT))
    start_versions = {game.pk: fresh(game).version for game in games}
    env = {**subprocess_env, "CELERY_EAGER": "true", "EMBEDDED_BEAT": "false"}
    first = start_daphne(env)
    second = start_daphne(env)
    try:
        urls = [server.url.replace("http", "ws", 1) for server in (first, second)]
        players = []
        for game, pair in zip(games, (users[:2], users[2:]), strict=True):
            for k, user in enumerate(pair):  # each game has a player on each process
                players.append(Player(user.username, api_token_for(user), game.pk,
                                      start_versions[game.pk], urls[k:] + urls[:k]))
        asyncio.run(scenario(players, first, seed=17))
        assert first.process.wait(timeout=10) == -signal.SIGKILL

        for player in players:
            if player.urls[0] == urls[0]:  # on the killed process: back through the survivor
                assert player.connections >= 2, player
        for game in games:
            game = Game.objects.get(pk=game.pk)
            assert game.is_over
            assert game.status == Game.Status.FINISHED
            records = list(MoveRecord.objects.filter(game=game).order_by("number")
                           .values_list("number", "user__username", "move"))
            # Every version is one move, each applied once, and each played from the set
            # position on is a move a client sent.
            assert [number for number, _, _ in records] == list(range(1, game.version + 1))
            assert game.version > start_versions[game.pk] + KILL_AFTER
            sent = {(p.username, version, json.dumps(move, sort_keys=True))
                    for p in players if p.game_id == game.pk for version, move in p.sent}
            for number, username, move in records[start_versions[game.pk]:]:
                assert (username, number - 1, json.dumps(move, sort_keys=True)) in sent
            # Every move a client sent is applied, unless the game had moved past it: nothing a
            # client saw accepted is missing (its own later states came from the database).
            seen = [p for p in players if p.game_id == game.pk]
            assert all(p.final["version"] == game.version for p in seen)
            assert all(p.final["status"] == game.status for p in seen)
    finally:
        first.stop()
        second.stop()
