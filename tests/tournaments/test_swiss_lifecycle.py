"""A two-player Swiss through the services on the database: start, rounds paired the moment the
last game of a round ends, byes, late joins, withdrawals, no-shows, the final standings frozen.

Results arrive as in production (game_finished after the commit, the eager task); the tests run
the after-commit hooks with `hooks()` around each action (tests.support.tournaments)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as game_services
from games.models import Game
from notifications.models import Notification
from tests.support.games import fresh, play_one
from tests.support.tournaments import (
    entered,
    entry_of,
    first_by_name,
    game_of,
    playing,
    seated_users,
    started,
    users,
    win,
)
from tournaments import errors, services
from tournaments.models import AuditLog, Entry, Pairing, Round, Tournament

pytestmark = pytest.mark.django_db


def play_round(tournament, hooks, winner_of=first_by_name):
    pairings = playing(tournament)
    for pairing in pairings:
        with hooks():
            win(pairing, winner_of(pairing))
    return pairings


def test_a_swiss_from_its_start_to_its_frozen_standings(alice, make_user, hooks):
    players = users(make_user, 5)
    with hooks():
        tournament = started(alice, players, rounds=3)
    assert tournament.status == Tournament.Status.RUNNING
    assert tournament.current_round == 1
    first = Round.objects.get(tournament=tournament, number=1)
    byes = Pairing.objects.filter(round=first, kind=Pairing.Kind.BYE)
    assert byes.count() == 1  # five players: one bye, worth a win
    assert byes.get().players.get().points == 1
    assert len(playing(tournament)) == 2

    for number in (1, 2, 3):
        tournament.refresh_from_db()
        assert tournament.current_round == number
        pairings = play_round(tournament, hooks)
        assert len(pairings) == 2
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert Round.objects.filter(tournament=tournament, status=Round.Status.DONE).count() == 3
    rows = tournament.standings
    assert [row["place"] for row in rows] == [1, 2, 3, 4, 5]
    assert sum(row["points"] for row in rows) == 3 * 3  # two games and a bye each round
    assert all(row["games"] + row["byes"] == 3 for row in rows)
    # Nobody had two byes, nobody met anyone twice.
    assert max(row["byes"] for row in rows) == 1
    # The finishers heard of it with their place.
    lines = Notification.objects.filter(kind=Notification.Kind.TOURNAMENT_NEWS,
                                        params__event="finished")
    assert lines.count() == 5


def test_a_game_ending_pairs_the_next_round_only_after_the_last_game(alice, make_user, hooks):
    with hooks():
        tournament = started(alice, users(make_user, 4), rounds=2)
    first, second = playing(tournament)
    with hooks():
        win(first, seated_users(first)[0])
    tournament.refresh_from_db()
    assert tournament.current_round == 1
    with hooks():
        win(second, seated_users(second)[1])
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    assert len(playing(tournament)) == 2
    # The winners meet, and the losers.
    winners = {entry_of(tournament, seated_users(first)[0]).pk,
               entry_of(tournament, seated_users(second)[1]).pk}
    assert any({p.entry_id for p in pairing.players.all()} == winners
               for pairing in playing(tournament))


def test_a_late_joiner_is_paired_from_the_next_round_until_half_the_rounds(alice, make_user,
                                                                          hooks):
    players = users(make_user, 4)
    late, too_late = make_user("late"), make_user("toolate")
    with hooks():
        tournament = started(alice, players, rounds=4)
        services.join(tournament.pk, late)
    entry = entry_of(tournament, late)
    assert entry.late
    assert not Pairing.objects.filter(players__entry=entry).exists()
    play_round(tournament, hooks)
    # Round 2: five players, the late one among them (a bye or a game).
    assert Pairing.objects.filter(round__number=2, players__entry=entry).exists()
    play_round(tournament, hooks)
    tournament.refresh_from_db()
    assert tournament.current_round == 3
    with pytest.raises(errors.Closed):
        services.join(tournament.pk, too_late)
    assert not Entry.objects.filter(user=too_late).exists()


def test_a_withdrawn_player_loses_their_game_and_is_paired_no_more(alice, make_user, hooks):
    with hooks():
        tournament = started(alice, users(make_user, 4), rounds=3)
    pairing = playing(tournament)[0]
    quitter, opponent = seated_users(pairing)
    with hooks():
        services.leave(tournament.pk, quitter)
    game = fresh(game_of(pairing))
    assert game.status == Game.Status.FINISHED
    pairing.refresh_from_db()
    assert pairing.status == Pairing.Status.DONE
    places = {p.entry.user: (p.place, p.points) for p in pairing.players.all()}
    assert places == {opponent: (1, 1), quitter: (2, 0)}
    assert entry_of(tournament, quitter).status == Entry.Status.WITHDRAWN
    play_round(tournament, hooks)
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    quitter_entry = entry_of(tournament, quitter)
    assert not Pairing.objects.filter(round__number=2, players__entry=quitter_entry).exists()
    # Three players left: a game and a bye.
    assert Pairing.objects.filter(round__number=2, kind=Pairing.Kind.BYE).count() == 1
    with pytest.raises(errors.Withdrawn):
        services.join(tournament.pk, quitter)


def test_a_no_show_loses_and_two_of_them_withdraw_the_player(alice, make_user, hooks):
    with hooks():
        tournament = started(alice, users(make_user, 2), rounds=3)
    absent = seated_users(playing(tournament)[0])[0]  # never moves: their clock runs out
    for round_number in (1, 2):
        (pairing,) = playing(tournament)
        game = game_of(pairing)
        if seated_users(pairing)[0] != absent:
            play_one(game)  # the one who came moves first
        later = timezone.now() + timedelta(hours=1)
        with hooks():
            assert game_services.expire_game_if_overdue(game.pk, later)
        pairing.refresh_from_db()
        assert pairing.decided_by == Pairing.DecidedBy.NO_SHOW
        no_show = pairing.players.get(entry__user=absent)
        assert (no_show.no_show, no_show.place, no_show.points) == (True, 2, 0)
        assert entry_of(tournament, absent).no_shows == round_number
    assert entry_of(tournament, absent).status == Entry.Status.WITHDRAWN
    assert AuditLog.objects.filter(tournament=tournament, action="no_shows").exists()
    tournament.refresh_from_db()
    # One player left: nobody to pair, the tournament ends with its standings.
    assert tournament.status == Tournament.Status.FINISHED


def test_a_tournament_starts_at_its_time_and_reminds_its_players_first(alice, bob, carol, hooks):
    tournament = entered(alice, [bob, carol])
    now = timezone.now()
    assert services.sweep(now)["started"] == 0
    with hooks():
        assert services.send_reminders(tournament.starts_at - timedelta(minutes=10)) == 1
    assert services.send_reminders(tournament.starts_at - timedelta(minutes=5)) == 0  # once
    assert Notification.objects.filter(params__event="starts_soon").count() == 2
    with hooks():
        assert services.sweep(tournament.starts_at)["started"] == 1
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert len(playing(tournament)) == 1


def test_a_tournament_without_enough_players_at_its_time_is_cancelled(alice, bob, hooks):
    tournament = entered(alice, [bob])
    with hooks():
        assert not services.start_tournament(tournament.pk, tournament.starts_at)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED
    assert AuditLog.objects.filter(tournament=tournament, action="not_enough_players").exists()


def test_a_paused_tournament_pairs_nothing_until_resumed(alice, make_user, hooks):
    with hooks():
        tournament = started(alice, users(make_user, 4), rounds=2)
        services.pause(tournament.pk, alice, reason="a break")
    play_round(tournament, hooks)
    with hooks():
        services.sweep()
    tournament.refresh_from_db()
    assert tournament.current_round == 1
    assert not playing(tournament)
    with hooks():
        services.resume(tournament.pk, alice)
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    assert len(playing(tournament)) == 2
    actions = list(AuditLog.objects.filter(tournament=tournament).values_list("action", "reason"))
    assert actions[:2] == [("resume_tournament", ""), ("pause_tournament", "a break")]


def test_a_cancelled_tournament_lets_its_games_end_and_pairs_no_more(alice, make_user, hooks):
    with hooks():
        tournament = started(alice, users(make_user, 4), rounds=2)
        services.cancel(tournament.pk, alice)
    assert len(playing(tournament)) == 2  # the games go on as ordinary games
    play_round(tournament, hooks)
    tournament.refresh_from_db()
    assert (tournament.status, tournament.current_round) == (Tournament.Status.CANCELLED, 1)
    assert tournament.standings is None
    assert Notification.objects.filter(params__event="cancelled").count() == 4
