"""Ladders: which rating a game counts for. One per ruleset and table size class.

Two-player and three/four-player Azul are different games strategically, so they are rated
apart; Azul Duel ("duel") gets its own ladder when its ruleset exists.
"""

from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext_lazy

from .maths.games import GLICKO, MULTIPLAYER


@dataclass(frozen=True)
class Ladder:
    key: str
    title: str
    description: str


LADDERS = {
    "classic-2p": Ladder(
        "classic-2p", gettext_lazy("Azul · 2 players"), gettext_lazy("classic rules, two players")
    ),
    "classic-multi": Ladder(
        "classic-multi",
        gettext_lazy("Azul · 3–4 players"),
        gettext_lazy("classic rules, three or four players"),
    ),
    "duel": Ladder("duel", gettext_lazy("Azul Duel"), gettext_lazy("the two-player Duel ruleset")),
}


def ladder_for(ruleset: str, players: int) -> str:
    """The ladder key of a game of `ruleset` with `players` seats."""
    if ruleset == "duel":
        return "duel"
    if ruleset == "classic":
        return "classic-2p" if players == 2 else "classic-multi"
    raise ValueError(f"no ladder for ruleset {ruleset!r}")


def ladder_query(ladder, prefix="table__"):
    """The games of a ladder, as a filter on Seat (prefix "table__") or Table (prefix "")."""
    if ladder == "duel":
        return Q(**{f"{prefix}ruleset": "duel"})
    if ladder == "classic-2p":
        return Q(**{f"{prefix}ruleset": "classic", f"{prefix}players": 2})
    if ladder == "classic-multi":
        return Q(**{f"{prefix}ruleset": "classic", f"{prefix}players__gte": 3})
    raise ValueError(f"unknown ladder {ladder!r}")


def model_of(ladder: str) -> str:
    """The rating model of a ladder: Glicko-2 for two players, Plackett–Luce for 3–4."""
    return MULTIPLAYER if ladder == "classic-multi" else GLICKO
