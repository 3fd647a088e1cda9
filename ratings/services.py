"""Rating games: the only writer of Rating and RatingChange rows (docs/ratings.md), and of
RatingReversal, fair play's taking back of a marked account's games (`revert_games_of`,
docs/fair-play.md).

Exactly once in effect. A game is rated inside one transaction that first locks the rating rows
of all its players in a fixed order (by user id, so two workers cannot deadlock), then returns if
the game already has changes; RatingChange is unique per (game, user), so even a racing writer
that slipped past the check could not commit a second set. Running the task twice, retrying it
after a crash (the transaction rolled back with the worker) or racing two workers changes nothing
more.

Order. Games are rated in the order they finished ((finished_at, id)); rating a game first rates
any earlier finished game still waiting that shares a player with it (directly or through another
waiting game), so every player's figures follow the same order as `recompute_ratings`, which
replays every rated game in that order through the same `rebuild.rate_entrants`.
"""

import logging
from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from accounts.models import FairPlayMark
from games.models import Game, Seat

from . import rebuild
from .ladders import LADDERS, ladder_query, model_of
from .maths import games as rating_games
from .models import Rating, RatingChange, RatingReversal

log = logging.getLogger(__name__)


def _rated_finished_games():
    return Game.objects.filter(status=Game.Status.FINISHED, table__rated=True)


def pending_games():
    """Finished rated games without rating changes yet, in the order they must be rated."""
    return (
        _rated_finished_games()
        .filter(~Exists(RatingChange.objects.filter(game=OuterRef("pk"))))
        .order_by("finished_at", "id")
    )


entrants_of = rebuild.entrants_of


def earlier_games_among(entrants) -> int:
    """How many finished rated games of the same ladder, among exactly the same accounts, ended
    in the 24 hours before this one (before it in finish order): the anti-farming rule's count."""
    since = entrants.finished_at - rebuild.WINDOW
    games = _rated_finished_games().filter(
        ladder_query(entrants.ladder),
        Q(finished_at__lt=entrants.finished_at) | Q(finished_at=entrants.finished_at, id__lt=entrants.game_id),
        finished_at__gte=since,
    )
    for user_id in entrants.accounts:
        games = games.filter(table__seats__user_id=user_id)
    tables = set(games.values_list("table_id", flat=True))
    accounts = {}
    for table_id, user_id in Seat.objects.filter(table_id__in=tables).values_list("table_id", "user_id"):
        accounts.setdefault(table_id, set()).add(user_id)
    return sum(1 for found in accounts.values() if found == entrants.accounts)


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
        user_ids = sorted(entrants.accounts)
        if len(user_ids) < 2:
            return False  # one account held every seat (bots of one level): nobody to rate
        # Make sure every row exists, then lock them all, always in user id order.
        fresh = rating_games.start(model_of(entrants.ladder))
        Rating.objects.bulk_create(
            [Rating(user_id=user_id, ladder=entrants.ladder, rating=fresh.rating,
                    deviation=fresh.deviation, volatility=fresh.volatility) for user_id in user_ids],
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
        levels = dict(get_user_model().objects.filter(pk__in=user_ids, is_bot=True)
                      .values_list("id", "bot_level"))

        def standing(user_id):
            row = ratings[user_id]
            return rating_games.Standing(row.rating, row.deviation, row.volatility, row.games,
                                         row.last_rated_at)

        rated = rebuild.rate_entrants(entrants, standing, levels.get, earlier_games_among(entrants))
        RatingChange.objects.bulk_create(
            [rebuild.change_row(RatingChange, entrants, *item) for item in rated])
        for _, outcome, _, _ in rated:
            row = ratings[outcome.key]
            after = outcome.after
            row.rating, row.deviation, row.volatility = after.rating, after.deviation, after.volatility
            row.games, row.last_rated_at = after.games, after.last_played
            row.save(update_fields=["rating", "deviation", "volatility", "games", "last_rated_at",
                                    "updated_at"])
        # A game with an account marked already (its mark committed before these locks were
        # granted) is undone at once for the others, as its earlier games were.
        for cheater in sorted(FairPlayMark.marked_ids(user_ids)):
            _revert(cheater, RatingChange.objects.filter(game_id=game.pk), ratings)
    return True


def revert_games_of(cheater_id, *, after_lock: Callable[[], None] | None = None) -> int:
    """Take every rated game of the marked account `cheater_id` back from its opponents: each
    change of theirs in those games is subtracted from their rating, exactly once. Returns how
    many changes this call reverted. Call it in the transaction that writes the mark.

    The account's rating rows exist on every ladder first (the insert waits for a rating in
    flight that is creating one), then the rows of the account and of every opponent are locked
    in user id order, as rating a game locks them, so the two queue instead of deadlocking:
    - a game rated before these locks were granted is read and reverted here;
    - a game rated after this commits finds the mark under its own locks and reverts itself
      (rate_one_game), since it must lock the account's row that this holds;
    - a change already reverted (a racing confirmation that committed first) is skipped, and
      RatingReversal's key refuses a second row anyway.
    A game rated while this waited may bring an opponent whose row is not locked: the locks are
    let go (a savepoint) and taken again with them, in order.
    """
    fresh = {key: rating_games.start(model_of(key)) for key in LADDERS}
    Rating.objects.bulk_create(
        [Rating(user_id=cheater_id, ladder=key, rating=start.rating, deviation=start.deviation,
                volatility=start.volatility) for key, start in fresh.items()],
        ignore_conflicts=True)
    players = {cheater_id}
    while True:
        with transaction.atomic():
            # Every change in the account's games, read before the locks and again under them.
            changes = RatingChange.objects.filter(
                game_id__in=RatingChange.objects.filter(user_id=cheater_id).values("game_id"))
            players |= set(changes.values_list("user_id", flat=True))
            ratings = {(row.user_id, row.ladder): row for row in Rating.objects
                       .select_for_update().filter(user_id__in=players)
                       .order_by("user_id", "ladder")}
            if after_lock is not None:
                after_lock()
            needed = set(changes.values_list("user_id", flat=True))
            if needed <= players:
                return _revert(cheater_id, changes, ratings)
            players |= needed
            transaction.set_rollback(True)  # let the locks go; again, with the newcomers


def _revert(cheater_id, changes, ratings) -> int:
    """Under the rating rows' locks (`ratings`, keyed by user id, or by (user id, ladder)):
    revert the opponents' changes among `changes` that are not reverted yet."""
    pending = list(changes.exclude(user_id=cheater_id).filter(frozen=False, reversal__isnull=True)
                   .order_by("id"))
    now = timezone.now()
    RatingReversal.objects.bulk_create(
        [RatingReversal(change=change, cheater_id=cheater_id, reverted_at=now)
         for change in pending])
    for change in pending:
        row = ratings.get((change.user_id, change.ladder)) or ratings[change.user_id]
        row.rating -= change.delta
        row.save(update_fields=["rating", "updated_at"])
    return len(pending)


RecomputeSummary = rebuild.RecomputeSummary


def recompute_all(progress: Callable[[int, int], None] | None = None) -> RecomputeSummary:
    """Throw away every rating and change and replay all rated games in finish order.

    One transaction: readers see the old figures or the new ones, never a half. Run it while no
    rated game is finishing (a rating task waiting on the locks would then find its game rated).
    """
    with transaction.atomic():
        summary = rebuild.recompute(Game, Seat, Rating, RatingChange, get_user_model(), progress)
        # The replay threw the reversals away with the changes: the marked accounts' games are
        # taken back from their opponents again, as their confirmation did (docs/fair-play.md).
        for cheater_id in FairPlayMark.objects.order_by("user_id").values_list("user_id",
                                                                                flat=True):
            revert_games_of(cheater_id)
        return summary


def rated_game_history():
    """[(user ids by seat, effective ranks)] of every finished rated game, in finish order (the
    model comparison bench reads the site's own games through it)."""
    out = []
    games = _rated_finished_games().select_related("table").defer("state").order_by("finished_at", "id")
    for game in games:
        entrants = entrants_of(game, list(Seat.objects.filter(table_id=game.table_id)))
        if len(entrants.seats) < 2:
            continue
        stayed = [rank for _, _, rank, left in entrants.seats if not left]
        last = (max(stayed) if stayed else 0) + 1
        out.append(([user_id for _, user_id, _, _ in entrants.seats],
                    [last if left else rank for _, _, rank, left in entrants.seats]))
    return out
