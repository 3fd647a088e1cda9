"""Arena: a fixed time in which every free player is paired again at once (the pairing
library's arena_pairs: close in the standings, not the same opponents again and again); the
score is the library's (streaks, berserk). Games still running at the end count when they end;
the arena finishes once they have."""

from django.db import transaction
from django.utils.translation import gettext as _

from games import services as game_services
from tournaments import broadcast, checks, errors, selectors, standings
from tournaments.models import Entry, PairingPlayer, Tournament
from tournaments.pairing import ArenaState, arena_pairs, arena_step

from .common import start_game
from .ending import finish


def advance_arena(tournament, now):
    """Under the tournament's lock: pair everyone waiting (before the end), or finish (after
    it, once no game runs; the first call at or after ends_at records the time up). True if
    anything changed. It reads the entries (their stored states) and who is in a running game,
    never every pairing: its cost follows the players, not the arena's age."""
    busy = selectors.busy_entries(tournament)
    changed = False
    if tournament.time_up_at is None and tournament.time_is_up(now):
        # Recorded once, so that the end binds every caller: a game ending later is recorded
        # by a task whose clock may still read before ends_at, and must not pair its players.
        tournament.time_up_at = now
        tournament.save(update_fields=["time_up_at"])
        changed = True
    if tournament.time_up_at is not None:
        if busy:
            return changed
        finish(tournament, now)
        return True
    players, states = selectors.arena_field(tournament)
    rows = standings.arena_rows(players, states)
    waiting = standings.arena_waiting(rows, states, busy)
    if len(waiting) < 2:
        return False
    # Two alone may meet again only when nobody else is playing (or the arena would stall).
    pairs = arena_pairs(tuple(waiting), rematch_if_alone=not busy)
    by_id = Entry.objects.select_related("user").in_bulk([e for pair in pairs for e in pair])
    for first, second in pairs:
        start_game(tournament, [by_id[first], by_id[second]], now)
    if pairs:
        broadcast.tournament_changed(tournament.pk)
    return bool(pairs)


def fold_arena_game(seats):
    """Under the tournament's lock, as its pairing is decided (once: a decided pairing is never
    decided again): each player's stored state (Entry.arena) with this game added."""
    for seat in seats:
        state = arena_step(ArenaState.from_json(seat.entry.arena),
                           standings.arena_game(selectors.played_seat(seat),
                                                [selectors.played_seat(s) for s in seats]))
        seat.entry.arena = state.as_json()
        Entry.objects.filter(pk=seat.entry_id).update(arena=seat.entry.arena)


def berserk(tournament_id, user):
    """An arena player halves their clock before their first move of the game (games'
    halve_own_clock): a win then earns one more point, if they made enough moves
    (tournaments.pairing.arena_score). NotPlaying without a running game; the game refuses once
    they moved (already_moved)."""
    checks.require_user(user)
    with transaction.atomic():
        tournament = checks.lock_tournament(tournament_id)
        if tournament.format != Tournament.Format.ARENA:
            raise errors.WrongState(_("berserk is an arena's"))
        entry = selectors.entry_of(tournament, user)
        pairing = selectors.running_pairing_of(tournament, entry) if entry else None
        if pairing is None:
            raise errors.NotPlaying()
        player = PairingPlayer.objects.select_for_update().get(pairing=pairing, entry=entry)
        if player.berserk:
            raise errors.WrongState(_("you went berserk in this game already"))
        game_services.halve_own_clock(pairing.table.game.pk, user)  # already_moved once moved
        player.berserk = True
        player.save(update_fields=["berserk"])
        broadcast.tournament_changed(tournament.pk)
    return player
