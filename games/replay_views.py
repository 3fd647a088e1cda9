"""The replay page: every state of a game, rebuilt by the engine, stepped through in the browser."""

from django.http import Http404
from django.shortcuts import render

from . import replays, selectors
from .analysis import selectors as analysis_selectors
from .analysis.models import GameAnalysis
from .errors import NotFound


def replay(request, game_id):
    try:
        game = selectors.get_game(game_id)
    except NotFound as exc:
        raise Http404(exc.detail) from None
    return render(
        request,
        "games/replay.html",
        {
            "game": game,
            "replay_data": replays.replay_payload(game),
            # Only finished games are analysed; the page asks for (and follows) it from there.
            "analysis_data": analysis_selectors.analysis_payload(
                game, GameAnalysis.objects.filter(game=game).first())
            if game.status == game.Status.FINISHED else None,
        },
    )
