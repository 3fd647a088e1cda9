"""Pages of the ratings app: leaderboards (the profile's sections are read by selectors.profile_sections)."""

from django.http import Http404
from django.shortcuts import redirect, render

from . import selectors
from .ladders import LADDERS

DEFAULT_LADDER = "classic-2p"


def leaderboard(request, ladder=None):
    if ladder is None:
        return redirect("ratings:leaderboard", ladder=DEFAULT_LADDER)
    try:
        board = selectors.leaderboard(ladder)
    except ValueError:
        raise Http404(f"no ladder {ladder}") from None
    return render(
        request,
        "ratings/leaderboard.html",
        {"board": board, "ladders": LADDERS.values(), "current": ladder,
         "active_days": selectors.ACTIVE_DAYS},
    )
