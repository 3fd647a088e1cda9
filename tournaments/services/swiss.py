"""The Swiss formats' rounds: the next round paired the moment the last game of a round ends,
in one transaction under the tournament's lock (the unique round number makes a second pairing
of the same round fail rather than duplicate it)."""

import secrets
from datetime import timedelta

from tournaments import broadcast, selectors, standings
from tournaments.models import Pairing, Round, Tournament
from tournaments.pairing import multiplayer_round, placement_points, swiss_round

from .common import active_entries, give_bye, min_players, start_game
from .ending import finish


def advance_swiss(tournament, now):
    """Under the tournament's lock: close the current round once its games are over, then pair
    the next one, or finish after the last. True if anything changed."""
    if tournament.current_round:
        current = Round.objects.select_for_update().get(tournament=tournament,
                                                         number=tournament.current_round)
        if Pairing.objects.filter(round=current, status=Pairing.Status.PLAYING).exists():
            return False
        if current.status == Round.Status.PLAYING:
            current.status, current.finished_at = Round.Status.DONE, now
            current.save(update_fields=["status", "finished_at"])
        if tournament.current_round >= tournament.rounds:
            finish(tournament, now)
            return True
    pair_round(tournament, tournament.current_round + 1, now)
    return True


def bye_points(tournament):
    """A bye is worth a win in a Swiss; at 3-4 player tables, the average of a table's
    placement points (what a player expects from a game)."""
    if tournament.format == Tournament.Format.SWISS:
        return standings.BYE_POINTS
    size = tournament.players_per_game
    points = placement_points(tuple(range(1, size + 1)), size, tournament.placement_points)
    return sum(points) / size


def pair_round(tournament, number, now):
    """Pair round `number` from the standings so far: its games started, its byes given. Too
    few active players to fill a table: the tournament ends here."""
    entrants = standings.swiss_entrants(selectors.players(tournament), selectors.played(tournament))
    if len(entrants) < min_players(tournament):
        finish(tournament, now)
        return None
    entries = {entry.pk: entry for entry in active_entries(tournament)}
    deadline = None
    if tournament.clock_kind == "correspondence":
        deadline = now + timedelta(hours=tournament.round_hours)
    round_ = Round.objects.create(
        tournament=tournament, number=number, started_at=now, deadline_at=deadline,
        seed=secrets.randbits(53) if tournament.duplicate_deals else None)
    if tournament.format == Tournament.Format.SWISS:
        plan = swiss_round(tuple(entrants))
        tables = plan.games
        byes = [plan.bye] if plan.bye is not None else []
    else:
        tables = multiplayer_round(tuple(entrants), tournament.players_per_game)
        seated = {entry for table in tables for entry in table}
        byes = [e.id for e in entrants if e.id not in seated]
    board = 0
    for board, table in enumerate(tables, start=1):
        start_game(tournament, [entries[entry] for entry in table], now, round_=round_,
                   board=board, seed=round_.seed)
    points = bye_points(tournament)
    for offset, entry in enumerate(byes, start=board + 1):
        give_bye(tournament, entries[entry], round_, offset, points)
    tournament.current_round = number
    tournament.save(update_fields=["current_round"])
    broadcast.tournament_changed(tournament.pk)
    return round_
