"""Reads of analysis boards: a board by its id, its payload, the replay's comments, fair play."""

from django.urls import reverse
from django.utils.translation import gettext as _

from games.errors import NotFound
from games.models import Game
from kernel.errors import is_signed_in

from .models import AnalysisBoard

MAX_ID_LENGTH = 32


def get_board(board_id):
    """The board (with its game, table and seats loaded); NotFound for an unknown or odd id."""
    if not isinstance(board_id, str) or not 0 < len(board_id) <= MAX_ID_LENGTH:
        raise NotFound(_("no such analysis board"))
    board = (AnalysisBoard.objects.select_related("owner", "game__table")
             .prefetch_related("game__table__seats__user").filter(pk=board_id).first())
    if board is None:
        raise NotFound(_("no such analysis board"))
    return board


def playing_rated_game(user):
    """Whether `user` sits, not gone, at a rated game still being played."""
    if not is_signed_in(user):
        return False
    return Game.objects.filter(status=Game.Status.PLAYING, table__rated=True,
                               table__seats__user=user, table__seats__left=False).exists()


def board_payload(board, viewer=None, *, source=None):
    """What the API and the page show of a board; `source` is services.source_of(board)."""
    first, moves, names = source
    public = first.to_dict(public=True)
    return {
        "id": board.pk,
        "url": reverse("games:analysis-board", args=[board.pk]),
        "owner": board.owner.username,
        "mine": bool(viewer is not None and viewer.pk == board.owner_id),
        "title": board.title,
        "game": board.game_id,
        "start": board.start,
        "ruleset": public.get("ruleset", "classic"),
        "players": len(names),
        "variant": public.get("variant", "standard"),
        "seats": [{"player_index": index, "username": name} for index, name in enumerate(names)],
        # What the game (or record) itself played from the root: "the game's move" at each node.
        "game_line": moves[board.start:],
        "nodes": [{"path": node.path, "comment": node.comment} for node in board.nodes.all()],
        "updated_at": board.updated_at.isoformat(),
    }


def replay_comments(game, viewer):
    """The comments of the viewer's boards of `game` on positions the game itself reached:
    [{ply, comment, board, url}] by ply (the replay shows them at that move)."""
    if not is_signed_in(viewer):
        return []
    boards = list(AnalysisBoard.objects.filter(game=game, owner=viewer).prefetch_related("nodes"))
    if not boards:
        return []
    played = list(game.moves.order_by("number").values_list("move", flat=True))
    out = []
    for board in boards:
        for node in board.nodes.all():
            ply = board.start + node.depth
            if node.comment and node.path == played[board.start:ply]:
                out.append({"ply": ply, "comment": node.comment, "board": board.pk,
                            "url": reverse("games:analysis-board", args=[board.pk])})
    return sorted(out, key=lambda item: (item["ply"], item["board"]))
