"""Match history, paged and counted in the database: the profile and /users/{u}/games read a page
of rows, the headline counts and head-to-head records are aggregates, so a bot with 10,000
games costs the same few queries as a newcomer.

A seat's outcome comes from its game's stored result (ranks by player index, docs/ratings.md):
win alone on top, draw on a shared top, loss below it or when the seat left, playing while the
game runs, aborted when a rated game ended before a player's first move (nobody won or lost,
docs/ratings.md). It is computed in SQL from the result JSON (JSONListItem, TopRankCount: PostgreSQL
and SQLite), so filters by outcome page in the database too.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db.models import (
    Case,
    CharField,
    Count,
    F,
    Func,
    IntegerField,
    Prefetch,
    Q,
    Value,
    When,
)
from django.db.models.functions import Coalesce, Lower
from django.utils.translation import gettext

from accounts.bots import BOT_DISPLAY_NAMES, bot_name
from games.models import Game, Seat

from . import figures
from .ladders import LADDERS, ladder_for, ladder_query
from .models import RatingChange

OUTCOMES = ("win", "draw", "loss", "aborted", "playing")
_RESULT = "table__game__result"


class JSONListItem(Func):
    """`column[key][index]` of a JSON column, as an integer (NULL when missing)."""

    output_field = IntegerField()

    def __init__(self, column, key, index):
        self.key = key
        super().__init__(F(column) if isinstance(column, str) else column, index)

    def as_sql(self, compiler, connection, **extra):
        column, column_params = compiler.compile(self.source_expressions[0])
        index, index_params = compiler.compile(self.source_expressions[1])
        if connection.vendor == "postgresql":
            sql = f"CAST((({column}) -> %s) ->> CAST(({index}) AS integer) AS integer)"
        elif connection.vendor == "sqlite":
            sql = f"CAST(json_extract({column}, '$.' || %s || '[' || ({index}) || ']') AS integer)"
        else:
            raise NotImplementedError(connection.vendor)
        return sql, (*column_params, self.key, *index_params)


class TopRankCount(Func):
    """How many entries of `column[key]` are 1: the players sharing first place."""

    output_field = IntegerField()

    def __init__(self, column, key):
        self.key = key
        super().__init__(F(column))

    def as_sql(self, compiler, connection, **extra):
        column, params = compiler.compile(self.source_expressions[0])
        if connection.vendor == "postgresql":
            sql = (f"(SELECT count(*) FROM jsonb_array_elements(({column}) -> %s) AS item "
                   "WHERE item = '1'::jsonb)")  # fmt: skip
        elif connection.vendor == "sqlite":
            sql = f"(SELECT count(*) FROM json_each({column}, '$.' || %s) WHERE value = 1)"
        else:
            raise NotImplementedError(connection.vendor)
        return sql, (*params, self.key)


def _with_outcome(seats):
    aborted = Q(table__game__status=Game.Status.ABORTED) | Q(table__game__result__ended_by="aborted")
    return seats.annotate(
        result_rank=JSONListItem(_RESULT, "ranks", F("player_index")),
        top_ranks=TopRankCount(_RESULT, "ranks"),
        outcome=Case(
            When(aborted, then=Value("aborted")),
            When(table__game__status=Game.Status.PLAYING, then=Value("playing")),
            When(left=True, then=Value("loss")),
            When(~Q(result_rank=1) | Q(result_rank__isnull=True), then=Value("loss")),
            When(top_ranks__gt=1, then=Value("draw")),
            default=Value("win"),
            output_field=CharField(),
        ),
    )


def _my_seats(user):
    return _with_outcome(
        Seat.objects.filter(
            user=user,
            table__game__status__in=[Game.Status.PLAYING, Game.Status.FINISHED, Game.Status.ABORTED],
        )
    )


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
    rating_delta: float | None = None  # exact (hundredths), as the ledger keeps it
    rating_change: int | None = None  # as pages show it: whole points (figures.shown_change)
    # Taken back by fair play: the opponent was found cheating (docs/fair-play.md).
    rating_reverted: bool = False

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


def _row(seat, changes):
    table = seat.table
    game = table.game
    result = (game.result or {}) if game.is_over else {}
    scores = result.get("scores") or []
    ranks = result.get("ranks") or []
    if game.status == Game.Status.ABORTED:
        ranks = []  # an aborted game has no finishing order (docs/ratings.md)
    leavers = set(result.get("leavers") or [])
    players = []
    for other in sorted(table.seats.all(), key=lambda s: s.player_index):
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
        outcome=seat.outcome,
        rating_delta=changes[game.pk][2] if game.pk in changes else None,
        rating_change=figures.shown_change(*changes[game.pk][:2]) if game.pk in changes else None,
        rating_reverted=game.pk in changes and changes[game.pk][3] is not None,
    )


class History(Sequence):
    """A user's history rows, newest first, read a slice at a time: len() is one COUNT, a slice
    one page query plus its seats and rating deltas (what Django's and DRF's paginators ask)."""

    def __init__(self, user, seats):
        self.user = user
        self.seats = seats.order_by("-table__game__created_at", "-table__game__id")
        self.ordered = True  # for Django's Paginator

    def count(self):
        return self.seats.count()

    def __len__(self):
        return self.count()

    def __getitem__(self, index):
        if isinstance(index, int):
            rows = self[index : index + 1] if index >= 0 else list(self)[index:]
            if not rows:
                raise IndexError(index)
            return rows[0]
        page = list(
            self.seats.select_related("table", "table__game")
            .defer("table__game__state")
            .prefetch_related(
                Prefetch("table__seats", queryset=Seat.objects.select_related("user"))
            )[index]
        )
        changes = {
            game_id: (before, after, delta, reverted_at)
            for game_id, before, after, delta, reverted_at in RatingChange.objects.filter(
                user=self.user, game_id__in=[seat.table.game.pk for seat in page]
            ).values_list("game_id", "rating_before", "rating_after", "delta",
                          "reversal__reverted_at")
        }
        return [_row(seat, changes) for seat in page]

    def __iter__(self):
        start, chunk = 0, 200
        while rows := self[start : start + chunk]:
            yield from rows
            start += chunk


def game_history(user, *, ladder=None, variant=None, outcome=None, opponent=None):
    """The user's running and finished games, newest first, filtered, as a lazily paged History.
    ValueError on a bad filter."""
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
    if outcome:
        seats = seats.filter(outcome=outcome)
    return History(user, seats)


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


def opponent_records(user, limit=None):
    """Head-to-head over finished games, pairwise as the rating counts them (maths.games.pair_score: a
    leaver loses to a stayer, two leavers draw, else the better rank wins), most games first.
    One aggregate query over the opponents' seats, whatever the number of games."""
    # Each opponent's seat joined to the user's seat at the same table (filter() before
    # annotate() makes the annotations read that same join), as many times as they sat there.
    theirs = (
        Seat.objects.filter(table__game__status=Game.Status.FINISHED, table__seats__user=user)
        .exclude(user=user)
        .annotate(
            my_left=F("table__seats__left"),
            my_rank=Coalesce(JSONListItem(_RESULT, "ranks", F("table__seats__player_index")), 99),
            their_rank=Coalesce(JSONListItem(_RESULT, "ranks", F("player_index")), 99),
        )
        .annotate(
            score=Case(
                When(Q(my_left=True) & Q(left=False), then=Value(0)),
                When(Q(my_left=False) & Q(left=True), then=Value(2)),
                When(Q(my_left=True), then=Value(1)),  # both left
                When(my_rank=F("their_rank"), then=Value(1)),
                When(my_rank__lt=F("their_rank"), then=Value(2)),
                default=Value(0),
                output_field=IntegerField(),
            )
        )
        .values("user__username", "user__display_name", "user__is_bot", "user__bot_level",
                "user__deleted_at")
        .annotate(
            games=Count("pk"),
            wins=Count("pk", filter=Q(score=2)),
            draws=Count("pk", filter=Q(score=1)),
            losses=Count("pk", filter=Q(score=0)),
        )
        .order_by("-games", Lower("user__username"))
    )
    if limit is not None:
        theirs = theirs[:limit]
    return [
        OpponentRecord(
            row["user__username"],
            # Named as User.shown_name names them: a deleted account (accounts.deletion), a bot
            # in the reader's language.
            gettext("deleted player") if row["user__deleted_at"] else (
                bot_name(row["user__bot_level"]) if row["user__bot_level"] in BOT_DISPLAY_NAMES
                else row["user__display_name"] or row["user__username"]),
            row["user__is_bot"],
            row["games"],
            row["wins"],
            row["draws"],
            row["losses"],
        )
        for row in theirs
    ]


@dataclass(frozen=True)
class Summary:
    played: int
    won: int


def games_summary(user):
    """(games finished, games won) for the profile headline: one aggregate query."""
    counts = _my_seats(user).aggregate(
        played=Count("pk", filter=Q(table__game__status=Game.Status.FINISHED)),
        won=Count("pk", filter=Q(outcome="win")),
    )
    return Summary(counts["played"], counts["won"])
