"""Analysis boards: a tree of lines from one position, owned by a user, public by its link.

The root is a position of a finished game (`game`, after `start` moves) or of a pasted game
record (`record`, after `start` of its moves). Each node is the path of moves from the root
(engine move JSON) with an optional comment; the prefixes of a stored path are nodes too.
Only games.analysis_board.services writes these rows.
"""

import secrets

from django.conf import settings
from django.db import models


def new_board_id():
    """An unguessable id (128 random bits): the board is public to whoever has its link."""
    return secrets.token_urlsafe(16)


class AnalysisBoard(models.Model):
    id = models.CharField(primary_key=True, max_length=32, default=new_board_id, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="analysis_boards")
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.CASCADE,
                             related_name="analysis_boards")
    record = models.JSONField(null=True, blank=True)  # a pasted record, when there is no game
    start = models.PositiveIntegerField()  # moves of the game (or record) before the root
    title = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [models.Index(fields=["owner", "created_at"])]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(game__isnull=False) | models.Q(record__isnull=False),
                name="analysis_board_has_a_source"),
        ]

    def __str__(self):
        return f"Analysis board {self.id} of {self.owner_id}"


class BoardNode(models.Model):
    board = models.ForeignKey(AnalysisBoard, on_delete=models.CASCADE, related_name="nodes")
    path = models.JSONField()  # the moves from the root, engine move JSON
    depth = models.PositiveSmallIntegerField()  # len(path)
    comment = models.TextField(blank=True)

    class Meta:
        ordering = ["depth", "id"]

    def __str__(self):
        return f"Node {self.depth} of board {self.board_id}"
