"""The replay page: every state of a game, rebuilt by the engine, stepped through in the browser."""

from django.shortcuts import render

from kernel.errors import found_or_404, is_signed_in

from . import replays, selectors
from .analysis import selectors as analysis_selectors
from .analysis.models import GameAnalysis
from .analysis_board import selectors as board_selectors


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
            "board_data": _board_data(request, game),
        },
    )


def _board_data(request, game):
    """The analysis board beside the replay: offered for a finished game to a signed-in user who
    is not playing a rated game (fair play), with the comments of their boards of this game."""
    finished = game.status == game.Status.FINISHED
    return {
        "offer": finished and is_signed_in(request.user)
        and not board_selectors.playing_rated_game(request.user),
        "comments": board_selectors.replay_comments(game, request.user) if finished else [],
    }
