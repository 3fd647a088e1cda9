"""Pages of the ratings app: leaderboards, and the profile's rating and history sections."""

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render

from . import charts, selectors
from .ladders import LADDERS

HISTORY_PAGE_SIZE = 20
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
        {"board": board, "ladders": LADDERS.values(), "current": ladder},
    )


def _history_filters(query):
    """The filters of the history form; unknown values are dropped rather than refused."""
    filters = {}
    if query.get("ladder") in LADDERS:
        filters["ladder"] = query["ladder"]
    if query.get("variant") in ("standard", "gray"):
        filters["variant"] = query["variant"]
    if query.get("result") in selectors.OUTCOMES:
        filters["outcome"] = query["result"]
    if query.get("opponent", "").strip():
        filters["opponent"] = query["opponent"].strip()[:150]
    return filters


def profile_sections(request, user):
    """Context for the profile page: ratings with charts, filtered history, head-to-head."""
    ratings = selectors.ratings_of(user)
    rated = []
    for rating in ratings:
        history = selectors.rating_history(user, rating.ladder)
        chart = charts.rating_chart(
            [charts.RatedGame(game_id, when, after) for game_id, when, after, _ in history]
        )
        rated.append({"rating": rating, "chart": chart})
    filters = _history_filters(request.GET)
    # A page of rows and one aggregate for head-to-head: never the whole history.
    rows = selectors.game_history(user, **filters)
    page = Paginator(rows, HISTORY_PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return {
        "ladder_ratings": rated,
        "history_page": page,
        "history_filters": filters,
        "history_query": query.urlencode(),
        "opponents": selectors.opponent_records(user),
        "ladders": LADDERS.values(),
        "outcomes": selectors.OUTCOMES,
    }
