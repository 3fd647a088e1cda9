"""The other formats through the services on the database: multiplayer Swiss (placement
points), knockout (bracket, byes, best-of matches), arena (re-pairing, berserk, the end), and
the Swiss options: duplicate deals, correspondence round deadlines."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import selectors as game_selectors
from games.errors import AlreadyMoved
from games.models import Game, Seat
from tests.support.games import fresh, play_one
from tests.support.tournaments import (
    CORRESPONDENCE,
    entry_of,
    first_by_name,
    first_mover,
    game_of,
    playing,
    seated_users,
    started,
    users,
    win,
)
from tournaments import errors, services
from tournaments.models import Pairing, PairingPlayer, Round, Tournament

pytestmark = pytest.mark.django_db


def test_a_multiplayer_swiss_seats_tables_and_scores_places(alice, make_user, hooks):
    with hooks():
        tournament = started(alice, users(make_user, 7), format="multi_swiss",
                             players_per_game=4, rounds=2)
    tables = playing(tournament)
    assert sorted(p.players.count() for p in tables) == [3, 4]  # 7 at tables of four
    for pairing in tables:
        with hooks():
            win(pairing, first_by_name(pairing))
    points = {}
    for pairing in tables:
        for player in pairing.players.all():
            points.setdefault(pairing.players.count(), []).append((player.place, player.points))
    # The default scheme: 6/4/2/0 at four; a table of three reads it spread out: 6/3/0.
    assert sorted(points[4]) == [(1, 6), (2, 4), (3, 2), (4, 0)]
    assert sorted(points[3]) == [(1, 6), (2, 3), (3, 0)]
    tournament.refresh_from_db()
    assert tournament.current_round == 2


def test_a_multiplayer_swiss_takes_its_own_placement_points(alice, make_user, hooks):
    with hooks():
        tournament = started(alice, users(make_user, 3), format="multi_swiss",
                             placement_points=[3, 1, 0], rounds=1)
    (pairing,) = playing(tournament)
    with hooks():
        win(pairing, first_by_name(pairing))
    assert sorted(p.points for p in pairing.players.all()) == [0, 1, 3]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert [row["points"] for row in tournament.standings] == [3, 1, 0]


def test_a_knockout_draws_its_bracket_gives_byes_and_crowns_a_champion(alice, make_user, hooks):
    players = users(make_user, 5)
    with hooks():
        tournament = started(alice, players, format="knockout")
    first_round = Round.objects.get(tournament=tournament, number=1)
    assert Pairing.objects.filter(round=first_round, kind=Pairing.Kind.BYE).count() == 3
    (game,) = playing(tournament)
    while tournament.status == Tournament.Status.RUNNING:
        for pairing in playing(tournament):
            with hooks():
                win(pairing, first_by_name(pairing))
        tournament.refresh_from_db()
    assert tournament.current_round == 3
    rows = tournament.standings
    assert rows[0]["eliminated_in"] is None  # the champion
    assert rows[1]["eliminated_in"] == 3
    assert sorted(row["eliminated_in"] for row in rows[2:]) == [1, 2, 2]


def test_a_best_of_three_match_goes_on_until_someone_wins_twice(alice, bob, carol, hooks):
    with hooks():
        tournament = started(alice, [bob, carol], format="knockout", best_of=3)
    (game_one,) = playing(tournament)
    with hooks():
        win(game_one, bob)
    (game_two,) = playing(tournament)
    assert game_two.game_number == 2
    assert first_mover(game_two) != first_mover(game_one)  # the first move alternates
    with hooks():
        win(game_two, carol)
    (game_three,) = playing(tournament)
    with hooks():
        win(game_three, carol)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.standings[0]["username"] == "carol"


def test_a_knockout_players_withdrawal_gives_the_match_to_the_opponent(alice, bob, carol, dave,
                                                                      hooks):
    with hooks():
        tournament = started(alice, [bob, carol, dave, alice], format="knockout", best_of=3)
    pairing = playing(tournament)[0]
    quitter, other = seated_users(pairing)
    with hooks():
        services.leave(tournament.pk, quitter)
    assert not Pairing.objects.filter(round__number=1, board=pairing.board,
                                      game_number=2).exists()
    for pairing in playing(tournament):
        for _ in range(2):
            if fresh(game_of(pairing)).status == Game.Status.PLAYING:
                with hooks():
                    win(pairing, first_by_name(pairing))
            current = Pairing.objects.filter(pk__gt=pairing.pk, round__number=1,
                                             board=pairing.board).first()
            pairing = current or pairing
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    (final,) = playing(tournament)
    assert other in seated_users(final)


def test_a_knockout_player_who_withdraws_between_rounds_is_not_paired_again(alice, bob, carol,
                                                                            dave, hooks):
    with hooks():
        tournament = started(alice, [bob, carol, dave, alice], format="knockout")
    first, second = playing(tournament)
    with hooks():
        win(first, seated_users(first)[0])
    through = seated_users(first)[0]
    with hooks():
        services.leave(tournament.pk, through)  # waits for the final, and leaves
        win(second, seated_users(second)[0])
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED  # the final was a walkover
    final = Round.objects.get(tournament=tournament, number=2)
    assert final.pairings.get().kind == Pairing.Kind.BYE
    assert tournament.standings[0]["username"] == seated_users(second)[0].username
    assert tournament.standings[1]["username"] == through.username


def arena(alice, players, hooks, **options):
    with hooks():
        return started(alice, players, format="arena", duration_minutes=30, **options)


def test_an_arena_pairs_the_free_players_again_at_once(alice, make_user, hooks):
    tournament = arena(alice, users(make_user, 4), hooks)
    first, second = playing(tournament)
    with hooks():
        win(first, first_by_name(first))
    # The two just free have just met, and others still play: they wait.
    assert [p.pk for p in playing(tournament)] == [second.pk]
    with hooks():
        win(second, first_by_name(second))
    again = playing(tournament)
    assert len(again) == 2
    met = [{p.entry_id for p in pairing.players.all()} for pairing in (first, second)]
    assert all({p.entry_id for p in pairing.players.all()} not in met for pairing in again)


def test_arena_berserk_halves_the_clock_once_and_only_before_ones_first_move(alice, bob, carol, hooks):
    tournament = arena(alice, [bob, carol], hooks)
    (pairing,) = playing(tournament)
    player, other = seated_users(pairing)
    with hooks():
        services.berserk(tournament.pk, player)
    seat = Seat.objects.get(table=pairing.table_id, user=player)
    assert seat.time_left_ms == 300_000
    assert PairingPlayer.objects.get(pairing=pairing, entry__user=player).berserk
    with pytest.raises(errors.WrongState):
        services.berserk(tournament.pk, player)
    play_one(game_of(pairing))
    play_one(game_of(pairing))  # both moved
    with pytest.raises(AlreadyMoved):
        services.berserk(tournament.pk, other)
    with pytest.raises(errors.NotPlaying):
        services.berserk(tournament.pk, alice)


def test_an_arena_ends_when_its_time_is_up_and_its_games_are_over(alice, bob, carol, hooks):
    tournament = arena(alice, [bob, carol], hooks)
    with hooks():
        win(playing(tournament)[0], bob)
    (again,) = playing(tournament)  # alone, they meet again rather than wait
    # Time passes: the arena's end is behind us, a game still runs.
    Tournament.objects.filter(pk=tournament.pk).update(
        ends_at=timezone.now() - timedelta(seconds=1))
    with hooks():
        services.sweep()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    with hooks():
        win(again, bob)  # counts, and nobody is paired any more
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert not playing(tournament)
    top = tournament.standings[0]
    assert (top["username"], top["arena"]["score"]) == ("bob", 4)  # two wins: 2 + 2


def test_an_arenas_end_once_seen_binds_a_caller_whose_clock_reads_earlier(alice, make_user,
                                                                         hooks):
    """The sweep finds the time up (its `now`), games still run; each game's end is recorded by
    a task reading its own clock, still before ends_at: nobody is paired, nobody joins."""
    tournament = arena(alice, users(make_user, 6), hooks)
    running = playing(tournament)
    assert len(running) == 3
    with hooks():
        services.sweep(tournament.ends_at)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    with hooks():
        win(running[0], first_by_name(running[0]))
        win(running[1], first_by_name(running[1]))  # four free players, two games' worth
    assert [p.pk for p in playing(tournament)] == [running[2].pk]
    with pytest.raises(errors.Closed):
        services.join(tournament.pk, make_user("late"))
    with hooks():
        win(running[2], first_by_name(running[2]))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.time_up_at == tournament.ends_at  # the sweep's moment
    assert Pairing.objects.filter(tournament=tournament).count() == 3


def test_a_paused_arena_still_ends_on_time_once_its_games_are_over(alice, make_user, hooks):
    """A pause stops new pairings, not the clock: past its end, a paused arena finishes as soon
    as its last game is over (before, it stayed running until the organiser resumed it)."""
    tournament = arena(alice, users(make_user, 4), hooks)
    running = playing(tournament)
    services.pause(tournament.pk, alice)
    with hooks():
        services.sweep(tournament.ends_at)
        win(running[0], first_by_name(running[0]))
    tournament.refresh_from_db()
    assert (tournament.status, tournament.paused) == (Tournament.Status.RUNNING, True)
    with hooks():
        win(running[1], first_by_name(running[1]))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert Pairing.objects.filter(tournament=tournament).count() == 2  # nobody paired again


def test_a_duplicate_round_deals_one_seed_to_every_table_and_keeps_it_secret(alice, make_user,
                                                                           hooks):
    with hooks():
        tournament = started(alice, users(make_user, 4), duplicate_deals=True, rounds=1)
    first, second = playing(tournament)
    round_ = Round.objects.get(tournament=tournament, number=1)
    games = [game_of(first), game_of(second)]
    assert round_.seed is not None
    assert {g.seed for g in games} == {round_.seed}
    assert games[0].commitment != games[1].commitment
    with hooks():
        win(first, first_by_name(first))
    assert not game_selectors.seed_revealed(fresh(games[0]))
    with hooks():
        win(second, first_by_name(second))
    assert game_selectors.seed_revealed(fresh(games[0]))


def test_a_correspondence_round_past_its_deadline_is_decided_against_the_player_to_move(
        alice, make_user, hooks):
    with hooks():
        tournament = started(alice, users(make_user, 2), clock=dict(CORRESPONDENCE),
                             round_hours=24, rounds=2)
    (pairing,) = playing(tournament)
    late = first_mover(pairing)
    assert pairing.deadline_at == Round.objects.get(tournament=tournament, number=1).deadline_at
    with hooks():
        assert services.close_overdue_pairings(pairing.deadline_at - timedelta(seconds=1)) == 0
        assert services.close_overdue_pairings(pairing.deadline_at) == 1
    pairing.refresh_from_db()
    assert pairing.decided_by == Pairing.DecidedBy.DEADLINE
    assert pairing.players.get(entry=entry_of(tournament, late)).points == 0
    assert fresh(game_of(pairing)).status == Game.Status.FINISHED  # the late player left it
    tournament.refresh_from_db()
    assert tournament.current_round == 2
