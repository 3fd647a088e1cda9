"""Reads for leaderboards, profiles and match history (the API and the pages share them)."""

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db.models import Prefetch, Q

from games.models import Game, Seat

from . import elo
from .ladders import LADDERS, ladder_for
from .models import Rating, RatingChange

OUTCOMES = ("win", "draw", "loss", "aborted", "playing")


def ladder_query(ladder, prefix="table__"):
    """The games of a ladder, as a filter on Seat (prefix "table__") or Table (prefix "")."""
    if ladder == "duel":
        return Q(**{f"{prefix}ruleset": "duel"})
    if ladder == "classic-2p":
        return Q(**{f"{prefix}ruleset": "classic", f"{prefix}players": 2})
    if ladder == "classic-multi":
        return Q(**{f"{prefix}ruleset": "classic", f"{prefix}players__gte": 3})
    raise ValueError(f"unknown ladder {ladder!r}")


# --- ratings and leaderboards -----------------------------------------------------------------


@dataclass(frozen=True)
class LadderRating:
    ladder: str
    title: str
    rating: int  # shown rounded; the ledger keeps hundredths
    exact: float
    games: int
    provisional: bool

    def as_dict(self):
        return {
            "ladder": self.ladder,
            "title": self.title,
            "rating": self.rating,
            "games": self.games,
            "provisional": self.provisional,
        }


def ratings_of(user):
    """The user's rating on every ladder they have played rated games on, in ladder order."""
    rows = {r.ladder: r for r in Rating.objects.filter(user=user, games__gt=0)}
    return [
        LadderRating(
            key,
            ladder.title,
            rows[key].shown,
            rows[key].rating,
            rows[key].games,
            rows[key].provisional,
        )
        for key, ladder in LADDERS.items()
        if key in rows
    ]


def main_rating(ratings):
    """The one number a profile headline shows: the ladder with the most rated games."""
    if not ratings:
        return None
    return max(ratings, key=lambda r: (r.games, -list(LADDERS).index(r.ladder)))


@dataclass(frozen=True)
class LeaderboardEntry:
    rank: int | None  # None for provisional players (listed apart, unranked)
    username: str
    display_name: str
    is_bot: bool
    rating: int
    games: int
    provisional: bool

    def as_dict(self):
        return dict(self.__dict__)


@dataclass(frozen=True)
class Leaderboard:
    ladder: str
    title: str
    ranked: list
    provisional: list


def leaderboard(ladder, limit=100):
    """Established players by rating (ranked), and provisional ones apart. ValueError if unknown."""
    if ladder not in LADDERS:
        raise ValueError(f"unknown ladder {ladder!r}")
    rows = (
        Rating.objects.filter(ladder=ladder, games__gt=0, user__is_active=True)
        .select_related("user")
        .order_by("-rating", "user__username")
    )
    established = rows.filter(games__gte=elo.PROVISIONAL_GAMES)[:limit]
    provisional = rows.filter(games__lt=elo.PROVISIONAL_GAMES)[:limit]

    def entry(rating, rank):
        user = rating.user
        return LeaderboardEntry(
            rank,
            user.username,
            user.shown_name,
            user.is_bot,
            rating.shown,
            rating.games,
            rating.provisional,
        )

    return Leaderboard(
        ladder,
        LADDERS[ladder].title,
        [entry(rating, rank) for rank, rating in enumerate(established, start=1)],
        [entry(rating, None) for rating in provisional],
    )


def rating_history(user, ladder):
    """[(game id, when, rating after, delta)] oldest first, starting from the first rated game."""
    return [
        (game_id, when, after, delta)
        for game_id, when, after, delta in RatingChange.objects.filter(user=user, ladder=ladder)
        .order_by("id")
        .values_list("game_id", "game__finished_at", "rating_after", "delta")
    ]


# --- match history ----------------------------------------------------------------------------


@dataclass
class HistoryRow:
    game_id: int
    status: str
    ladder: str
    variant: str
    rated: bool
    started_at: object
    finished_at: object
    players: list = field(default_factory=list)  # [{username, display_name, score, rank, left, me}]
    rank: int | None = None
    score: int | None = None
    outcome: str = "playing"  # win (alone on top), draw (shared top), loss, playing
    rating_delta: float | None = None

    @property
    def ladder_title(self):
        return LADDERS[self.ladder].title

    def as_dict(self):
        return {
            "game": self.game_id,
            "status": self.status,
            "ladder": self.ladder,
            "variant": self.variant,
            "rated": self.rated,
            "started_at": self.started_at.isoformat() if self.started_at else None,
            "finished_at": self.finished_at.isoformat() if self.finished_at else None,
            "players": self.players,
            "rank": self.rank,
            "score": self.score,
            "outcome": self.outcome,
            "rating_delta": self.rating_delta,
        }


def _my_seats(user):
    return (
        Seat.objects.filter(
            user=user,
            table__game__status__in=[Game.Status.PLAYING, Game.Status.FINISHED, Game.Status.ABORTED],
        )
        .select_related("table", "table__game")
        .defer("table__game__state")
        .prefetch_related(Prefetch("table__seats", queryset=Seat.objects.select_related("user")))
        .order_by("-table__game__created_at", "-table__game__id")
    )


def _outcome(result, index):
    if not result:
        return "playing"
    if result.get("ended_by") == "aborted":
        return "aborted"  # nobody won or lost: the game is unrated (docs/ratings.md)
    ranks = result.get("ranks") or []
    if index in (result.get("leavers") or []) or index >= len(ranks) or ranks[index] != 1:
        return "loss"
    return "draw" if ranks.count(1) > 1 else "win"


def _row(seat, deltas):
    table = seat.table
    game = table.game
    result = game.result if game.is_over else None
    scores = (result or {}).get("scores") or []
    ranks = (result or {}).get("ranks") or []
    if game.status == Game.Status.ABORTED:
        ranks = []  # an aborted game has no finishing order (docs/ratings.md)
    leavers = set((result or {}).get("leavers") or [])
    players = []
    for other in sorted(table.seats_in_order(), key=lambda s: s.player_index):
        index = other.player_index
        players.append(
            {
                "username": other.user.username,
                "display_name": other.user.shown_name,
                "is_bot": other.user.is_bot,
                "player_index": index,
                "score": scores[index] if index < len(scores) else None,
                "rank": ranks[index] if index < len(ranks) else None,
                "left": other.left or index in leavers,
                "me": other.user_id == seat.user_id,
            }
        )
    index = seat.player_index
    return HistoryRow(
        game_id=game.pk,
        status=game.status,
        ladder=ladder_for(table.ruleset, table.players),
        variant=table.variant,
        rated=table.rated,
        started_at=game.created_at,
        finished_at=game.finished_at,
        players=players,
        rank=ranks[index] if index < len(ranks) else None,
        score=scores[index] if index < len(scores) else None,
        outcome=_outcome(result, index),
        rating_delta=deltas.get(game.pk),
    )


def game_history(user, *, ladder=None, variant=None, outcome=None, opponent=None):
    """The user's running and finished games, newest first, filtered. ValueError on a bad filter."""
    if ladder and ladder not in LADDERS:
        raise ValueError(f"ladder must be one of {', '.join(LADDERS)}")
    if variant and variant not in ("standard", "gray"):
        raise ValueError("variant must be standard or gray")
    if outcome and outcome not in OUTCOMES:
        raise ValueError(f"result must be one of {', '.join(OUTCOMES)}")
    seats = _my_seats(user)
    if ladder:
        seats = seats.filter(ladder_query(ladder))
    if variant:
        seats = seats.filter(table__variant=variant)
    if opponent:
        seats = seats.filter(
            table__in=Seat.objects.filter(user__username__iexact=opponent)
            .exclude(user=user)
            .values("table_id")
        )
    deltas = dict(RatingChange.objects.filter(user=user).values_list("game_id", "delta"))
    rows = [_row(seat, deltas) for seat in seats]
    if outcome:
        rows = [row for row in rows if row.outcome == outcome]
    return rows


@dataclass
class OpponentRecord:
    username: str
    display_name: str
    is_bot: bool
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def win_rate(self):
        return round(100 * self.wins / self.games) if self.games else 0

    def as_dict(self):
        return {**self.__dict__, "win_rate": self.win_rate}


def opponent_records(user, rows=None):
    """Head-to-head over finished games, pairwise as the rating counts them (elo.pair_score)."""
    rows = game_history(user) if rows is None else rows
    records = {}
    for row in rows:
        if row.status != Game.Status.FINISHED:
            continue
        me = next(p for p in row.players if p["me"])
        mine = elo.Entrant(me["username"], 0, 0, me["rank"] or 99, me["left"])
        for other in row.players:
            if other["me"]:
                continue
            record = records.setdefault(
                other["username"],
                OpponentRecord(other["username"], other["display_name"], other["is_bot"]),
            )
            theirs = elo.Entrant(other["username"], 0, 0, other["rank"] or 99, other["left"])
            score = elo.pair_score(mine, theirs)
            record.games += 1
            record.wins += score == 1.0
            record.draws += score == 0.5
            record.losses += score == 0.0
    return sorted(records.values(), key=lambda r: (-r.games, r.username.lower()))


@dataclass(frozen=True)
class Summary:
    played: int
    won: int


def summary(rows):
    finished = [row for row in rows if row.status == Game.Status.FINISHED]
    return Summary(len(finished), sum(1 for row in finished if row.outcome == "win"))


def user_by_name(username):
    """The active user named `username` (any case), or None."""
    return get_user_model().objects.filter(username__iexact=username, is_active=True).first()


def games_summary(user):
    """(games finished, games won) for the profile headline."""
    return summary(game_history(user))


def game_rating_changes(game_id):
    """(rated, [change]) of a game: rated is False until the rating task has run (or never, for a
    casual game); each change as whole numbers, as every page shows ratings."""
    changes = list(
        RatingChange.objects.filter(game_id=game_id).select_related("user").order_by("player_index")
    )
    return bool(changes), [
        {
            "player_index": change.player_index,
            "username": change.user.username,
            "ladder": change.ladder,
            "rating_before": round(change.rating_before),
            "rating_after": round(change.rating_after),
            "delta": round(change.rating_after) - round(change.rating_before),
        }
        for change in changes
    ]
