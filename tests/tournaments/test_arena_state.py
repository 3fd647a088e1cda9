"""An arena's stored scores (Entry.arena, each game folded in as its pairing is decided) against
the replay of every pairing, through the services on the database: a whole arena with wins,
berserks, a withdrawal and a return, then its end."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.support.tournaments import entry_of, first_by_name, playing, seated_users, started, users, win
from tournaments import selectors, services
from tournaments.models import Entry, Pairing, Tournament
from tournaments.pairing import ArenaState

pytestmark = pytest.mark.django_db


def stored_states(tournament):
    return {entry.pk: ArenaState.from_json(entry.arena)
            for entry in Entry.objects.filter(tournament=tournament) if entry.arena is not None}


def test_the_stored_arena_states_equal_the_replay_of_every_game(alice, make_user, hooks):
    players = users(make_user, 6)
    with hooks():
        tournament = started(alice, players, format="arena", duration_minutes=30)
    leaver = players[5]
    for turn in range(8):
        running = playing(tournament)
        assert running, f"nobody paired at turn {turn}"
        for index, pairing in enumerate(running):
            seated = seated_users(pairing)
            winner = first_by_name(pairing) if (turn + index) % 3 else seated[-1]
            if turn % 2 and index == 0:
                with hooks():
                    services.berserk(tournament.pk, winner)
            with hooks():
                win(pairing, winner)
        if turn == 3:  # a player withdraws between games, and comes back with their score
            before = entry_of(tournament, leaver).arena
            with hooks():
                services.leave(tournament.pk, leaver)
            if (pairing := selectors.running_pairing_of(tournament, entry_of(tournament, leaver))):
                with hooks():
                    services.record_game_result(pairing.table.game.pk)
            left = entry_of(tournament, leaver).arena
            assert left["games"] >= (before or {"games": 0})["games"]
            with hooks():
                services.join(tournament.pk, leaver)
            assert entry_of(tournament, leaver).arena == left  # kept as it was
    assert stored_states(tournament) == selectors.replayed_arena_states(tournament)
    assert sum(state.games for state in stored_states(tournament).values()) == 2 * Pairing.objects.filter(
        tournament=tournament, status=Pairing.Status.DONE).count()

    Tournament.objects.filter(pk=tournament.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    for pairing in playing(tournament):
        with hooks():
            win(pairing, first_by_name(pairing))
    with hooks():
        services.sweep()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    replayed = selectors.replayed_arena_states(tournament)
    assert stored_states(tournament) == replayed
    final = {row["entry"]: (row["points"], row["games"], row["arena"]["per_game"]) for row in tournament.standings}
    assert final == {entry: (state.total, state.games, list(state.per_game)) for entry, state in replayed.items()} | {
        entry: (0, 0, []) for entry in final if entry not in replayed}


def test_a_decided_pairing_is_folded_in_once(alice, bob, carol, hooks):
    with hooks():
        tournament = started(alice, [bob, carol], format="arena", duration_minutes=30)
    (pairing,) = playing(tournament)
    with hooks():
        win(pairing, bob)
    once = stored_states(tournament)
    assert services.record_game_result(pairing.table.game.pk) is False  # decided already
    assert stored_states(tournament) == once
    assert once[entry_of(tournament, bob).pk].per_game == (2,)
