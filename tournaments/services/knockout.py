"""Knockout: a seeded single-elimination bracket of best-of-N matches. A match's next game
starts the moment its last one ends; the next round is drawn once every match of the round has
a winner. A withdrawn player's match goes to their opponent."""

from tournaments import broadcast, selectors, standings
from tournaments.models import Entry, Round
from tournaments.pairing import knockout_bracket, match_first_mover, next_knockout_round

from .common import give_bye, start_game
from .ending import finish


def start_bracket(tournament, entries, now):
    """Under the tournament's lock, at its start: round 1 of the bracket, seeded by rating."""
    seeds = [e.pk for e in sorted(entries, key=lambda e: (-e.seed_rating, e.pk))]
    _open_round(tournament, 1, knockout_bracket(tuple(seeds)), now)


def _open_round(tournament, number, pairs, now):
    entries = {e.pk: e for e in Entry.objects.filter(tournament=tournament).select_related("user")}
    round_ = Round.objects.create(tournament=tournament, number=number, started_at=now)
    for board, (first, second) in enumerate(pairs, start=1):
        present = [e for e in (first, second) if e is not None and entries[e].active]
        if len(present) < 2:
            # A bracket's bye, or a player who withdrew before the match: the other goes on.
            through = present[0] if present else first
            give_bye(tournament, entries[through], round_, board, standings.BYE_POINTS,
                     match=[first, second])
        else:
            _start_match_game(tournament, entries, round_, board, (first, second), 1, now)
    tournament.current_round = number
    tournament.save(update_fields=["current_round"])


def _start_match_game(tournament, entries, round_, board, pair, game_number, now):
    first = match_first_mover(pair, game_number)
    second = pair[1] if first == pair[0] else pair[0]
    start_game(tournament, [entries[first], entries[second]], now, round_=round_, board=board,
               game_number=game_number, match=list(pair))


def advance_knockout(tournament, now):
    """Under the tournament's lock: start the next game of each undecided match whose games are
    over; once every match has a winner, draw the next round or crown the champion."""
    played = selectors.played(tournament)
    withdrawn = selectors.withdrawn_entries(tournament)
    round_ = Round.objects.select_for_update().get(tournament=tournament,
                                                   number=tournament.current_round)
    entries = {e.pk: e for e in Entry.objects.filter(tournament=tournament).select_related("user")}
    winners, changed = [], False
    for board, (pair, games) in sorted(standings.matches(played, round_.number).items()):
        pair = tuple(pair)
        winner = standings.match_result(pair, games, tournament.best_of, withdrawn)
        if winner is not None:
            winners.append(winner)
            continue
        if all(game.done for game in games):
            _start_match_game(tournament, entries, round_, board, pair, len(games) + 1, now)
            changed = True
    if changed:
        broadcast.tournament_changed(tournament.pk)
    if len(winners) < len(standings.matches(played, round_.number)):
        return changed
    if any(not p.done for p in played if p.round == round_.number):
        return changed  # a decided match's game (its loser withdrew) is still being left
    round_.status, round_.finished_at = Round.Status.DONE, now
    round_.save(update_fields=["status", "finished_at"])
    if len(winners) == 1:
        finish(tournament, now)
    else:
        _open_round(tournament, round_.number + 1, next_knockout_round(tuple(winners)), now)
        broadcast.tournament_changed(tournament.pk)
        advance_knockout(tournament, now)  # a round of walkovers alone is decided at once
    return True
