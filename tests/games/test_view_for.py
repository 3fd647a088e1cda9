"""What a viewer sees of a game is decided once (games.payloads.view_for), whichever path carries
it: the REST game endpoint, the state a socket gets on connecting, a sync, the broadcast.

The legal moves and their previews are the account's that moves now; a seated player waiting
for their turn, a player who left, a spectator and an anonymous visitor get both as [] — over
REST too (the socket always did; REST handed them to everyone).
"""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from games import game_rules, payloads, selectors
from games.models import Game
from tests.support.games import client_for, controller_to_move, play_one, start_game, waiting_users
from tests.support.sockets import game_socket, next_of, opened, settle, tokens_for

pytestmark = pytest.mark.django_db(transaction=True)


def get(game, user=None):
    response = client_for(user).get(f"/api/v1/games/{game.pk}")
    assert response.status_code == 200
    return response.json()


@pytest.mark.parametrize("ruleset", ["classic", "duel"])
def test_rest_gives_the_moves_to_the_player_to_move_alone(alice, bob, carol, ruleset):
    game = start_game(alice, bob, ruleset=ruleset)
    mover, (waiting,) = controller_to_move(game), waiting_users(game)
    stored = Game.objects.get(pk=game.pk)
    state = game_rules.load_state(stored.state)

    mine = get(game, mover)
    assert mine["legal_moves"] == game_rules.legal_moves(state) != []
    assert mine["previews"] == game_rules.move_previews(state)
    # Hidden information stays on the server for everyone, the mover included.
    assert mine["state"] == state.to_dict(public=True) != stored.state
    assert mine["seed"] is None
    assert mine["salt"] is None

    for viewer in (waiting, carol, None):  # the opponent, a spectator, anonymous
        seen = get(game, viewer)
        assert seen["legal_moves"] == []
        assert seen["previews"] == []
        assert seen == {**mine, "legal_moves": [], "previews": []}


def test_rest_connect_sync_and_the_broadcast_give_each_viewer_the_same_view(
    alice, bob, carol, dave, settings
):
    """A 3-player game, its players and two spectators (one anonymous). A waiting player
    resigns (a bot takes the seat over, the game goes on, nobody moved yet): every viewer's
    broadcast state is what REST, a new socket's connect and a sync give them at that version,
    and the leaver's REST answer to the resignation is their view too."""
    settings.WEBSOCKET_MESSAGES_PER_SECOND = 1000
    game = start_game(alice, bob, carol)
    leaver = waiting_users(game)[0]
    tokens = {**tokens_for(alice, bob, carol, dave), None: None}
    users = {user.username: user for user in (alice, bob, carol, dave)}
    leaver_client = client_for(leaver)

    @async_to_sync
    async def broadcast_states():
        sockets = {name: await opened(game_socket(game.pk, token)) for name, token in tokens.items()}
        for socket in sockets.values():
            await next_of(socket, "state")
        await settle(*sockets.values())
        change = await database_sync_to_async(leaver_client.post)(f"/api/v1/games/{game.pk}/resign")
        assert change.status_code == 200
        states = {name: await next_of(socket, "state") for name, socket in sockets.items()}
        for socket in sockets.values():
            await socket.disconnect()
        return states, change.json()

    broadcast, resign_answer = broadcast_states()
    version = broadcast[None]["version"]
    assert {state["version"] for state in broadcast.values()} == {version}
    assert any(seat["left"] for seat in broadcast[None]["seats"])
    assert resign_answer == without_type(broadcast[leaver.username])

    @async_to_sync
    async def connect_and_sync(name):
        socket = await opened(game_socket(game.pk, tokens[name]))
        connected = await next_of(socket, "state")
        await socket.send_json_to({"type": "sync"})
        synced = await next_of(socket, "state")
        await socket.disconnect()
        return connected, synced

    mover = selectors.mover_id(selectors.get_game_with_players(game.pk))
    for name, seen in broadcast.items():
        user = users.get(name)
        assert (seen["legal_moves"] != []) == (user is not None and user.pk == mover)
        connected, synced = connect_and_sync(name)
        assert connected == synced == seen
        assert get(game, user) == without_type(seen)
    assert Game.objects.get(pk=game.pk).version == version


def test_after_a_move_the_broadcast_adds_only_what_the_move_did(alice, bob, carol):
    """The one documented difference: the broadcast that follows a move says what it took and
    scored (`last_move`'s taken, scoring, before_tiling); a later read has null there."""
    game = start_game(alice, bob)
    outcome = play_one(game)
    # The broadcast's views, built as games.broadcast builds them after the commit.
    _mover, mine, others = payloads.views(
        outcome.game, last_move=outcome.last_move, engine_state=outcome.engine_state,
        account=outcome.account,
    )
    account_fields = {"taken": None, "scoring": None, "before_tiling": None}
    for user, sent in ((controller_to_move(game), mine), (carol, others)):
        read = get(game, user)
        assert sent["last_move"]["scoring"] is not None
        assert read == {**sent, "last_move": {**sent["last_move"], **account_fields}}


def without_type(message):
    return {key: value for key, value in message.items() if key != "type"}
