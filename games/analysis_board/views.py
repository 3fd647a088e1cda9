"""The analysis board's pages: a board (anyone with its link) and pasting a record."""

from django.shortcuts import render

from kernel.errors import found_or_404

from . import selectors, services


def board(request, board_id):
    found = found_or_404(selectors.get_board, board_id)
    return render(request, "games/analysis_board.html", {
        "board": found,
        "board_data": selectors.board_payload(found, request.user, source=services.source_of(found)),
        "closed": selectors.playing_rated_game(request.user),
    })


def paste(request):
    return render(request, "games/analysis_board_paste.html", {
        "closed": selectors.playing_rated_game(request.user),
    })
