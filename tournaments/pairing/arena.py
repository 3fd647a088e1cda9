"""Arena (lichess-like): pair whoever is free now; score wins, draws, streaks and berserk.

Pairing (`arena_pairs`), one maximum matching of the waiting players (as many games as can start),
the cheapest by these tiers:
1. never the last opponent: a pair in which either one's latest opponent is the other is left out
   of the graph, unless they are the only two waiting and `rematch_if_alone` (an arena of two
   would otherwise stall; a caller that knows others are still playing passes False);
2. recent opponents: how many times each appears among the other's `RECENT_GAMES` latest;
3. the odd one out (an odd count): the lowest-ranked player stays waiting when it can, rather
   than a leader (it counts the players ranked below the one left out);
4. closeness: the rank gap times a rank factor, plus the rating gap. The factor runs from 2000
   for a pair holding the top rank down to 300 at the bottom, so leaders meet leaders while the
   tail of the leaderboard is paired more loosely (lichess' rule of thumb).
Many waiting players are matched in groups of `GROUP` down the leaderboard (networkx's blossom
takes about a second for 100), whoever a group leaves unpaired joining the next group's head: as
the closeness cost grows with the rank gap, a pair across groups would rarely be chosen anyway.
Who moves first follows the Swiss side rules (sides.py); when nothing separates them, the
lower-ranked player moves first (equal ranks: the lower id).

Scoring (`arena_score`): a win 2, a draw 1, a loss 0. After two wins in a row the player is "on
fire": each next game counts double (a win 4, a draw 2) until a game that is not a win, which
still counts double and ends the streak. Berserk adds 1 (never doubled) to a win in which the
player made at least `berserk_min_moves` moves: 10 by default, about two of the five or six
rounds of a two-player Azul game, so a berserk win only counts when the player really played
(lichess asks 7 chess moves for the same reason).

The score is a fold: `arena_step(state, game)` is a player's `ArenaState` after one more game
(points, sheet, streak, counts, recent opponents, sides), so a caller may keep the state and add
each game as it ends instead of replaying every game; `arena_score` is the fold from the empty
state.
"""

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .errors import PairingError
from .matching import cheapest_matching
from .sides import SideHistory, first_of_pair

RECENT_GAMES = 3  # how far back "recent opponents" reach
GROUP = 40  # players matched together at most; the rest in the next group down the leaderboard
BERSERK_MIN_MOVES = 10
OUTCOME_POINTS = {"win": 2, "draw": 1, "loss": 0}


@dataclass(frozen=True)
class ArenaPlayer:
    id: int
    rating: float
    rank: int  # current place on the leaderboard, 1 = top
    recent_opponents: tuple[int, ...] = ()  # most recent last
    first_moves: int = 0  # games in this arena in which the player moved first
    games: int = 0  # games played in this arena
    last_first: bool | None = None  # moved first in its last game; None before its first

    @property
    def sides(self) -> SideHistory:
        return SideHistory(2 * self.first_moves - self.games, self.last_first, 0)


@dataclass(frozen=True)
class ArenaGame:
    outcome: str  # "win" | "draw" | "loss"
    berserk: bool = False
    moves: int = 0  # moves the player made in that game
    opponent: int | None = None  # for the state's recent opponents (None: not kept)
    moved_first: bool | None = None  # for the state's sides (None: not kept)


@dataclass(frozen=True)
class ArenaScore:
    total: int
    per_game: tuple[int, ...]  # points of each game, in order
    on_fire: bool  # on a streak now (two wins in a row)


@dataclass(frozen=True)
class ArenaState:
    """A player's arena so far: what `arena_step` folds, what pairing and standings read."""

    total: int = 0
    per_game: tuple[int, ...] = ()  # points of each game, in order
    wins_in_a_row: int = 0
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    berserks: int = 0  # games in which the player went berserk
    recent_opponents: tuple[int, ...] = ()  # the last RECENT_GAMES, most recent last
    first_moves: int = 0  # games in which the player moved first
    last_first: bool | None = None  # moved first in its last game; None before its first

    @property
    def on_fire(self) -> bool:
        return self.wins_in_a_row >= 2

    @property
    def score(self) -> "ArenaScore":
        return ArenaScore(self.total, self.per_game, self.on_fire)

    def as_json(self) -> dict[str, Any]:
        return {"total": self.total, "per_game": list(self.per_game),
                "wins_in_a_row": self.wins_in_a_row, "games": self.games, "wins": self.wins,
                "draws": self.draws, "losses": self.losses, "berserks": self.berserks,
                "recent_opponents": list(self.recent_opponents), "first_moves": self.first_moves,
                "last_first": self.last_first}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> "ArenaState":
        if not data:
            return cls()
        return cls(**{**data, "per_game": tuple(data["per_game"]),
                      "recent_opponents": tuple(data["recent_opponents"])})


def arena_step(state: ArenaState, game: ArenaGame, *, berserk_min_moves: int = BERSERK_MIN_MOVES) -> ArenaState:
    """The state after one more game (the module's scoring rules)."""
    if berserk_min_moves < 0:
        raise PairingError("bad_berserk_moves", "the berserk threshold can't be negative")
    if game.outcome not in OUTCOME_POINTS or game.moves < 0:
        raise PairingError("bad_game", 'an outcome is "win", "draw" or "loss", moves are never negative')
    won = game.outcome == "win"
    points = OUTCOME_POINTS[game.outcome] * (2 if state.on_fire else 1)
    if won and game.berserk and game.moves >= berserk_min_moves:
        points += 1
    recent = state.recent_opponents
    if game.opponent is not None:
        recent = (*recent, game.opponent)[-RECENT_GAMES:]
    return ArenaState(
        total=state.total + points,
        per_game=(*state.per_game, points),
        wins_in_a_row=state.wins_in_a_row + 1 if won else 0,
        games=state.games + 1,
        wins=state.wins + won,
        draws=state.draws + (game.outcome == "draw"),
        losses=state.losses + (game.outcome == "loss"),
        berserks=state.berserks + game.berserk,
        recent_opponents=recent,
        first_moves=state.first_moves + bool(game.moved_first),
        last_first=state.last_first if game.moved_first is None else game.moved_first,
    )


def just_played(a: ArenaPlayer, b: ArenaPlayer) -> bool:
    return a.recent_opponents[-1:] == (b.id,) or b.recent_opponents[-1:] == (a.id,)


def arena_pairs(waiting: Sequence[ArenaPlayer], *, rematch_if_alone: bool = True) -> tuple[tuple[int, int], ...]:
    """Games to start among the players free now: (moves first, moves second), top ranks first."""
    ids = [player.id for player in waiting]
    if len(set(ids)) != len(ids):
        raise PairingError("duplicate_player", "each waiting player may appear only once")
    if any(player.rank < 1 or not 0 <= player.first_moves <= player.games for player in waiting):
        raise PairingError("bad_player", "ranks start at 1; first moves lie between 0 and the games played")
    players = sorted(waiting, key=lambda player: (player.rank, -player.rating, player.id))
    alone = len(players) == 2 and rematch_if_alone
    bottom = max((player.rank for player in players), default=1)
    games: list[tuple[int, int]] = []
    carried: list[ArenaPlayer] = []
    for start in range(0, len(players), GROUP):
        group = carried + players[start : start + GROUP]
        paired, carried = pair_group(group, bottom, alone)
        games += paired
    return tuple(games)


def pair_group(
    group: Sequence[ArenaPlayer], bottom: int, alone: bool
) -> tuple[list[tuple[int, int]], list[ArenaPlayer]]:
    """The games of one group (in rank order) and who is left unpaired."""
    costs: dict[tuple[int | None, int | None], tuple[int, int, int]] = {}
    for a, b in itertools.combinations(group, 2):
        if just_played(a, b) and not alone:
            continue
        recent = a.recent_opponents[-RECENT_GAMES:].count(b.id) + b.recent_opponents[-RECENT_GAMES:].count(a.id)
        factor = 300 + 1700 * (bottom - min(a.rank, b.rank)) // bottom
        closeness = abs(a.rank - b.rank) * factor + round(abs(a.rating - b.rating))
        costs[a.id, b.id] = (recent, 0, closeness)
    nodes: list[int | None] = [player.id for player in group]
    if len(group) % 2:  # a virtual partner meaning "stays waiting", cheapest for the lowest-ranked
        nodes.append(None)
        for below, player in enumerate(reversed(group)):
            costs[player.id, None] = (0, below, 0)
    by_id = {player.id: player for player in group}
    games = []
    for top_id, other_id in cheapest_matching(costs, nodes):
        if top_id is None or other_id is None:
            continue
        top, other = by_id[top_id], by_id[other_id]  # `top` holds the better rank: the group is in rank order
        top_by_rule = top.rank == other.rank and top.id < other.id  # else the lower-ranked: `other`
        top_first = first_of_pair(top.sides, other.sides, top_by_rule)
        games.append((top_id, other_id) if top_first else (other_id, top_id))
    seated = {player_id for game in games for player_id in game}
    return games, [player for player in group if player.id not in seated]


def arena_score(games: Sequence[ArenaGame], *, berserk_min_moves: int = BERSERK_MIN_MOVES) -> ArenaScore:
    """A player's arena points from its games in order (the module's rules): `arena_step` folded
    from the empty state."""
    if berserk_min_moves < 0:
        raise PairingError("bad_berserk_moves", "the berserk threshold can't be negative")
    state = ArenaState()
    for game in games:
        state = arena_step(state, game, berserk_min_moves=berserk_min_moves)
    return state.score
