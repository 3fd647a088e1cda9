"""A tournament moving on: its games' results recorded (every finished game's pairing decided,
no-shows counted, by one task at a time: `settle_results`), a correspondence game past its
deadline decided, and `advance`, which pairs what is due.

Each is a transaction that locks the tournament's row first (docs/tournaments.md, "Lock
order"): recording a result and pairing the next round are two transactions, so a pairing that
fails or dies leaves the results committed, and the beat sweep's `advance` pairs the round
again from scratch (the unique round number and the tournament's lock make it happen once)."""

import contextlib

from django.core.cache import cache
from django.db import transaction
from django.db.models import Count
from django.utils import timezone

from games import services as game_services
from games.errors import GameError
from games.models import Game, MoveRecord
from games.outcome import final_result
from tournaments import broadcast, checks, selectors
from tournaments.models import Entry, Pairing, Tournament
from tournaments.pairing import placement_points

from .arena import advance_arena, fold_arena_game
from .common import NO_SHOW_LIMIT, tell
from .knockout import advance_knockout
from .registration import withdraw_entry
from .swiss import advance_swiss

# A tournament's results are settled by one task at a time (`settle_results`): a result's task
# marks the settle due and runs it unless another task is running it, which then runs it again.
SETTLE_DUE = "tournaments:settle-due:{}"
SETTLE_RUNNING = "tournaments:settle-running:{}"
# A task that dies while running it: the mark expires, and the beat's sweep settles meanwhile.
CLAIM_SECONDS = 30


def advance(tournament_id, now=None):
    """Pair whatever is due (the next round, a match's next game, the arena's free players) or
    finish. Safe to call any time, from any number of workers: True if it changed anything."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = checks.lock_tournament(tournament_id)
        broadcast.readies_first()  # the players it pairs hear it before the games' own news
        if tournament.status != Tournament.Status.RUNNING:
            return False
        arena = tournament.format == Tournament.Format.ARENA
        # A pause stops new pairings, not an arena's clock: past its end it still finishes.
        if tournament.paused and not (arena and tournament.time_is_up(now)):
            return False
        if arena:
            return advance_arena(tournament, now)
        if tournament.format == Tournament.Format.KNOCKOUT:
            return advance_knockout(tournament, now)
        return advance_swiss(tournament, now)


def record_game_result(game_id, now=None):
    """A tournament game is over: its pairing is decided and the tournament advanced
    (`settle_results`), by this call or by the task settling the tournament's results now,
    which will read it. True if this call decided any pairing; False if the game is not a
    tournament's, or its pairing was (or will be) decided by another."""
    tournament_id = (Pairing.objects.filter(table__game__pk=game_id)
                     .values_list("tournament_id", flat=True).first())
    if tournament_id is None:
        return False
    return settle_results(tournament_id, now) > 0


def settle_results(tournament_id, now=None):
    """Settle the tournament's finished games (`settle`), one task at a time: mark it due, and
    run it unless another task is running it, which runs it again, as long as a result marked
    it due meanwhile, reading every game that ended before. In a big arena whose games end
    several a second, each result's task took the tournament's lock in turn for its one pairing
    and, with the worker's every process waiting on that lock, results waited minutes for a
    process (docs/benchmarks.md); now one task decides all the games that ended meanwhile, and
    the others return at once. How many pairings this call decided."""
    due, running = SETTLE_DUE.format(tournament_id), SETTLE_RUNNING.format(tournament_id)
    cache.set(due, 1, CLAIM_SECONDS)
    decided = 0
    # The mark is read after `running` is let go: a result marking it due while this task ran
    # either found `running` held (and this loop sees its mark) or takes `running` itself.
    while cache.get(due) and cache.add(running, 1, CLAIM_SECONDS):
        try:
            while cache.delete(due):
                cache.touch(running, CLAIM_SECONDS)
                decided += settle(tournament_id, now)
                now = None  # a later round reads the time again
        finally:
            cache.delete(running)
    return decided


def settle(tournament_id, now=None):
    """Decide every pairing of the tournament whose game is over (idempotent: a decided pairing
    is left alone), then, if any was, advance the tournament in a transaction of its own; the
    sockets hear one update for both. How many pairings it decided."""
    now = now or timezone.now()
    with broadcast.one_update(tournament_id):  # the results and the pairing they allow: one update
        with transaction.atomic():
            tournament = checks.lock_tournament(tournament_id)
            pairings = selectors.finished_game_pairings(tournament, lock=True)
            for pairing in pairings:
                game = pairing.table.game
                result = game.result or {}
                aborted = game.status == Game.Status.ABORTED
                decide(tournament, pairing, game, result["ranks"], result.get("scores") or [],
                       Pairing.DecidedBy.NO_SHOW if aborted else Pairing.DecidedBy.GAME, now,
                       no_show=result.get("aborted_by") if aborted else None)
        if pairings:
            advance(tournament_id, now)
    return len(pairings)


def decide(tournament, pairing, game, ranks, scores, decided_by, now, no_show=None):
    """Under the tournament's lock: the pairing's places (by the game's ranks: player index ==
    the pairing's order), points, scores and moves; an arena game folded into its players'
    stored states. The player who made no first move (`no_show`,
    a player index) is counted, and withdrawn at NO_SHOW_LIMIT."""
    players = list(pairing.players.select_related("entry__user"))
    places = tuple(ranks[p.order] for p in players)
    points = game_points(tournament, places)
    moves = dict(MoveRecord.objects.filter(game=game).values("player_index")
                 .annotate(count=Count("pk")).values_list("player_index", "count"))
    for player, place, earned in zip(players, places, points, strict=True):
        player.place, player.points = place, earned
        player.score = int(scores[player.order]) if player.order < len(scores) else 0
        player.moves = moves.get(player.order, 0)
        player.no_show = player.order == no_show
        player.save(update_fields=["place", "points", "score", "moves", "no_show"])
        if player.no_show:
            _count_no_show(tournament, player.entry, now)
    if tournament.format == Tournament.Format.ARENA:
        fold_arena_game(players)
    pairing.status, pairing.decided_by, pairing.finished_at = Pairing.Status.DONE, decided_by, now
    pairing.save(update_fields=["status", "decided_by", "finished_at"])
    broadcast.tournament_changed(tournament.pk)


def game_points(tournament, places):
    """Each seat's points for a game's places: 1, ½ or 0 in the two-player formats (both first:
    a draw); a multiplayer Swiss's placement points (a smaller table reads the scheme spread
    out: tournaments.pairing.placement_points)."""
    if tournament.players_per_game == 2:
        if places[0] == places[1]:
            return (0.5, 0.5)
        return tuple(1.0 if place == 1 else 0.0 for place in places)
    return tuple(placement_points(places, tournament.players_per_game,
                                  tournament.placement_points))


def _count_no_show(tournament, entry, now):
    entry = Entry.objects.select_for_update().select_related("user").get(pk=entry.pk)
    entry.no_shows += 1
    entry.save(update_fields=["no_shows"])
    if entry.no_shows >= NO_SHOW_LIMIT and entry.active:
        withdraw_entry(tournament, entry, Entry.Status.WITHDRAWN, now)
        checks.audit(tournament, None, "no_shows", name=entry.user.username, count=entry.no_shows)
        tell([entry], "no_shows", tournament, count=entry.no_shows)


# --- correspondence deadlines -------------------------------------------------------------------


def close_overdue_pairings(now=None):
    """The beat's: every correspondence game past its deadline is decided now, the player to
    move losing (last at a 3-4 player table), who then leaves the game through games. Returns
    how many pairings were decided."""
    now = now or timezone.now()
    decided, tournaments = 0, set()
    for pairing_id, tournament_id in selectors.overdue_pairings(now):
        if _close_overdue(pairing_id, tournament_id, now):
            decided += 1
            tournaments.add(tournament_id)
    for tournament_id in sorted(tournaments):
        advance(tournament_id, now)
    return decided


def _close_overdue(pairing_id, tournament_id, now):
    with transaction.atomic():
        tournament = checks.lock_tournament(tournament_id)
        pairing = Pairing.objects.select_for_update().get(pk=pairing_id)
        if pairing.status != Pairing.Status.PLAYING or pairing.deadline_at > now:
            return False
        # The game's lock (after the tournament's): no move lands while the deadline decides.
        game = (Game.objects.select_for_update(of=("self",)).select_related("table")
                .get(table=pairing.table_id))
        if game.is_over:
            result = game.result or {}
            decide(tournament, pairing, game, result["ranks"], result.get("scores") or [],
                   Pairing.DecidedBy.GAME, now)
            return True
        seats = game.table.seats_in_order()
        late = next(s for s in seats if s.player_index == game.state["current_player"])
        left = [s.player_index for s in sorted((s for s in seats if s.left),
                                               key=lambda s: (s.left_at, s.pk))]
        leavers = left if late.left else [*left, late.player_index]
        result = final_result(game.state, None, leavers=leavers, ended_by="deadline")
        decide(tournament, pairing, game, result["ranks"], result["scores"],
               Pairing.DecidedBy.DEADLINE, now)
        if not late.left:
            with contextlib.suppress(GameError):
                game_services.leave_table(pairing.table_id, late.user)
    return True

