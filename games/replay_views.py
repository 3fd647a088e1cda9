"""The replay page: every state of a game, rebuilt by the engine, stepped through in the browser."""

from django.shortcuts import render

from kernel.errors import found_or_404

from . import replays, selectors
from .analysis import selectors as analysis_selectors
from .analysis.models import GameAnalysis


def replay(request, game_id):
    game = found_or_404(selectors.get_game, game_id)
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
