"""Rating games: the only writer of Rating and RatingChange rows (docs/ratings.md).

Exactly once in effect. A game is rated inside one transaction that first locks the rating rows
of all its players in a fixed order (by user id, so two workers cannot deadlock), then returns if
the game already has changes; RatingChange is unique per (game, user), so even a racing writer
that slipped past the check could not commit a second set. Running the task twice, retrying it
after a crash (the transaction rolled back with the worker) or racing two workers changes nothing
more.

Order. Games are rated in the order they finished ((finished_at, id)); rating a game first rates
any earlier finished game still waiting that shares a player with it (directly or through another
waiting game), so every player's figures follow the same order as `recompute_ratings`, which
replays every rated game in that order through the same `elo.rate`.
"""

import logging
from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Exists, OuterRef, Q

from games.models import Game, Seat

from . import elo
from .ladders import ladder_for
from .models import Rating, RatingChange

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameEntrants:
    """A finished rated game as the rating sees it."""

    game_id: int
    ladder: str
    seats: list  # [(player_index, user_id, rank, left)] by player_index


def _rated_finished_games():
    return Game.objects.filter(status=Game.Status.FINISHED, table__rated=True)


def pending_games():
    """Finished rated games without rating changes yet, in the order they must be rated."""
    return (
        _rated_finished_games()
        .filter(~Exists(RatingChange.objects.filter(game=OuterRef("pk"))))
        .order_by("finished_at", "id")
    )


def entrants_of(game, seats):
    """The rating view of a finished game: ladder, and each seat's user, rank and leaving."""
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
    rows = sorted(best.values())
    return GameEntrants(game.pk, ladder_for(table.ruleset, table.players), rows)


def compute_changes(entrants: GameEntrants, standing) -> list[RatingChange]:
    """Unsaved RatingChange rows; `standing(user_id)` gives (rating, games) before the game."""
    players = []
    for index, user_id, rank, left in entrants.seats:
        rating, games = standing(user_id)
        players.append((index, rank, left, games, elo.Entrant(user_id, rating, games, rank, left)))
    changes = elo.rate([player[-1] for player in players])
    return [
        RatingChange(
            game_id=entrants.game_id,
            user_id=change.key,
            ladder=entrants.ladder,
            player_index=index,
            rank=rank,
            left=left,
            games_before=games,
            rating_before=change.before,
            rating_after=change.after,
            delta=change.delta,
        )
        for (index, rank, left, games, _), change in zip(players, changes, strict=True)
    ]


def rate_game(game_id, *, after_lock: Callable[[], None] | None = None) -> bool:
    """Rate `game_id` once, after any earlier waiting game of its players. True if this call rated it.

    A game that is not finished, not rated, or already rated is left alone. `after_lock` is
    called while the rating rows are locked (tests use it to hold a worker mid-task).
    """
    try:
        finished_at, pk, table_id = (
            _rated_finished_games()
            .values_list("finished_at", "id", "table_id")
            .get(pk=int(game_id))
        )
    except (Game.DoesNotExist, TypeError, ValueError):
        return False
    for waiting_id in earlier_waiting_games(finished_at, pk, table_id):
        rate_one_game(waiting_id)
    return rate_one_game(pk, after_lock=after_lock)


def rate_waiting_games(limit=500) -> int:
    """The sweep: rate every finished rated game still waiting, oldest first; how many it rated.

    It picks up what the task left: a rating that failed (logged), or was never enqueued (broker
    down). A game that fails again is logged and left for the next sweep, and so is every later
    game of its players, so that their figures still follow the finish order.
    """
    blocked = set()  # players of a game that failed in this sweep
    rated = 0
    for game_id, table_id in pending_games().values_list("id", "table_id")[:limit]:
        players = set(Seat.objects.filter(table_id=table_id).values_list("user_id", flat=True))
        if players & blocked:
            continue
        try:
            rated += rate_one_game(game_id)
        except Exception:
            log.exception("rating: game %s failed again; the next sweep retries it", game_id)
            blocked |= players
    return rated


def earlier_waiting_games(finished_at, game_id, table_id):
    """Ids of the unrated games that must be rated before this one, in finish order.

    Those are the waiting games finished earlier that share a player with it, or with one of
    them (a closure): only they can change the ratings this game starts from. Usually none.
    """
    earlier = pending_games().filter(
        Q(finished_at__lt=finished_at) | Q(finished_at=finished_at, id__lt=game_id)
    )
    players = set(Seat.objects.filter(table_id=table_id).values_list("user_id", flat=True))
    found = {}
    while True:
        games = earlier.filter(table__seats__user_id__in=players).exclude(id__in=list(found))
        new = {pk: (when, pk) for pk, when in games.distinct().values_list("id", "finished_at")}
        if not new:
            break
        found.update(new)
        players |= set(
            Seat.objects.filter(table__game__id__in=list(new)).values_list("user_id", flat=True)
        )
    return [pk for pk, _ in sorted(found.items(), key=lambda item: item[1])]


def rate_one_game(game_id, *, after_lock: Callable[[], None] | None = None) -> bool:
    """Rate exactly this game if nobody has yet, in one transaction. True if this call rated it."""
    with transaction.atomic():
        game = _rated_finished_games().select_related("table").filter(pk=game_id).first()
        if game is None:
            return False
        seats = list(Seat.objects.filter(table_id=game.table_id))
        entrants = entrants_of(game, seats)
        user_ids = sorted({user_id for _, user_id, _, _ in entrants.seats})
        # Make sure every row exists, then lock them all, always in user id order.
        Rating.objects.bulk_create(
            [Rating(user_id=user_id, ladder=entrants.ladder) for user_id in user_ids],
            ignore_conflicts=True,
        )
        ratings = {
            rating.user_id: rating
            for rating in Rating.objects.select_for_update()
            .filter(user_id__in=user_ids, ladder=entrants.ladder)
            .order_by("user_id")
        }
        if after_lock is not None:
            after_lock()
        if RatingChange.objects.filter(game_id=game.pk).exists():
            return False
        changes = compute_changes(
            entrants, lambda user_id: (ratings[user_id].rating, ratings[user_id].games)
        )
        RatingChange.objects.bulk_create(changes)
        for change in changes:
            rating = ratings[change.user_id]
            rating.rating = change.rating_after
            rating.games += 1
            rating.save(update_fields=["rating", "games", "updated_at"])
    return True


@dataclass(frozen=True)
class RecomputeSummary:
    games: int
    changes: int
    ratings: int


def recompute_all(progress: Callable[[int, int], None] | None = None) -> RecomputeSummary:
    """Throw away every rating and change and replay all rated games in finish order.

    One transaction: readers see the old figures or the new ones, never a half. Run it while no
    rated game is finishing (a rating task waiting on the locks would then find its game rated).
    """
    with transaction.atomic():
        games = list(
            _rated_finished_games()
            .select_related("table")
            .defer("state")
            .order_by("finished_at", "id")
        )
        seats_by_table = {}
        for seat in Seat.objects.filter(table_id__in=[g.table_id for g in games]):
            seats_by_table.setdefault(seat.table_id, []).append(seat)
        list(Rating.objects.select_for_update().order_by("user_id", "ladder"))
        RatingChange.objects.all().delete()
        Rating.objects.all().delete()

        standing = {}  # (user_id, ladder) -> [rating, games]
        changes = []
        total = len(games)
        for done, game in enumerate(games, start=1):
            entrants = entrants_of(game, seats_by_table.get(game.table_id, []))
            ladder = entrants.ladder

            def before(user_id, ladder=ladder):
                return tuple(standing.get((user_id, ladder), (elo.START_RATING, 0)))

            for change in compute_changes(entrants, before):
                standing[(change.user_id, ladder)] = (change.rating_after, change.games_before + 1)
                changes.append(change)
            if progress is not None:
                progress(done, total)
        RatingChange.objects.bulk_create(changes, batch_size=1000)
        Rating.objects.bulk_create(
            [
                Rating(user_id=user_id, ladder=ladder, rating=rating, games=played)
                for (user_id, ladder), (rating, played) in sorted(standing.items())
            ],
            batch_size=1000,
        )
    return RecomputeSummary(games=total, changes=len(changes), ratings=len(standing))
