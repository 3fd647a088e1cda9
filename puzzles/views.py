"""The puzzle pages: training (next puzzle near your rating, optionally one theme), one puzzle by its
link, the daily puzzle and the streak mode. Each page draws its first puzzle from the server;
puzzle-page.js plays it and asks the API for the next."""

from django.shortcuts import render
from django.utils import timezone

from azul.puzzles import THEMES
from kernel.errors import found_or_404, is_signed_in

from . import selectors, services
from .errors import Invalid, NoPuzzle
from .explain import theme_name
from .session import remember_seen, seen_ids

HISTORY_SHOWN = 10  # the last rated attempts under the board (the API gives 50)


def _page(request, puzzle, mode, **extra):
    if puzzle is not None:
        remember_seen(request, puzzle.pk)
    player = selectors.player_of(request.user) if is_signed_in(request.user) else None
    return render(request, "puzzles/puzzle.html", {
        "puzzle": puzzle,
        "puzzle_data": selectors.puzzle_payload(puzzle) if puzzle is not None else None,
        "mode": mode,
        "themes": [{"theme": theme, "name": theme_name(theme)} for theme in THEMES],
        "rating": selectors.rating_payload(player) if is_signed_in(request.user) else None,
        "history": selectors.history(request.user, HISTORY_SHOWN) if is_signed_in(request.user) else [],
        **extra,
    })


def train(request):
    theme = request.GET.get("theme") or None
    if theme not in (None, *THEMES):
        theme = None
    try:
        puzzle = services.next_puzzle(request.user, seen=seen_ids(request), theme=theme)
    except (NoPuzzle, Invalid):
        puzzle = None
    return _page(request, puzzle, "train", theme=theme)


def streak(request):
    try:
        puzzle = services.next_puzzle(request.user, seen=seen_ids(request), streak=0)
    except NoPuzzle:
        puzzle = None
    return _page(request, puzzle, "streak")


def daily(request):
    try:
        puzzle = services.daily_puzzle(timezone.localdate())
    except NoPuzzle:
        puzzle = None
    return _page(request, puzzle, "daily")


def puzzle(request, puzzle_id):
    return _page(request, found_or_404(selectors.get_puzzle, puzzle_id), "one")
