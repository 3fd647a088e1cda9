"""Tournament pairings as a pure library: Swiss (two players), Swiss at tables of three or four,
Arena, knockout, and the tie-breaks of the standings. No Django, no I/O, no global random state:
the same input always gives the same answer (docs/tournament-pairing.md)."""

from .arena import ArenaGame, ArenaPlayer, ArenaScore, ArenaState, arena_pairs, arena_score, arena_step
from .errors import PairingError
from .knockout import knockout_bracket, match_first_mover, match_winner, next_knockout_round
from .multiplayer import multiplayer_round, placement_points, table_sizes
from .swiss import Entrant, SwissRound, swiss_round
from .tiebreaks import Result, Tiebreaks, standings, tiebreaks

__all__ = [
    "ArenaGame",
    "ArenaPlayer",
    "ArenaScore",
    "ArenaState",
    "Entrant",
    "PairingError",
    "Result",
    "SwissRound",
    "Tiebreaks",
    "arena_pairs",
    "arena_score",
    "arena_step",
    "knockout_bracket",
    "match_first_mover",
    "match_winner",
    "multiplayer_round",
    "next_knockout_round",
    "placement_points",
    "standings",
    "swiss_round",
    "table_sizes",
    "tiebreaks",
]
