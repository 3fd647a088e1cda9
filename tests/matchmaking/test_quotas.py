"""One matchmaking budget and one bot-games cap, whichever transport asks: REST or a socket
message gets the same refusal, with the same code (matchmaking.quotas, games.services.bot_games)."""

import pytest
from asgiref.sync import async_to_sync

from games import services
from games.models import Game
from matchmaking import errors
from matchmaking.models import RematchOffer
from matchmaking.services import rematches, seeks
from tests.support.bots import wait_for_bots
from tests.support.sockets import joined, tokens_for

pytestmark = pytest.mark.django_db(transaction=True)


def rematch_over_socket(game_id, token, times=1):
    """Send `rematch_offer` `times` on one game socket, then a ping: the `rematch` messages and
    the errors heard before its pong (the socket stayed open), in order."""
    @async_to_sync
    async def scenario():
        (socket,), _ = await joined(game_id, token)
        for _ in range(times):
            await socket.send_json_to({"type": "rematch_offer"})
        await socket.send_json_to({"type": "ping"})
        heard = {"rematch": [], "error": []}
        while (message := await socket.receive_json_from(timeout=5))["type"] != "pong":
            if message["type"] != "presence":
                heard[message["type"]].append(message)
        await socket.disconnect()
        return [m["rematch"]["status"] for m in heard["rematch"]], heard["error"]
    return scenario()


def test_rest_and_socket_spend_one_rematch_budget_and_are_refused_alike(
        finished_pair, alice, client, settings, throttle_clock_held):
    settings.MATCHMAKING_WRITES_PER_MINUTE = 3
    client.force_login(alice)
    url = f"/api/v1/games/{finished_pair.pk}/rematch"
    assert client.post(url).status_code == 200
    statuses, (refused,) = rematch_over_socket(finished_pair.pk, tokens_for(alice)["alice"], 3)
    assert set(statuses) == {"open"}  # two offers spent the budget's rest; the third is refused
    rest = client.post(url)
    assert rest.status_code == 429
    body = rest.json()["error"]
    assert refused["code"] == body["code"] == "throttled"
    assert refused["retry_after"] >= 1
    assert body["retry_after"] >= 1
    assert client.get(url).status_code == 200  # reading spends nothing
    assert RematchOffer.objects.count() == 1


def test_every_matchmaking_write_spends_the_same_budget(finished_pair, alice, bob, settings,
                                                        throttle_clock_held):
    settings.MATCHMAKING_WRITES_PER_MINUTE = 4
    seeks.create_seek(alice)
    seeks.cancel_seek(alice)
    rematches.offer_rematch(finished_pair.pk, alice)
    rematches.cancel_rematch(finished_pair.pk, alice)
    for write in (lambda: seeks.play_computer(alice, "greedy"), lambda: seeks.create_seek(alice),
                  lambda: rematches.offer_rematch(finished_pair.pk, alice)):
        with pytest.raises(errors.Throttled):
            write()
    rematches.offer_rematch(finished_pair.pk, bob)  # another user's budget is whole
    assert Game.objects.count() == 1


def test_games_against_bots_are_capped_over_rest_and_the_socket(alice, client, settings):
    settings.BOT_GAMES_PER_USER = 2
    client.force_login(alice)

    def computer():
        return client.post("/api/v1/quickplay/computer", {"level": "greedy"},
                           content_type="application/json")

    finished = computer().json()["game"]
    services.resign(finished, alice)
    running = [computer().json()["game"] for _ in range(2)]
    refused = computer()
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "too_many_bot_games"
    table = client.post("/api/v1/tables", {"players": 2, "bots": [{"seat": 1, "level": "greedy"}]},
                        content_type="application/json").json()["id"]
    started = client.post(f"/api/v1/tables/{table}/start")
    assert started.status_code == 409
    assert started.json()["error"]["code"] == "too_many_bot_games"
    statuses, (over_socket,) = rematch_over_socket(finished, tokens_for(alice)["alice"])
    assert not statuses
    assert over_socket["code"] == "too_many_bot_games"
    assert not RematchOffer.objects.exists()  # refused whole: no offer left open
    assert Game.objects.count() == 3

    services.resign(running[0], alice)  # one fewer running: the rematch starts
    statuses, refusals = rematch_over_socket(finished, tokens_for(alice)["alice"])
    assert "started" in statuses
    assert not refusals
    assert Game.objects.filter(status=Game.Status.PLAYING).count() == 2
    wait_for_bots()
