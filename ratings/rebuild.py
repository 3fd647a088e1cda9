"""What the live rating and the recomputation share, written against model classes passed in, so
that the data migration (historical models) runs the very same code as `recompute_ratings`.

- `entrants_of`: a finished game as the rating sees it (ladder, each account's best seat);
- `farming_key`: which earlier games count towards the anti-farming rule;
- `recompute`: throw every rating away and replay every finished rated game in finish order.
"""

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from . import bots
from .ladders import ladder_for, model_of
from .maths import farming
from .maths import games as rating_games

FINISHED = "finished"  # Game.Status.FINISHED, spelt out: historical models have no enum
WINDOW = timedelta(hours=farming.WINDOW_HOURS)


@dataclass(frozen=True)
class GameEntrants:
    """A finished rated game as the rating sees it."""

    game_id: int
    ladder: str
    finished_at: object
    seats: list  # [(player_index, user_id, rank, left)] by player_index, one per account

    @property
    def accounts(self) -> frozenset:
        return frozenset(user_id for _, user_id, _, _ in self.seats)


def entrants_of(game, seats) -> GameEntrants:
    """The rating view of a finished game: ladder, and each account's user, rank and leaving."""
    table = game.table
    result = game.result or {}
    ranks = result.get("ranks") or []
    leavers = set(result.get("leavers") or [])
    best = {}  # user id -> their seat row
    for seat in sorted(seats, key=lambda s: s.player_index):
        index = seat.player_index
        if index is None or index >= len(ranks):
            raise ValueError(f"game {game.pk}: no rank for player {index}")
        row = (index, seat.user_id, int(ranks[index]), index in leavers)
        # One account in several seats (two bots of the same level): it counts once, by its best
        # seat, so nobody plays against themselves.
        kept = best.get(seat.user_id)
        if kept is None or (row[3], row[2]) < (kept[3], kept[2]):
            best[seat.user_id] = row
    return GameEntrants(game.pk, ladder_for(table.ruleset, table.players), game.finished_at,
                        sorted(best.values()))


def rate_entrants(entrants: GameEntrants, standing: Callable, bot_level: Callable,
                  earlier_games: int) -> list[tuple]:
    """[(seat row, Outcome, frozen, weight)] of one game, or [] if fewer than two accounts.

    `standing(user_id)` gives a person's Standing before the game, `bot_level(user_id)` the bot
    level or None, `earlier_games` how many rated games the same accounts played on this ladder
    in the 24 hours before (the anti-farming rule).
    """
    if len(entrants.seats) < 2:
        return []
    kind = model_of(entrants.ladder)
    weight = farming.game_weight(earlier_games)
    rows = []
    for row in entrants.seats:
        frozen = bots.frozen_standing(entrants.ladder, bot_level(row[1]))
        mine = standing(row[1])
        if frozen is not None:
            frozen = rating_games.Standing(frozen.rating, frozen.deviation, None, mine.games,
                                           mine.last_played)
        rows.append((row, frozen or mine, frozen is not None))
    outcomes = rating_games.rate_game(
        kind,
        [rating_games.Entrant(row[1], s, row[2], row[3], frozen) for row, s, frozen in rows],
        when=entrants.finished_at,
        weight=weight,
    )
    return [(row, outcome, frozen, weight)
            for (row, _, frozen), outcome in zip(rows, outcomes, strict=True)]


def change_row(RatingChange, entrants: GameEntrants, row, outcome, frozen, weight):
    """An unsaved RatingChange of one account."""
    index, user_id, rank, left = row
    return RatingChange(
        game_id=entrants.game_id, user_id=user_id, ladder=entrants.ladder, player_index=index,
        rank=rank, left=left, games_before=outcome.before.games,
        rating_before=outcome.before.rating, rating_after=outcome.after.rating,
        delta=round(outcome.after.rating - outcome.before.rating, 2),
        deviation_before=outcome.before.deviation, deviation_after=outcome.after.deviation,
        volatility_after=outcome.after.volatility, weight=weight, frozen=frozen,
    )


@dataclass(frozen=True)
class RecomputeSummary:
    games: int
    changes: int
    ratings: int


def recompute(Game, Seat, Rating, RatingChange, User, progress=None) -> RecomputeSummary:
    """Throw away every Rating and RatingChange and replay all finished rated games in finish
    order through the same models as the live rating. Call it inside a transaction."""
    games = list(
        Game.objects.filter(status=FINISHED, table__rated=True)
        .select_related("table").defer("state").order_by("finished_at", "id")
    )
    seats_by_table = {}
    for seat in Seat.objects.filter(table_id__in=[g.table_id for g in games]):
        seats_by_table.setdefault(seat.table_id, []).append(seat)
    levels = dict(User.objects.filter(is_bot=True).values_list("id", "bot_level"))
    list(Rating.objects.select_for_update().order_by("user_id", "ladder"))
    RatingChange.objects.all().delete()
    Rating.objects.all().delete()

    standing = {}  # (user_id, ladder) -> Standing
    recent = {}  # (ladder, accounts) -> deque of finish times of the games among them
    changes = []
    total = len(games)
    for done, game in enumerate(games, start=1):
        entrants = entrants_of(game, seats_by_table.get(game.table_id, []))
        ladder = entrants.ladder
        times = recent.setdefault((ladder, entrants.accounts), deque())
        while times and times[0] < entrants.finished_at - WINDOW:
            times.popleft()
        fresh = rating_games.start(model_of(ladder))
        rated = rate_entrants(
            entrants, lambda user_id, ladder=ladder, fresh=fresh: standing.get((user_id, ladder), fresh),
            levels.get, len(times))
        times.append(entrants.finished_at)
        for row, outcome, frozen, weight in rated:
            standing[(row[1], ladder)] = outcome.after
            changes.append(change_row(RatingChange, entrants, row, outcome, frozen, weight))
        if progress is not None:
            progress(done, total)
    RatingChange.objects.bulk_create(changes, batch_size=1000)
    Rating.objects.bulk_create(
        [
            Rating(user_id=user_id, ladder=ladder, rating=s.rating, deviation=s.deviation,
                   volatility=s.volatility, games=s.games, last_rated_at=s.last_played)
            for (user_id, ladder), s in sorted(standing.items(), key=lambda item: item[0])
        ],
        batch_size=1000,
    )
    return RecomputeSummary(games=total, changes=len(changes), ratings=len(standing))
