"""A tournament moving on: a game's result recorded (its pairing decided, no-shows counted), a
correspondence game past its deadline decided, and `advance`, which pairs what is due.

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

# The mark of an advance that a result's task has claimed and not yet begun (`advance_after_result`).
ADVANCE_CLAIMED = "tournaments:advance-claimed:{}"
# A task that dies holding its claim: the beat's sweep advances every tournament meanwhile.
CLAIM_SECONDS = 30


def advance(tournament_id, now=None, *, claim=None):
    """Pair whatever is due (the next round, a match's next game, the arena's free players) or
    finish. Safe to call any time, from any number of workers: True if it changed anything.
    `claim`: the cache key of `advance_after_result`'s claim, released once the lock is held."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = checks.lock_tournament(tournament_id)
        broadcast.readies_first()  # the players it pairs hear it before the games' own news
        if claim:
            # From here on this advance reads every result committed before: a result committed
            # later claims an advance of its own.
            cache.delete(claim)
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
    """A tournament game is over: decide its pairing (idempotent: a decided pairing is left
    alone), then advance the tournament in a transaction of its own; the sockets hear one
    update for both. False if the game is not a
    tournament's, not over, or its pairing was decided already."""
    now = now or timezone.now()
    ids = Pairing.objects.filter(table__game__pk=game_id).values_list("pk", "tournament_id").first()
    if ids is None:
        return False
    pairing_id, tournament_id = ids
    with broadcast.one_update(tournament_id):  # the result and the pairing it allows: one update
        with transaction.atomic():
            tournament = checks.lock_tournament(tournament_id)
            pairing = Pairing.objects.select_for_update().get(pk=pairing_id)
            if pairing.status != Pairing.Status.PLAYING:
                return False
            game = Game.objects.select_related("table").get(pk=game_id)
            if not game.is_over:
                return False
            result = game.result or {}
            aborted = game.status == Game.Status.ABORTED
            decide(tournament, pairing, game, result["ranks"], result.get("scores") or [],
                   Pairing.DecidedBy.NO_SHOW if aborted else Pairing.DecidedBy.GAME, now,
                   no_show=result.get("aborted_by") if aborted else None)
        advance_after_result(tournament_id, now)
    return True


def advance_after_result(tournament_id, now):
    """Advance after a result is committed, unless another result's advance is claimed and has
    not yet taken the tournament's lock: that one will read this result too. In an arena whose
    games end many a second, each end's own advance (every free player read and paired, under
    the lock) queued the results behind one another; now one advance pairs all that ended
    meanwhile (docs/tournaments.md, "Lock order and races"). True if this task advanced."""
    claim = ADVANCE_CLAIMED.format(tournament_id)
    if not cache.add(claim, 1, CLAIM_SECONDS):
        return False
    try:
        advance(tournament_id, now, claim=claim)
    except BaseException:
        cache.delete(claim)  # failed, perhaps before its lock: leave no claim behind
        raise
    return True


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

