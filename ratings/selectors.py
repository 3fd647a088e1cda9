"""Reads for leaderboards, profiles and match history (the API and the pages share them)."""

from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.db.models import Count, OuterRef, Q, Subquery, Sum
from django.utils import timezone

from accounts.models import FairPlayMark
from games.analysis.models import GameAnalysis, PlayerAccuracy

from . import charts
from .figures import shown_deviation, shown_rating
from .ladders import LADDERS, ladder_for, ladder_query, model_of
from .maths.games import start
from .maths.glicko2 import PROVISIONAL_DEVIATION
from .models import Rating, RatingChange

ACCURACY_TREND_GAMES = 10  # analysed rated games in the profile's accuracy trend, per ladder

ACTIVE_DAYS = 30  # the leaderboards list people who played a rated game this recently

# --- ratings and leaderboards -----------------------------------------------------------------


@dataclass(frozen=True)
class LadderRating:
    ladder: str
    title: str
    rating: int  # shown rounded; the ledger keeps hundredths
    exact: float
    deviation: int  # shown rounded, on the rating's scale
    volatility: float | None  # Glicko-2 ladders only
    games: int
    provisional: bool  # the deviation is still PROVISIONAL_DEVIATION or more

    def as_dict(self):
        return {
            "ladder": self.ladder,
            "title": self.title,
            "rating": self.rating,
            "deviation": self.deviation,
            "volatility": self.volatility,
            "games": self.games,
            "provisional": self.provisional,
        }


def _ladder_rating(key, row):
    return LadderRating(key, LADDERS[key].title, row.shown, row.rating,
                        shown_deviation(row.deviation), row.volatility, row.games, row.provisional)


def ratings_of(user):
    """The user's rating on every ladder they have played rated games on, in ladder order; none
    for a marked account (fair play: its ratings are hidden)."""
    rows = {r.ladder: r for r in Rating.objects.filter(user=user, games__gt=0,
                                                      user__fair_play_mark__isnull=True)}
    return [_ladder_rating(key, rows[key]) for key in LADDERS if key in rows]


def main_rating(ratings):
    """The one number a profile headline shows: the ladder with the most rated games."""
    if not ratings:
        return None
    return max(ratings, key=lambda r: (r.games, -list(LADDERS).index(r.ladder)))


@dataclass(frozen=True)
class LeaderboardEntry:
    rank: int | None
    username: str
    display_name: str
    is_bot: bool
    rating: int
    deviation: int
    games: int
    provisional: bool

    def as_dict(self):
        return dict(self.__dict__)


@dataclass(frozen=True)
class Leaderboard:
    ladder: str
    title: str
    ranked: list  # people, established (deviation under the threshold), active in ACTIVE_DAYS
    bots: list  # the bot accounts at their frozen ratings, ranked among themselves


def leaderboard(ladder, limit=100, now=None):
    """Established people active in the last ACTIVE_DAYS by rating, and the bots in a table of
    their own. ValueError if the ladder is unknown."""
    if ladder not in LADDERS:
        raise ValueError(f"unknown ladder {ladder!r}")
    since = (now or timezone.now()) - timedelta(days=ACTIVE_DAYS)
    rows = (
        # A marked account (fair play, docs/fair-play.md) is off every leaderboard.
        Rating.objects.filter(ladder=ladder, games__gt=0, user__is_active=True,
                              user__fair_play_mark__isnull=True)
        .select_related("user")
        .order_by("-rating", "user__username")
    )
    people = rows.filter(user__is_bot=False, deviation__lt=PROVISIONAL_DEVIATION,
                         last_rated_at__gte=since)[:limit]
    bots = rows.filter(user__is_bot=True)[:limit]

    def entry(rating, rank):
        user = rating.user
        return LeaderboardEntry(rank, user.username, user.shown_name, user.is_bot, rating.shown,
                                shown_deviation(rating.deviation), rating.games, rating.provisional)

    return Leaderboard(
        ladder,
        LADDERS[ladder].title,
        [entry(rating, rank) for rank, rating in enumerate(people, start=1)],
        [entry(rating, rank) for rank, rating in enumerate(bots, start=1)],
    )


def rating_history(user, ladder):
    """[(game id, when, rating after, delta, deviation after)] oldest first."""
    return list(
        RatingChange.objects.filter(user=user, ladder=ladder)
        .order_by("id")
        .values_list("game_id", "game__finished_at", "rating_after", "delta", "deviation_after")
    )


# --- match history (ratings/history.py: paged and counted in the database) -----------

from .history import (  # noqa: E402  (re-exported: the pages, the API and accounts read them here)
    OUTCOMES,
    History,
    HistoryRow,
    OpponentRecord,
    Summary,
    game_history,
    games_summary,
    opponent_records,
)

__all__ = [
    "OUTCOMES", "History", "HistoryRow", "OpponentRecord", "Summary", "game_history",
    "games_summary", "opponent_records", "ladder_query", "profile_sections", "leaderboard", "main_rating",
    "game_rating_changes", "rating_history", "ratings_of", "user_by_name", "profile_facts",
    "exported_ratings", "exported_rating_history",
]  # fmt: skip


def user_by_name(username):
    """The active user named `username` (any case), or None."""
    return get_user_model().objects.filter(username__iexact=username, is_active=True).first()


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
            "rating_before": shown_rating(change.rating_before),
            "rating_after": shown_rating(change.rating_after),
            "delta": shown_rating(change.rating_after) - shown_rating(change.rating_before),
            "deviation_after": shown_deviation(change.deviation_after),
            "provisional": change.deviation_after is not None
            and change.deviation_after >= PROVISIONAL_DEVIATION,
            "frozen": change.frozen,
            "weight": change.weight,
        }
        for change in changes
    ]


# --- the profile page's sections --------------------------------------------------------------

HISTORY_PAGE_SIZE = 20


def _history_filters(query):
    """The filters of the history form; unknown values are dropped rather than refused."""
    filters = {}
    if query.get("ladder") in LADDERS:
        filters["ladder"] = query["ladder"]
    if query.get("variant") in ("standard", "gray"):
        filters["variant"] = query["variant"]
    if query.get("result") in OUTCOMES:
        filters["outcome"] = query["result"]
    if query.get("opponent", "").strip():
        filters["opponent"] = query["opponent"].strip()[:150]
    return filters


def profile_sections(user, query):
    """The profile page's ratings with charts, filtered history (a page of it) and head-to-head;
    `query` is the page's query string (a QueryDict)."""
    ratings = ratings_of(user)
    rated = []
    for rating in ratings:
        history = rating_history(user, rating.ladder)
        chart = charts.rating_chart(
            [charts.RatedGame(game_id, when, after, deviation)
             for game_id, when, after, _, deviation in history],
            start_deviation=start(model_of(rating.ladder)).deviation,
        )
        trend = accuracy_trend(user, rating.ladder)
        rated.append({"rating": rating, "chart": chart,
                      "accuracy": charts.accuracy_sparkline(trend) if trend else None})
    filters = _history_filters(query)
    # A page of rows and one aggregate for head-to-head: never the whole history.
    rows = game_history(user, **filters)
    page = Paginator(rows, HISTORY_PAGE_SIZE).get_page(query.get("page"))
    query = query.copy()
    query.pop("page", None)
    return {
        "ladder_ratings": rated,
        "history_page": page,
        "history_filters": filters,
        "history_query": query.urlencode(),
        "opponents": opponent_records(user),
        "ladders": LADDERS.values(),
        "outcomes": OUTCOMES,
    }


def accuracy_trend(user, ladder, limit=ACCURACY_TREND_GAMES):
    """The user's accuracy (0-100) in their last `limit` analysed rated games of `ladder`, oldest
    first: their seat's PlayerAccuracy in each game they were rated for (games.analysis)."""
    accuracy = PlayerAccuracy.objects.filter(
        analysis__game=OuterRef("game"), player=OuterRef("player_index"),
        analysis__status=GameAnalysis.Status.DONE, accuracy__isnull=False).values("accuracy")[:1]
    latest = (RatingChange.objects.filter(user=user, ladder=ladder)
              .annotate(accuracy=Subquery(accuracy)).filter(accuracy__isnull=False)
              .order_by("-game__finished_at", "-game_id").values_list("accuracy", flat=True)[:limit])
    return list(reversed(latest))


# --- what accounts shows and exports (registered in apps.ready: accounts cannot import us) ----


def profile_facts(user):
    """The profile's rating figures: the headline rating, every ladder's, games played and won."""
    ratings = ratings_of(user)
    main = main_rating(ratings)
    played = games_summary(user)
    return {
        "rating": main.rating if main else None,
        "rating_deviation": main.deviation if main else None,
        "rating_provisional": main.provisional if main else False,
        "games_played": played.played,
        "games_won": played.won,
        "ratings": tuple(ratings),
        "ratings_hidden": FairPlayMark.is_marked(user.pk),
    }


def _iso(moment):
    return moment.isoformat() if moment else None


def exported_ratings(user):
    return [
        {"ladder": r.ladder, "rating": r.rating, "deviation": r.deviation,
         "volatility": r.volatility, "games": r.games,
         "last_rated_at": _iso(r.last_rated_at), "updated_at": _iso(r.updated_at)}
        for r in Rating.objects.filter(user=user).order_by("ladder")
    ]


def exported_rating_history(user):
    return [
        {"ladder": c.ladder, "game": c.game_id, "rank": c.rank, "left": c.left,
         "rating_before": c.rating_before, "rating_after": c.rating_after, "delta": c.delta,
         "created_at": _iso(c.created_at)}
        for c in RatingChange.objects.filter(user=user).order_by("id")
    ]


# --- the home page ----------------------------------------------------------------------------


def highest_rated(tables):
    """Of running `tables` (seats prefetched), the one whose players' mean rating on its ladder is
    highest (unrated players count at the starting rating; ties: the most recently moved, which
    comes first in `tables`). None when there are none. The home page's featured game."""
    tables = list(tables)
    if not tables:
        return None
    users = {seat.user_id for table in tables for seat in table.seats_in_order()}
    ratings = {(row.user_id, row.ladder): row.rating
               for row in Rating.objects.filter(user_id__in=users)}

    def strength(table):
        ladder = ladder_for(table.ruleset, table.players)
        seats = table.seats_in_order()
        return sum(ratings.get((s.user_id, ladder), start(model_of(ladder)).rating) for s in seats) / len(seats)

    return max(tables, key=strength)


def best_players_since(since, limit=5):
    """The people who gained the most rating since `since` (all ladders together), with their
    rated games and wins in that time: the home page's "today's best players"."""
    rows = (RatingChange.objects.filter(created_at__gte=since, user__is_bot=False,
                                        user__is_active=True, user__fair_play_mark__isnull=True)
            .values("user").annotate(gained=Sum("delta"), games=Count("id"),
                                     wins=Count("id", filter=Q(rank=1)))
            .filter(gained__gt=0).order_by("-gained", "user")[:limit])
    people = get_user_model().objects.in_bulk([row["user"] for row in rows])
    return [{"username": people[row["user"]].username,
             "display_name": people[row["user"]].shown_name,
             "gained": round(row["gained"]), "games": row["games"], "wins": row["wins"]}
            for row in rows]
