"""The replay page: every state of a game, rebuilt by the engine, stepped through in the browser."""

from django.http import Http404
from django.shortcuts import render

from . import replays, selectors
from .errors import NotFound


def replay(request, game_id):
    try:
        game = selectors.get_game(game_id)
    except NotFound as exc:
        raise Http404(exc.detail) from None
    return render(
        request,
        "games/replay.html",
        {"game": game, "replay_data": replays.replay_payload(game)},
    )
